/** How the link crawl (crawl.spec.ts) samples its links: by route pattern. */

/**
 * The route pattern of a link: its city-ness and its path with every run of digits blanked, so that
 * `bj…/ershoufang/xiangqing/12` and `cd…/ershoufang/xiangqing/34` are one pattern and the filter forms
 * (`/zufang/dc#/`, `/zufang/dc#a#/`) are several.
 */
export function routePattern(url: URL, root: string): string {
  const city = url.host !== root && url.host.endsWith(`.${root}`) && !url.host.startsWith('www.') ? 'city' : 'root';
  return `${city} ${url.pathname.replace(/\d+/g, '#')}${url.search ? '?' : ''}`;
}

/** Up to `perPattern` of `links` of each pattern, in the order they were found. */
export function capPerPattern<T>(links: readonly T[], patternOf: (link: T) => string, perPattern: number): T[] {
  const taken = new Map<string, number>();
  return links.filter((link) => {
    const key = patternOf(link);
    const n = taken.get(key) ?? 0;
    if (n >= perPattern) return false;
    taken.set(key, n + 1);
    return true;
  });
}
