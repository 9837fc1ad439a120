/**
 * The highest seq of a conversation held with every seq below it held too: what to fetch history after. A message
 * that arrived past a gap (its push came, an earlier one's was lost) does not count until the gap is filled.
 * `list` is in seq order (the desk's conversation; lib/chat/thread-store.ts keeps its own count the same way).
 */
export function contiguousSeq(list: readonly { seq: number }[]): number {
  let seq = 0;
  for (const m of list) {
    if (m.seq === seq + 1) seq = m.seq;
    else if (m.seq > seq + 1) break;
  }
  return seq;
}
