/**
 * Memory that image work frees goes back to the system only if glibc's malloc is told to (image-work.ts). A
 * decode of 25 MP allocates a few hundred MB in large blocks; glibc raises its mmap threshold as such blocks
 * are freed, so the next ones come from its heap arenas and stay with the process: two decodes left the RSS
 * ~300 MB higher for good. A fixed threshold keeps every block over 128 kB in mmap, returned when freed (two
 * decodes: ~30 MB higher after). glibc reads it at process start only, so whoever starts the backend sets it:
 * scripts/processes.ts for `npm start`, the browser tests and the benches, the deployment for production
 * (docs/deploy.md); the backend warns at start when it runs on glibc without it. Other C libraries ignore it.
 */
export const BACKEND_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** The warning the backend logs at start, or null: on glibc without MALLOC_MMAP_THRESHOLD_ in its environment. */
export function mallocWarning(env: Record<string, string | undefined> = process.env, glibc = runsOnGlibc()): string | null {
  if (!glibc || env.MALLOC_MMAP_THRESHOLD_) return null;
  return `MALLOC_MMAP_THRESHOLD_ is not set: memory freed after decoding images stays with the process (set MALLOC_MMAP_THRESHOLD_=${BACKEND_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_} where the backend is started, docs/deploy.md)`;
}

function runsOnGlibc(): boolean {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}
