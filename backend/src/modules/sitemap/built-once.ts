import { LRUCache } from 'lru-cache';

/**
 * What the sitemaps may cost the backend, bounded (docs/security.md "The render budget on every host, made-up codes,
 * sitemap files"). A file reads up to 50,000 rows and gzips them (about a second of CPU for 北京's 二手房) and the index
 * counts every kind of the city; an attacker probe (2026-11-29) asked for 14 files a second from one address and took
 * the backend to 94 % CPU, another visitor's list call from a p99 of 145 ms to 4,900 ms. Now each is built at most
 * once per `keepMs` in a process, whoever asks (the web's relay, or anyone calling the API path through the web's
 * forward): asks while it is built share that build, asks after it get the bytes kept. And builds take turns: at most
 * one runs at a time in the process (all `BuiltOnce` sharing one `BuildTurns`), so a burst of files, a crawler's or a
 * flood's, waits in line instead of taking both cores from the lists. What waits is bounded by what can be built: the
 * index of each city and the files its index names (a part it does not name is a 404 before any build).
 */
export class BuildTurns {
  private last: Promise<unknown> = Promise.resolve();

  /** Runs `build` once every build queued before it has ended. */
  run<T>(build: () => Promise<T>): Promise<T> {
    const mine = this.last.then(build);
    this.last = mine.catch(() => {});
    return mine;
  }
}

interface Kept<T> {
  value: T;
  until: number;
}

export class BuiltOnce<T> {
  private readonly kept: LRUCache<string, Kept<T>>;
  private readonly building = new Map<string, Promise<T>>();

  /**
   * `keepMs`: how long a build is served (what the answers tell every cache, `max-age`); `maxBytes`: what the kept
   * builds may take together, each by `bytesOf` (the least recently asked go first; an evicted one is built again).
   */
  constructor(
    private readonly turns: BuildTurns,
    private readonly keepMs: number,
    maxBytes: number,
    bytesOf: (value: T) => number,
  ) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (k) => Math.max(1, bytesOf(k.value) + 256) });
  }

  /** The kept build of `key` while it is current, else the one under way, else a new one in its turn. */
  get(key: string, build: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && Date.now() < kept.until) return Promise.resolve(kept.value);
    const under = this.building.get(key);
    if (under) return under;
    const started = this.turns.run(build).then(
      (value) => {
        this.kept.set(key, { value, until: Date.now() + this.keepMs });
        this.building.delete(key);
        return value;
      },
      (err: unknown) => {
        // A failed build is not kept: the next ask tries again.
        this.building.delete(key);
        throw err;
      },
    );
    this.building.set(key, started);
    return started;
  }
}
