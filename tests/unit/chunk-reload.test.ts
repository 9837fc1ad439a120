import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadForChunk } from '@/lib/client/chunk-reload';

/** spec §8: a code chunk that fails to load reloads the page, once a minute at most. */

function memory() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('chunk-load failure', () => {
  it('knows a failed chunk from webpack, Turbopack and the browsers, and nothing else', () => {
    const named = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new Error('Failed to load chunk /_next/static/chunks/ab12.js from module 123'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('reloads once, not again within the minute, and again after it', () => {
    const storage = memory();
    let reloads = 0;
    const at = (now: number) => reloadForChunk({ now, storage, reload: () => reloads++ });
    expect(at(1_000_000)).toBe(true);
    expect(at(1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(reloads).toBe(1);
    expect(at(1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reloads).toBe(2);
  });
});
