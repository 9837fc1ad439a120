import { pinyin } from 'pinyin-pro';

/**
 * The pinyin forms stored beside every searchable name (spec §3 search suggestion): full pinyin and
 * initials, toneless, no spaces, lower case. `望京西园` → `wangjingxiyuan`, `wjxy`.
 */
export function searchNames(name: string): { pinyin: string; initials: string } {
  const options = { toneType: 'none', type: 'array', nonZh: 'consecutive' } as const;
  const full = pinyin(name, options).join('');
  const initials = pinyin(name, { ...options, pattern: 'first' }).join('');
  return { pinyin: normalize(full), initials: normalize(initials) };
}

/** The form keywords and stored pinyin are compared in. */
export function normalize(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}
