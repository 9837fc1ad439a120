/**
 * 房源对比's picks, kept in the browser per visitor and channel (localStorage), at most COMPARE_MAX. The pages
 * read nothing of it: the comparison itself is an address (/ershoufang/duibi?ids=…), so it can be shared.
 */
export const COMPARE_MAX = 4;
export type CompareChannel = 'esf' | 'rent';

const key = (channel: CompareChannel) => `youju.compare.${channel}`;
const EVENT = 'youju:compare';

export function readCompare(channel: CompareChannel): number[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(key(channel)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}

function write(channel: CompareChannel, ids: number[]): void {
  try {
    window.localStorage.setItem(key(channel), JSON.stringify(ids));
  } catch {
    // Storage refused (private mode, full): the picks last for this page only.
  }
  window.dispatchEvent(new Event(EVENT));
}

/** Adds or removes `id`; false when the list is full and `id` is not in it. */
export function toggleCompare(channel: CompareChannel, id: number): boolean {
  const ids = readCompare(channel);
  if (ids.includes(id)) {
    write(
      channel,
      ids.filter((x) => x !== id),
    );
    return true;
  }
  if (ids.length >= COMPARE_MAX) return false;
  write(channel, [...ids, id]);
  return true;
}

export const clearCompare = (channel: CompareChannel) => write(channel, []);

/** Calls `listener` when the picks change in this tab or another. */
export function onCompareChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The comparison's address: `/ershoufang/duibi?ids=3,8,11`. */
export const comparePath = (listPath: string, ids: readonly number[]) => `${listPath}duibi?ids=${ids.join(',')}`;
