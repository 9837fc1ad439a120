import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT_FORBIDDEN, reviewTextLength, reviewVisibleLength } from '@contracts/review-text';

describe('a review’s text as the form counts it and the backend checks it (contracts/review-text.ts)', () => {
  it('counts characters as a reader sees them, after trimming', () => {
    expect(reviewTextLength('  户型方正，得房率高  ')).toBe(9);
    expect(reviewTextLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
  });

  it('counts only visible characters toward the minimum', () => {
    expect(reviewVisibleLength('\u200b'.repeat(30))).toBe(0);
    expect(reviewVisibleLength('好\u2060\u0301 \n')).toBe(1);
    expect(reviewVisibleLength('交通方便!')).toBe(5);
  });

  it('refuses controls and bidi overrides, keeps line breaks and tabs', () => {
    for (const ch of ['\u0007', '\u0085', '\u202e', '\u2067', '\u007f'])
      expect(REVIEW_TEXT_FORBIDDEN.test(`a${ch}b`), JSON.stringify(ch)).toBe(true);
    for (const ch of ['\n', '\t', '\r', '，', '😀'])
      expect(REVIEW_TEXT_FORBIDDEN.test(`a${ch}b`), JSON.stringify(ch)).toBe(false);
  });
});
