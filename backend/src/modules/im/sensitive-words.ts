import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The list shipped with the backend; IM_SENSITIVE_WORDS_FILE points elsewhere. */
export const DEFAULT_SENSITIVE_WORDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sensitive-words.txt');

/** Compared without case, width (NFKC: full-width letters) or white space: `刷 单`, `ＡＢ` match `刷单`, `ab`. */
export function normalizeForMatch(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** One word a line; blank lines and `#` comments skipped. A missing file fails at start, never silently. */
export function loadSensitiveWords(file = DEFAULT_SENSITIVE_WORDS_FILE): string[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => normalizeForMatch(line))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export function containsSensitiveWord(words: readonly string[], text: string): boolean {
  const normalized = normalizeForMatch(text);
  return words.some((word) => normalized.includes(word));
}
