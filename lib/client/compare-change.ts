import { COMPARE_EVENT, COMPARE_MAX, compareKey, readCompare, type CompareChannel } from './compare-list';

/** Changes to 房源对比's picks (./compare-list.ts reads them): loaded by 加入对比's first click and with the bar's body. */
function write(channel: CompareChannel, ids: number[]): void {
  try {
    window.localStorage.setItem(compareKey(channel), JSON.stringify(ids));
  } catch {
    // Storage refused (private mode, full): the picks last for this page only.
  }
  window.dispatchEvent(new Event(COMPARE_EVENT));
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

/** The comparison's address: `/ershoufang/duibi?ids=3,8,11`. */
export const comparePath = (listPath: string, ids: readonly number[]) => `${listPath}duibi?ids=${ids.join(',')}`;
