import { IM_TEXT_MAX, trimLineBreaks } from '@contracts/im-constants';

/** spec §5: 140 characters, counted in code points as the service counts them, after the outer line breaks go. */
export const textLength = (text: string) => [...trimLineBreaks(text)].length;

/**
 * What the composer would send for `text` (spec §5): leading and trailing line breaks stripped; blank text is
 * not sent, nor text over 140 characters (`body` is null then). `length` and `tooLong` are what the counter shows.
 */
export function composerDraft(text: string): { body: string | null; length: number; tooLong: boolean } {
  const body = trimLineBreaks(text);
  const length = [...body].length;
  const tooLong = length > IM_TEXT_MAX;
  return { body: body.trim() === '' || tooLong ? null : body, length, tooLong };
}
