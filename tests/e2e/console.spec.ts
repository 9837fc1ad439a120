import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHANNEL_LIST, CHANNELS } from '@contracts/channels';
import { cityUrl, deskUrl, logInBySms } from './support';

/**
 * A quiet console on one page of every route pattern: no console error, no uncaught exception, no request that
 * fails or answers 4xx/5xx — what a visitor with the developer tools open would see in red. The header once linked
 * to pages not built yet (地图找房, 资讯, 下载APP) and Next's prefetch of them logged four errors on every page.
 *
 * Each page is opened in a page of its own and read until its network is quiet (the islands' calls and the
 * prefetches of the links in view have answered); what happens after the test stops listening is not counted.
 * Several pages a test: the limits guard a hang on a machine busy with other work, they are no budget.
 */
test.describe.configure({ timeout: 300_000 });

/** How long the page's network must stay quiet for its islands and prefetches to count as done (Playwright's networkidle). */
const QUIET_MS = 500;

/** What went wrong while `url` was opened in a new page of `context`; an empty list when nothing did. */
async function troubleOn(context: BrowserContext, url: string, expectedStatus = 200): Promise<string[]> {
  const page = await context.newPage();
  const trouble: string[] = [];
  let listening = true;
  const note = (what: string) => listening && trouble.push(what);
  const isThePage = (u: string) => u === url;
  // Requests not yet answered. Not Playwright's networkidle: the detail pages' view beacon (a keepalive fetch) is
  // answered but never reported finished, so a logged-in detail never went idle.
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const settle = (r: Request) => {
    pending.delete(r);
    lastActivity = Date.now();
  };
  page.on('request', (r) => {
    pending.add(r);
    lastActivity = Date.now();
  });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // The not-found page's own status is the answer it should have, not a failure.
    if (expectedStatus !== 200 && isThePage(m.location().url) && m.text().includes(`status of ${expectedStatus}`)) return;
    note(`console error: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => note(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => {
    settle(r);
    // Next cancels its own prefetches (a link whose address changes after hydration, such as 登录's return path, or
    // that leaves the view); Chromium lists them as "(canceled)", never as an error. A failure that is an answer
    // (a 404 prefetch) is counted below by its status.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    note(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    settle(r.request());
    if (r.status() < 400 || (isThePage(r.url()) && r.status() === expectedStatus)) return;
    note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(expectedStatus);
  await expect
    .poll(() => pending.size === 0 && Date.now() - lastActivity >= QUIET_MS, { message: `${url} goes quiet`, timeout: 120_000 })
    .toBe(true);
  listening = false;
  await page.close();
  return trouble.map((t) => `${url}: ${t}`);
}

async function quiet(context: BrowserContext, urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  const trouble: string[] = [];
  for (const url of urls) trouble.push(...(await troubleOn(context, url)));
  expect(trouble).toEqual([]);
}

/** The address of the first link on `path` that starts with `prefix` (a card's detail, an agent card). */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(cityUrl('bj', path));
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a link to ${prefix}… on ${path}`).toBeTruthy();
  return href!;
}

test('the fixed pages and the not-found page log nothing', async ({ context }) => {
  await quiet(
    context,
    [
      ...['/', '/citys', '/about', '/about/aboutuj', '/login', '/brand-upgrade', '/tool', '/tool?calc=tax', '/tool?calc=afford'],
      ...['/news/', '/news/loushikuaixun/', '/download'],
    ].map((p) => cityUrl('bj', p)),
  );
  expect(await troubleOn(context, cityUrl('bj', '/no-such-page'), 404)).toEqual([]);
  // The agents' desk on its own host, before any token: it asks who is there and shows the token form, quietly.
  await quiet(context, [deskUrl('/')]);
});

for (const channel of CHANNEL_LIST) {
  test(`${channel.listPath}: the list, a filtered list, the dictionary, the options and a detail log nothing`, async ({
    context,
    page,
  }) => {
    const detail = await firstLink(page, channel.listPath, channel.detailPrefix);
    await quiet(
      context,
      [channel.listPath, `${channel.listPath}pg2/`, `${channel.listPath}dictionary`, `${channel.listPath}options`, detail].map(
        (p) => cityUrl('bj', p),
      ),
    );
  });
}

test('a project’s sub-pages and an agent’s pages log nothing', async ({ context, page }) => {
  const project = (await firstLink(page, CHANNELS.new.listPath, CHANNELS.new.detailPrefix)).replace(/\.html$/, '');
  const agent = await firstLink(page, await firstLink(page, CHANNELS.esf.listPath, CHANNELS.esf.detailPrefix), '/agent/');
  const agentId = /\/agent\/(\d+)/.exec(agent)?.[1];
  expect(agentId).toBeTruthy();
  await quiet(
    context,
    [
      `${project}.html`,
      ...['dongtai', 'dynamic', 'xinxi', 'huxing', 'xiangce', 'zhoubian', 'dianping'].map((s) => `${project}/${s}`),
      `/agent/${agentId}`,
      `/agent/${agentId}/esf`,
      `/agent/${agentId}/zufang`,
      `/h5/agent/${agentId}`,
    ].map((p) => cityUrl('bj', p)),
  );
});

test('logged in: the home, a detail with the chat, the personal pages and the review form log nothing', async ({
  context,
  page,
}) => {
  const detail = await firstLink(page, CHANNELS.esf.listPath, CHANNELS.esf.detailPrefix);
  const project = (await firstLink(page, CHANNELS.new.listPath, CHANNELS.new.detailPrefix)).replace(/\.html$/, '');
  await page.goto(cityUrl('bj', '/login'));
  await logInBySms(page);
  await expect(page.locator('.user-box__name')).toBeVisible();
  await quiet(
    context,
    [
      '/',
      detail,
      '/personal/account',
      '/personal/account/info',
      '/personal/account/changePass',
      '/personal/entrust/sell',
      '/personal/entrust/rental',
      '/personal/entrust/manage',
      '/personal/entrust/company',
      '/personal/house/ershoufang',
      '/personal/record/ershoufang',
      '/personal/subscribe',
      `${project}/dianping/add`,
    ].map((p) => cityUrl('bj', p)),
  );
});
