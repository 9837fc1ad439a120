import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { cityUrl } from './support';

/**
 * The link crawl (issue 6 "Done when"): from the home of 北京 and of 成都 (a city without offices), every link
 * of the portal two levels deep — the links of the home, and the links of every page those lead to — answers
 * without a 5xx, and without a 404 except links into the sections a later issue builds (NOT_BUILT_YET). Links
 * leaving the portal (the footer's friendly links) are not followed; they must be absolute https URLs.
 *
 * The homes are opened in Chromium (what a visitor sees, after hydration); everything else is plain HTTP with the
 * link's own Host (Node cannot resolve *.localhost: the request goes to loopback with the Host header), a few at a
 * time, redirects followed by hand so that each Location is checked too.
 */

/**
 * Sections later issues build: a link into one may answer 404 (never 5xx). This list only shrinks: a section
 * leaves it in the change that builds it, and nothing else may join it.
 */
const NOT_BUILT_YET: readonly { path: string; section: string }[] = [
  { path: '/news', section: '资讯 (news)' },
  { path: '/map', section: '地图找房 (map search)' },
  { path: '/download', section: '下载APP' },
];

const notBuiltYet = (path: string) => NOT_BUILT_YET.find((s) => path === s.path || path.startsWith(`${s.path}/`) || path.startsWith(`${s.path}?`));

/** Requests at once: the web server shares two cores with the backend. */
const CONCURRENCY = 6;
/** Levels below a home: its links (1), and the links of the pages those lead to (2). */
const DEPTH = 2;
const START_CITIES = ['bj', 'cd'];

/** A host of the portal: a city, www, or the bare root, on the test port. */
const OURS = new RegExp(`^([a-z][a-z0-9-]{0,30}\\.)?${E2E.root.replace(/[.]/g, '\\.')}$`);

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
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!));
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
    timeout: 15_000,
  });
  const type = res.headers()['content-type'] ?? '';
  return { status: res.status(), html: type.includes('text/html') ? await res.text() : null, location: res.headers()['location'] ?? null };
}

test('every link two levels deep from the homes of 北京 and 成都 answers, with no 5xx and no 404 outside the sections not built yet', async ({ page, playwright }) => {
  // About 5,500 links at SEED_SIZE 3000 now that every channel is built: 166-171 s in CI on two cores (the web
  // server renders every page; its CPU is the limit, not the crawler's concurrency). The bound leaves room for a
  // busy machine; what the test asserts does not depend on time.
  test.setTimeout(480_000);
  const started = Date.now();
  // A request context of its own, outside the test's trace (the fixture's would record some 4,000 requests).
  const request = await playwright.request.newContext();
  const seen = new Set<string>();
  const queue: Visit[] = [];
  const failures: string[] = [];
  const external = new Set<string>();
  let checked = 0;
  let read = 0;
  let intoNotBuilt = 0;

  /** A link found on `from`: an external one is only checked for its form; one of ours is queued once. */
  const found = (href: string, from: string, level: number) => {
    const url = normalise(href, from);
    if (!url) return;
    if (!OURS.test(url.host)) {
      external.add(url.href);
      if (url.protocol !== 'https:') failures.push(`external link ${url.href} on ${from} is not an absolute https URL`);
      return;
    }
    if (seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, level, from });
  };

  for (const city of START_CITIES) {
    const home = cityUrl(city, '/');
    seen.add(home);
    const hrefs = await linksOfHome(page, city);
    expect(hrefs.length, `${city} home links`).toBeGreaterThan(50);
    // The footer's friendly links are on the home only (spec §2), as absolute URLs of other sites.
    for (const href of hrefs) {
      if (/^https?:/.test(href) && !OURS.test(new URL(href).host)) expect(href, `friendly link on ${home}`).toMatch(/^https:\/\/[^/]+\.[a-z]{2,}(\/|$)/);
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
    const skip = notBuiltYet(target.pathname);
    if (res.status >= 500) failures.push(`${res.status} ${url} (linked from ${from})`);
    else if (res.status >= 300 && res.status < 400 && res.location) found(res.location, url, level);
    else if (res.status === 404 && skip) intoNotBuilt++;
    else if (res.status !== 200) failures.push(`${res.status} ${url} (linked from ${from})`);
    else if (level < DEPTH && res.html !== null && !skip) {
      read++;
      for (const href of hrefsOf(res.html)) found(href, url, level + 1);
    }
  };

  // A few requests at a time; the queue grows while it is worked on (visit never throws).
  let next = 0;
  let inFlight = 0;
  await new Promise<void>((done) => {
    const pump = () => {
      while (inFlight < CONCURRENCY && next < queue.length) {
        inFlight++;
        void visit(queue[next++]!).finally(() => {
          inFlight--;
          pump();
        });
      }
      if (inFlight === 0 && next >= queue.length) done();
    };
    pump();
  });

  await request.dispose();
  console.info(
    `crawl: ${checked} links checked (${read} pages read for links, ${intoNotBuilt} into sections not built yet, ${external.size} external not followed) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
  // The crawl reached the channels' lists, details, dictionaries, agents' pages and other cities, not just the homes.
  const paths = [...seen].map((u) => new URL(u));
  const subPages = ['dongtai', 'xinxi', 'huxing', 'xiangce', 'zhoubian'].map((segment) => new RegExp(`^/loupan/xiangqing/\\d+/${segment}$`));
  for (const probe of [/^\/ershoufang\/xiangqing\/\d+$/, /^\/zufang\/dc\d+\/$/, /^\/ershoufang\/dictionary$/, /^\/zufang\/options$/, /^\/ershoufang\/dc\d+\/p\d\//, /^\/agent\/\d+$/, ...subPages]) {
    expect(paths.some((u) => probe.test(u.pathname)), `a link like ${probe}`).toBe(true);
  }
  // Issue 8: a project's 点评 page, from the tab bar of a project the home links to.
  expect(paths.some((u) => /^\/loupan\/xiangqing\/\d+\/dianping$/.test(u.pathname)), 'a 点评 page').toBe(true);
  expect(new Set(paths.map((u) => u.host)).size, 'cities reached').toBeGreaterThan(START_CITIES.length);
  expect(checked).toBeGreaterThan(500);
});
