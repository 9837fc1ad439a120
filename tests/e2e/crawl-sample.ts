/** How the link crawl (crawl.spec.ts) samples its second level: evenly across route patterns. */

/**
 * The route pattern of a link: its city-ness and its path with every run of digits blanked, so that
 * `bj…/ershoufang/xiangqing/12` and `cd…/ershoufang/xiangqing/34` are one pattern and the filter forms
 * (`/zufang/dc#/`, `/zufang/dc#a#/`) are several.
 */
export function routePattern(url: URL, root: string): string {
  const city = url.host !== root && url.host.endsWith(`.${root}`) && !url.host.startsWith('www.') ? 'city' : 'root';
  return `${city} ${url.pathname.replace(/\d+/g, '#')}${url.search ? '?' : ''}`;
}

/** Up to `budget` of `links`, taken round-robin across their patterns in the order they were found. */
export function sampleEvenly<T>(links: readonly T[], patternOf: (link: T) => string, budget: number): T[] {
  const byPattern = new Map<string, T[]>();
  for (const link of links) {
    const key = patternOf(link);
    const group = byPattern.get(key);
    if (group) group.push(link);
    else byPattern.set(key, [link]);
  }
  const groups = [...byPattern.values()];
  const picked: T[] = [];
  for (let round = 0; picked.length < budget; round++) {
    let took = false;
    for (const group of groups) {
      const link = group[round];
      if (link === undefined) continue;
      picked.push(link);
      took = true;
      if (picked.length === budget) break;
    }
    if (!took) break;
  }
  return picked;
}
