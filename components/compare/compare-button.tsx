'use client';
import { useState } from 'react';
import { COMPARE_MAX, type CompareChannel } from '@/lib/client/compare-list';
import { useCompare } from './use-compare';
import './compare.css';

/** 加入对比 on a card or a detail page: adds the listing to the visitor's picks, or takes it out. */
export function CompareButton({ channel, id }: { channel: CompareChannel; id: number }) {
  const ids = useCompare(channel);
  const [full, setFull] = useState(false);
  const chosen = ids.includes(id);
  return (
    <button
      type="button"
      className="compare-button"
      aria-pressed={chosen}
      // The change's code loads with the first click (first-load JS, docs/performance.md).
      onClick={() => void import('@/lib/client/compare-change').then((m) => setFull(!m.toggleCompare(channel, id)))}
      title={full ? `最多对比${COMPARE_MAX}套` : undefined}
    >
      {chosen ? '已加入对比' : full ? `对比已满${COMPARE_MAX}套` : '加入对比'}
    </button>
  );
}
