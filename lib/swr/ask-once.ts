'use client';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The islands of every page's first load (the header's user box, the located-city prompt, the city picker) each ask
 * one thing once per page view, which is all they used SWR for: without it those pages' first load is ≈5.6 kB gzip
 * lighter (docs/performance.md "First-load JavaScript"). The other hooks of lib/swr/ keep SWR; they load with what
 * uses them. An answer is kept for the page's life under its key; a failure is kept until the next island mounts
 * (or `ask` is called again), which asks afresh, as SWR did with `ASK_ONCE`.
 */
export interface Asked<T> {
  data: T | undefined;
  error: unknown;
}

interface Entry {
  promise: Promise<unknown>;
  state: Asked<unknown>;
}

const NOTHING: Asked<never> = { data: undefined, error: undefined };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function settle(key: string, entry: Entry, state: Asked<unknown>): void {
  if (entries.get(key) !== entry) return;
  entry.state = state;
  for (const listener of listeners) listener();
}

/** The answer under `key`: the call under way or made, or a new one when there was none or it failed. */
export function ask<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const known = entries.get(key);
  if (known && known.state.error === undefined) return known.promise as Promise<T>;
  const entry: Entry = { promise: Promise.resolve(), state: NOTHING };
  entry.promise = fetcher().then(
    (data) => (settle(key, entry, { data, error: undefined }), data),
    (error: unknown) => {
      settle(key, entry, { data: undefined, error: error ?? new Error('failed') });
      throw error;
    },
  );
  entries.set(key, entry);
  return entry.promise as Promise<T>;
}

/** `key`'s answer replaced by one the caller has (the backend's answer to a change), as SWR's `mutate` without asking. */
export function answerWith<T>(key: string, data: T): void {
  const entry: Entry = { promise: Promise.resolve(data), state: { data, error: undefined } };
  entries.set(key, entry);
  settle(key, entry, entry.state);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `key` asked when the island mounts (nothing while it is `null`): `data` undefined until the answer, `error` set after
 * a failure. The server render and hydration see nothing asked yet, as SWR's first render did.
 */
export function useAskedOnce<T>(key: string | null, fetcher: () => Promise<T>): Asked<T> {
  useEffect(() => {
    if (key !== null) ask(key, fetcher).catch(() => {});
    // The fetcher is the key's: another fetcher under the same key would be another resource.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => ((key === null ? undefined : entries.get(key)?.state) ?? NOTHING) as Asked<T>,
    () => NOTHING,
  );
}
