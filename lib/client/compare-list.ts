/**
 * 房源对比's picks, kept in the browser per visitor and channel (localStorage), at most COMPARE_MAX. The pages
 * read nothing of it: the comparison itself is an address (/ershoufang/duibi?ids=…), so it can be shared.
 * Reading them is here; changing them is ./compare-change.ts, loaded by the first click (first-load JS,
 * docs/performance.md).
 */
export const COMPARE_MAX = 4;
export type CompareChannel = 'esf' | 'rent';

export const compareKey = (channel: CompareChannel) => `youju.compare.${channel}`;
export const COMPARE_EVENT = 'youju:compare';

export function readCompare(channel: CompareChannel): number[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(compareKey(channel)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}

/** Calls `listener` when the picks change in this tab or another. */
export function onCompareChange(listener: () => void): () => void {
  window.addEventListener(COMPARE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(COMPARE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
