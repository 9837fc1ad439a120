'use client';
import { lazy, Suspense } from 'react';
import type { CompareChannel } from '@/lib/client/compare-list';
import { useCompare } from './use-compare';

/**
 * The bar's markup and its actions load with the first pick (on this page or one kept from before): most views of a
 * list or detail have none, and the bar was ≈0.3 kB gzip of their first load (docs/performance.md "First-load
 * JavaScript"). The picks themselves are read here, as 加入对比 reads them.
 */
const CompareBarBody = lazy(() => import('./compare-bar-body').then((m) => ({ default: m.CompareBarBody })));

/** The picks so far, fixed at the bottom of a list or detail page once there is one: 开始对比 and 清空. */
export function CompareBar({ channel, listPath }: { channel: CompareChannel; listPath: string }) {
  const ids = useCompare(channel);
  if (ids.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompareBarBody channel={channel} listPath={listPath} ids={ids} />
    </Suspense>
  );
}
