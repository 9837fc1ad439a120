/**
 * spec §8: when a code chunk fails to load — mostly a deployment that replaced the chunks of the page a visitor
 * still has open — the page reloads, at most once a minute, so a chunk that stays broken cannot loop the tab;
 * past that the error page shows (spec §4: route-loading failures show the error page).
 */

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = 'yj:chunk-reload-at';

/** Webpack's ChunkLoadError, Turbopack's "Failed to load chunk", and the browsers' words for a failed import(). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading chunk|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

export interface ReloadDeps {
  now: number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

/** Reloads unless this tab did in the last minute; true when it reloads. */
export function reloadForChunk(deps: ReloadDeps = browserDeps()): boolean {
  const last = Number(deps.storage.getItem(KEY) ?? 0);
  if (Number.isFinite(last) && deps.now - last < CHUNK_RELOAD_INTERVAL_MS && deps.now >= last) return false;
  deps.storage.setItem(KEY, String(deps.now));
  deps.reload();
  return true;
}

function browserDeps(): ReloadDeps {
  let storage: ReloadDeps['storage'];
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): without a memory of the last reload, never reload.
    storage = { getItem: () => String(Date.now()), setItem: () => {} };
  }
  return { now: Date.now(), storage, reload: () => window.location.reload() };
}
