/**
 * How a review's text is measured (楼盘点评), in one place for the form and the backend: the form counts
 * what the backend will check. No zod here, so the form's bundle does not carry it.
 *
 * - The length is in characters as a reader sees them: code points of the trimmed text (an emoji is one, not the
 *   two UTF-16 units `String.length` counts).
 * - The minimum counts only visible characters (letters, digits, punctuation, symbols), so thirty zero-width spaces
 *   or a lone combining mark are no review.
 * - Control characters other than line breaks and tabs, C1 controls and the bidi overrides and isolates (which let a
 *   text turn itself around on the page) are refused outright.
 */
export const REVIEW_TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Characters of the trimmed text, as the 0/500 counter shows them. */
export function reviewTextLength(text: string): number {
  return Array.from(text.trim()).length;
}

/** Visible characters of the text: what the minimum is measured in. */
export function reviewVisibleLength(text: string): number {
  let n = 0;
  for (const ch of text) if (VISIBLE.test(ch)) n++;
  return n;
}
