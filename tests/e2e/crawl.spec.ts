import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkable } from '@/lib/built-sections';
import { E2E } from '../../playwright.config';
import { capPerPattern, routePattern } from './crawl-sample';
import { cityUrl, deskUrl } from './support';

/**
 * The link crawl: from the home of 北京 and of 成都 (a city without offices), links of the portal two levels deep —
 * every link of the homes, and a sample of the links of the pages those lead to — answer without a 5xx or a 404, and
 * none leads into a section not built yet (lib/built-sections.ts leaves those links out). Links leaving the portal
 * (the footer's friendly links) are not followed; they must be absolute https URLs.
 *
 * The crawl is bounded by work, not by time, and samples by route pattern (a path with its numbers blanked:
 * `/ershoufang/xiangqing/#`, `/zufang/dc#a#/`): a link is broken by the code that makes its kind of link, so one link
 * of each pattern finds a broken kind. In `npm test` level 1 is up to LEVEL_1_PER_PATTERN links of each pattern the
 * homes have and level 2 one link of each pattern those pages lead to. The full crawl (`npm run test:walk`,
 * E2E_FULL_WALK=1) checks every link of both levels (some 5,500, where the odd record's own data could break one link
 * of a kind). Either way every kind of page the homes lead to is checked, and a busy machine makes the crawl slower,
 * never incomplete.
 *
 * The homes are opened in Chromium (what a visitor sees, after hydration); everything else is plain HTTP with the
 * link's own Host (Node cannot resolve *.localhost: the request goes to loopback with the Host header), a few at a
 * time, redirects followed by hand so that each Location is checked too.
 */

/** Requests at once: the web server shares two cores with the backend. */
const CONCURRENCY = 6;
/** The whole crawl, every link of both levels (`npm run test:walk`): about 170 s of level 2 on an idle two-core machine. */
const FULL = process.env.E2E_FULL_WALK === '1';
/**
 * Level-1 links of each route pattern checked (and read for their links) in `npm test`: a few, so that level 2 is found
 * from more than one page of a kind (a list's links differ with its filters, a detail's with its record).
 */
const LEVEL_1_PER_PATTERN = FULL ? Infinity : 3;
/** Level-2 links of each route pattern checked in `npm test`: one finds a broken kind of link. */
const LEVEL_2_PER_PATTERN = FULL ? Infinity : 1;
/** Levels below a home: its links (1), and the links of the pages those lead to (2). */
const DEPTH = 2;
const START_CITIES = ['bj', 'cd'];

/** A host of the portal: a city, www, or the bare root, on the test port. */
const OURS = new RegExp(`^([a-z][a-z0-9-]{0,30}\\.)?${E2E.root.replace(/[.]/g, '\\.')}$`);
/** The agent desk's host (contracts/hosts.ts): the agents' own app, which no portal page links to. */
const DESK_HOST = new URL(deskUrl()).host;

interface Visit {
  url: string;
  level: number;
  /** The page the link was found on. */
  from: string;
}

/** `href` as the browser reads it: resolved against the page, without its fragment; null when not http(s). */
function normalise(href: string, base: string): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
/** The hrefs of a page's anchors, from its server HTML. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!),
  );
}

async function linksOfHome(page: Page, city: string): Promise<string[]> {
  const res = await page.goto(cityUrl(city, '/'));
  expect(res?.status(), `${city} home`).toBe(200);
  return page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

interface Result {
  status: number;
  html: string | null;
  location: string | null;
}

async function fetchWithHost(request: APIRequestContext, url: URL): Promise<Result> {
  const res = await request.get(`http://127.0.0.1:${E2E.webPort}${url.pathname}${url.search}`, {
    // Uncompressed: gzip would only cost the web server time the crawl spends waiting.
    headers: { host: url.host, 'accept-encoding': 'identity' },
    maxRedirects: 0,
    // Generous for a busy machine: a hang still ends the crawl, a slow page does not fail it.
    timeout: 60_000,
  });
  const type = res.headers()['content-type'] ?? '';
  return {
    status: res.status(),
    html: type.includes('text/html') ? await res.text() : null,
    location: res.headers()['location'] ?? null,
  };
}

test('links of the homes of 北京 and 成都 and of the pages they lead to, of every route pattern, answer with no 5xx and no 404 outside the sections not built yet', async ({
  page,
  playwright,
}) => {
  // Bounded by work (the links found), so the time is only a guard against a hang: each request has its own timeout,
  // and the crawl always ends. In `npm test` about 100 s at load 13 on two cores (2026-11-29).
  test.setTimeout(0);
  const started = Date.now();
  // A request context of its own, outside the test's trace (the fixture's would record thousands of requests).
  const request = await playwright.request.newContext();
  const seen = new Set<string>();
  const queue: Visit[] = [];
  /** The homes' links; a sample of them is queued once both homes are read. */
  const level1: Visit[] = [];
  /** Level-2 links found while level 1 is worked on; a sample of them is queued once level 1 is done. */
  const level2: Visit[] = [];
  const failures: string[] = [];
  const external = new Set<string>();
  let checked = 0;
  /** The links that were requested (the sample's left-overs are seen but not checked). */
  const checkedUrls: URL[] = [];
  let read = 0;

  /** A link found on `from`: an external one is only checked for its form; one of ours is queued once. */
  const found = (href: string, from: string, level: number) => {
    const url = normalise(href, from);
    if (!url) return;
    if (!OURS.test(url.host)) {
      external.add(url.href);
      if (url.protocol !== 'https:') failures.push(`external link ${url.href} on ${from} is not an absolute https URL`);
      return;
    }
    // Agents cannot log in on the portal (spec §1): a link into their desk would be one.
    if (url.host === DESK_HOST || /^\/desk(\/|$)/.test(url.pathname))
      failures.push(`link into the agent desk ${url.href} on ${from}`);
    if (seen.has(url.href)) return;
    seen.add(url.href);
    (level === DEPTH ? level2 : level1).push({ url: url.href, level, from });
  };

  for (const city of START_CITIES) {
    const home = cityUrl(city, '/');
    seen.add(home);
    const hrefs = await linksOfHome(page, city);
    expect(hrefs.length, `${city} home links`).toBeGreaterThan(50);
    // The footer's friendly links are on the home only (spec §2), as absolute URLs of other sites.
    for (const href of hrefs) {
      if (/^https?:/.test(href) && !OURS.test(new URL(href).host))
        expect(href, `friendly link on ${home}`).toMatch(/^https:\/\/[^/]+\.[a-z]{2,}(\/|$)/);
      found(href, home, 1);
    }
  }

  const visit = async ({ url, level, from }: Visit) => {
    const target = new URL(url);
    let res: Result;
    try {
      res = await fetchWithHost(request, target);
    } catch (err) {
      failures.push(`${url} (linked from ${from}): ${String(err).slice(0, 200)}`);
      return;
    }
    checked++;
    checkedUrls.push(target);
    if (!linkable(target.pathname)) failures.push(`${url} leads into a section not built yet (linked from ${from})`);
    else if (res.status >= 500) failures.push(`${res.status} ${url} (linked from ${from})`);
    // A redirect's target is checked at the level of the link that led to it, outside the sample.
    else if (res.status >= 300 && res.status < 400 && res.location) followRedirect(res.location, url, level);
    else if (res.status !== 200) failures.push(`${res.status} ${url} (linked from ${from})`);
    else if (level < DEPTH && res.html !== null) {
      read++;
      for (const href of hrefsOf(res.html)) found(href, url, level + 1);
    }
  };
  const followRedirect = (location: string, from: string, level: number) => {
    const url = normalise(location, from);
    if (!url || !OURS.test(url.host)) {
      failures.push(`redirect from ${from} leaves the portal: ${location}`);
      return;
    }
    if (seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, level, from });
  };

  /** Works the queue a few requests at a time until it is empty (it grows while it is worked on; visit never throws). */
  const drain = () => {
    let inFlight = 0;
    return new Promise<void>((done) => {
      const pump = () => {
        while (inFlight < CONCURRENCY && queue.length > 0) {
          inFlight++;
          void visit(queue.shift()!).finally(() => {
            inFlight--;
            pump();
          });
        }
        if (inFlight === 0 && queue.length === 0) done();
      };
      pump();
    });
  };

  const patternOf = (v: Visit) => routePattern(new URL(v.url), E2E.root);
  const sample1 = capPerPattern(level1, patternOf, LEVEL_1_PER_PATTERN);
  queue.push(...sample1);
  await drain();
  const checked1 = checked;
  const sample = capPerPattern(level2, patternOf, LEVEL_2_PER_PATTERN);
  const patterns = new Set(level2.map(patternOf));
  queue.push(...sample);
  await drain();

  await request.dispose();
  console.info(
    `crawl${FULL ? ' (full)' : ''}: ${checked} links checked (${checked1} at level 1 from ${sample1.length} of the homes' ${level1.length} links across ${new Set(level1.map(patternOf)).size} route patterns; ${sample.length} of ${level2.length} level-2 links across ${patterns.size} route patterns; ${read} pages read for links, ${external.size} external not followed) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Every route pattern of both levels was checked at least once, however the sample compares with the links found.
  expect(new Set(sample1.map(patternOf)).size).toBe(new Set(level1.map(patternOf)).size);
  expect(new Set(sample.map(patternOf)).size).toBe(patterns.size);
  expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
  // The crawl reached the channels' lists, details, dictionaries, agents' pages and other cities, not just the homes.
  const paths = checkedUrls;
  const subPages = ['dongtai', 'xinxi', 'huxing', 'xiangce', 'zhoubian'].map(
    (segment) => new RegExp(`^/loupan/xiangqing/\\d+/${segment}$`),
  );
  for (const probe of [
    /^\/ershoufang\/xiangqing\/\d+$/,
    /^\/zufang\/dc\d+\/$/,
    /^\/ershoufang\/dictionary$/,
    /^\/zufang\/options$/,
    /^\/ershoufang\/dc\d+\/p\d\//,
    /^\/agent\/\d+$/,
    ...subPages,
  ]) {
    expect(
      paths.some((u) => probe.test(u.pathname)),
      `a link like ${probe}`,
    ).toBe(true);
  }
  // A project's 点评 page, from the tab bar of a project the home links to.
  expect(
    paths.some((u) => /^\/loupan\/xiangqing\/\d+\/dianping$/.test(u.pathname)),
    'a 点评 page',
  ).toBe(true);
  expect(new Set(paths.map((u) => u.host)).size, 'cities reached').toBeGreaterThan(START_CITIES.length);
  expect(checked).toBeGreaterThan(FULL ? 5_000 : 100);
});
