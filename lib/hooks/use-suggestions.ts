'use client';
import useSWR from 'swr';
import { ApiPath } from '@contracts/paths';
import type { ChannelCode, Suggestion } from '@contracts/search';
import { browserContext, handleSessionError } from '@/lib/client/api';
import { fetchSuggestions } from '@/lib/client/api-endpoints';
import { useCity } from '@/lib/client/city-context';
import { useDebouncedValue } from './use-debounced-value';

/** spec §5/§9: suggestion calls are debounced 500 ms. */
export const SUGGEST_DEBOUNCE_MS = 500;

/**
 * Suggestions for a keyword in a channel of the current city. Blank or whitespace-only input gives a
 * `null` key: no call at all (spec §5). `settled` is the text already settled when the hook mounts (the box's
 * initial keyword): anything else typed before then, while the dropdown's code was loading, still waits for
 * the debounce.
 */
export function useSuggestions(channel: ChannelCode, keyword: string, settled = keyword) {
  const { cityCode } = useCity();
  const debounced = useDebouncedValue(keyword.trim(), SUGGEST_DEBOUNCE_MS, settled.trim());
  const live = keyword.trim();
  // Only ask once typing has settled on the current text.
  const key = live && debounced === live ? [ApiPath.recommends, cityCode, channel, debounced] : null;
  return useSWR<Suggestion[]>(
    key,
    async () => {
      try {
        return await fetchSuggestions(browserContext(), { cityCode, channelCode: channel, keyword: debounced });
      } catch (err) {
        handleSessionError(err);
        throw err;
      }
    },
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: false },
  );
}
