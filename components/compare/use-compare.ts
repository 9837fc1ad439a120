'use client';
import { useSyncExternalStore } from 'react';
import { onCompareChange, readCompare, type CompareChannel } from '@/lib/client/compare-list';

const EMPTY: number[] = [];
const snapshots = new Map<CompareChannel, { raw: string; ids: number[] }>();

/** The channel's picks, kept in step with the other buttons and tabs; none on the server. */
export function useCompare(channel: CompareChannel): number[] {
  return useSyncExternalStore(
    onCompareChange,
    () => {
      const ids = readCompare(channel);
      const raw = ids.join(',');
      const last = snapshots.get(channel);
      if (last && last.raw === raw) return last.ids;
      snapshots.set(channel, { raw, ids });
      return ids;
    },
    () => EMPTY,
  );
}
