import { IM_TEXT_MAX, trimLineBreaks } from '@contracts/im-constants';

/**
 * What the composer would send for `text` (spec §5): leading and trailing line breaks stripped; blank text is
 * not sent, nor text over 140 characters (`body` is null then). `length` and `tooLong` are what the counter shows:
 * the characters that would go (code points, as the service counts them), so blank text counts 0 (it is never sent) and is never too long.
 */
export function composerDraft(text: string): { body: string | null; length: number; tooLong: boolean } {
  const trimmed = trimLineBreaks(text);
  if (trimmed.trim() === '') return { body: null, length: 0, tooLong: false };
  const length = [...trimmed].length;
  const tooLong = length > IM_TEXT_MAX;
  return { body: tooLong ? null : trimmed, length, tooLong };
}
