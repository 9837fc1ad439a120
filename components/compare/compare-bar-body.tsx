'use client';
import Link from 'next/link';
import { clearCompare, comparePath } from '@/lib/client/compare-change';
import { COMPARE_MAX, type CompareChannel } from '@/lib/client/compare-list';
import './compare.css';

export interface CompareBarBodyProps {
  channel: CompareChannel;
  listPath: string;
  /** The picks so far, at least one (the bar is not rendered without). */
  ids: readonly number[];
}

/** The bar itself (compare-bar.tsx renders it once there is a pick): 开始对比 and 清空. */
export function CompareBarBody({ channel, listPath, ids }: CompareBarBodyProps) {
  return (
    <div className="compare-bar" role="region" aria-label="房源对比">
      <span>
        已选{ids.length}/{COMPARE_MAX}套
      </span>
      {ids.length >= 2 ? (
        <Link href={comparePath(listPath, ids)} prefetch={false}>
          开始对比
        </Link>
      ) : (
        <span className="compare-bar__hint">再选一套即可对比</span>
      )}
      <button type="button" onClick={() => clearCompare(channel)}>
        清空
      </button>
    </div>
  );
}
