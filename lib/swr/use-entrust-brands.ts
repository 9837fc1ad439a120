'use client';
import useSWR from 'swr';
import { ApiPath } from '@contracts/paths';
import type { EntrustBrand, EntrustCompany } from '@contracts/entrust';
import { ASK_ONCE, loadBrowserApi } from './browser-api';

export type EntrustBrandsState = { status: 'idle' | 'loading' | 'failed' } | { status: 'done'; brands: EntrustBrand[] };

/**
 * The brands serving a community (`entrustCompany`, public), for the entrust form's checkboxes. No community
 * chosen is a `null` key: nothing is asked and the state is `idle`. `retry` asks again after a failure;
 * `onBrands` hears every answer.
 */
export function useEntrustBrands(
  communityId: number | null,
  onBrands?: (brands: EntrustBrand[]) => void,
): EntrustBrandsState & { retry: () => void } {
  const { data, error, isLoading, mutate } = useSWR<EntrustCompany>(
    communityId === null ? null : [ApiPath.entrustCompany, communityId],
    async () => {
      const api = await loadBrowserApi();
      return api.fetchEntrustBrands(api.browserContext(), communityId!);
    },
    { ...ASK_ONCE, onSuccess: (company) => onBrands?.(company.brands) },
  );
  const retry = () => void mutate();
  if (communityId === null) return { status: 'idle', retry };
  if (data) return { status: 'done', brands: data.brands, retry };
  if (isLoading || !error) return { status: 'loading', retry };
  return { status: 'failed', retry };
}
