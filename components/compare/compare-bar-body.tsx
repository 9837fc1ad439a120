'use client';
import Link from 'next/link';
import { clearCompare, COMPARE_MAX, comparePath, type CompareChannel } from '@/lib/client/compare-list';
import { useCompare } from './use-compare';

/** The picks so far, fixed at the bottom of a list or detail page once there is one: 开始对比 and 清空. */
export function CompareBar({ channel, listPath }: { channel: CompareChannel; listPath: string }) {
  const ids = useCompare(channel);
  if (ids.length === 0) return null;
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
