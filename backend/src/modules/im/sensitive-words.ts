import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The list shipped with the backend; IM_SENSITIVE_WORDS_FILE points elsewhere. */
export const DEFAULT_SENSITIVE_WORDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sensitive-words.txt');

/**
 * Compared without case, width (NFKC: full-width letters), white space, invisible format characters (zero-width
 * space and joiners), combining marks, punctuation or symbols put between the characters: `刷 单`, `刷\u200b单`,
 * `刷.单`, `刷★单` and `ＡＢ` match `刷单` and `ab` (probe F5). Traditional forms of a word are words of their own.
 */
export function normalizeForMatch(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cf}\p{M}\p{P}\p{S}\p{Z}]+/gu, '');
}

/** One word a line; blank lines and `#` comments skipped. A missing file fails at start, never silently. */
export function loadSensitiveWords(file = DEFAULT_SENSITIVE_WORDS_FILE): string[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('#'))
    .map((line) => normalizeForMatch(line))
    .filter((line) => line !== '');
}

export function containsSensitiveWord(words: readonly string[], text: string): boolean {
  const normalized = normalizeForMatch(text);
  return words.some((word) => normalized.includes(word));
}
