import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the backend by `npm run bench:im` only (`node --import tsx --import ./scripts/bench-im-probe.ts
 * backend/src/server.ts`, with an IPC channel): answers the bench's `memory` question with the process's
 * memory after a full collection (when started with --expose-gc), and its event-loop delay since the last
 * `loop-reset`. The backend's own code knows nothing of it.
 */
const RESOLUTION_MS = 10;
const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
loop.enable();

process.on('message', (message: unknown) => {
  if (message === 'loop-reset') {
    loop.reset();
    return;
  }
  if (message !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  process.send?.({
    kind: 'memory',
    rss: m.rss,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    collected: gc !== undefined,
    // The histogram holds the time between the timer's runs: the delay is what passes beyond its resolution.
    loop: {
      p50: loop.percentile(50) / 1e6 - RESOLUTION_MS,
      p99: loop.percentile(99) / 1e6 - RESOLUTION_MS,
      max: loop.max / 1e6 - RESOLUTION_MS,
    },
  });
});
