import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { CHANNEL_LIST, CHANNELS, type ChannelDef } from '@contracts/channels';
import { agentOfListing, issueDeskToken, typeDeskToken } from './desk-support';
import { cityUrl, deskUrl, logInByApi, serverHtml } from './support';

/**
 * One page of every route pattern, opened once and checked twice (docs/web.md "Accessibility" and "Tests"):
 *
 * - **A quiet console**: no console error, no uncaught exception, no request that fails or answers 4xx/5xx while the
 *   page loads and until its network is quiet (the islands' calls and the prefetches of the links in view have
 *   answered) — what a visitor with the developer tools open would see in red. The header once linked to pages not
 *   built yet and Next's prefetch of them logged four errors on every page.
 * - **Accessible** (WCAG 2.2 AA in a real browser): axe-core finds no serious or critical violation, the page has one
 *   heading level one, and its landmarks are named apart; the forms are checked again showing their errors.
 *
 * As a visitor and logged in, and the agent desk. The two checks once walked the same pages in two specs; opening
 * each page once halves the suite's heaviest walk. The limits guard a hang on a busy machine; they are no budget.
 *
 * `npm test` opens one page of each route pattern (each page.tsx under app/, in each layout it is shown in) and each
 * state a visitor meets there (a form's errors, the desk before and after its token): axe and the console check the
 * code of a route, the same for all its pages. The full walk (`npm run test:walk`, E2E_FULL_WALK=1) opens also the
 * further pages of a pattern (a second page, a filtered or empty list, the other calculators, a project's `.html`
 * address), where only the data differs.
 */
const FULL = process.env.E2E_FULL_WALK === '1';
/** Pages of a route pattern that is already opened: in the full walk only. */
const fullWalkOnly = (paths: readonly string[]): readonly string[] => (FULL ? paths : []);
// Parallel: its tests share nothing (each opens its own pages; the logged-in one logs in its own user), so the suite's
// heaviest file is split between the two workers instead of being one worker's alone at the end (docs/testing.md).
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/** How long the page's network must stay quiet for its islands and prefetches to count as done. */
const QUIET_MS = 500;

/** Impacts that fail a page; moderate and minor findings are not failures. */
const FAILING = new Set(['serious', 'critical']);
/** Rules kept at zero whatever axe calls their impact (one h1, landmarks told apart). */
const ALWAYS_FAILING = new Set(['page-has-heading-one', 'landmark-unique', 'landmark-one-main', 'label-content-name-mismatch']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe over the page as it stands, WCAG 2.0-2.2 A and AA plus axe's best practices; answers the failing findings. */
async function failingFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? '') || ALWAYS_FAILING.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/** Soft: a run reports every page's findings, not the first page's alone. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  // Contrast is measured on the text as drawn: the fonts first.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.soft(page.locator('h1'), `${label}: one heading level one`).toHaveCount(1);
  expect.soft(await failingFindings(page), `${label} (${page.url()})`).toEqual([]);
}

interface Opened {
  page: Page;
  /** What went wrong in the console and the network while the page loaded, until it went quiet. */
  trouble: string[];
}

/**
 * Opens `url` in a page of its own and reads it until its network is quiet. Not Playwright's networkidle: the detail
 * pages' view beacon (a keepalive fetch) is answered but never reported finished, so a logged-in detail never went idle.
 */
async function open(context: BrowserContext, url: string, expectedStatus = 200, { stays = false } = {}): Promise<Opened> {
  const page = await context.newPage();
  const trouble: string[] = [];
  let listening = true;
  const note = (what: string) => listening && trouble.push(`${url}: ${what}`);
  const isThePage = (u: string) => u === url;
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
  // A page that leaves by itself (the 404's countdown) is kept where it is: what axe reads must not be replaced by the
  // next document halfway. A navigation cancelled as aborted commits no error page; the page stays as it was.
  if (stays)
    await page.route('**/*', (route) => (route.request().isNavigationRequest() ? route.abort('aborted') : route.continue()));
  await page.waitForLoadState('load');
  await expect
    .poll(() => pending.size === 0 && Date.now() - lastActivity >= QUIET_MS, { message: `${url} goes quiet`, timeout: 120_000 })
    .toBe(true);
  // What the test does next (a form sent with errors on purpose) is not the page's own trouble.
  listening = false;
  return { page, trouble };
}

/** Opens each path of a city host once: a quiet console, then accessible. Answers the console trouble of all. */
async function checkPages(context: BrowserContext, urls: readonly string[], label = (u: string) => u): Promise<void> {
  expect(urls.length).toBeGreaterThan(0);
  const trouble: string[] = [];
  for (const url of urls) {
    const opened = await open(context, url);
    trouble.push(...opened.trouble);
    await expectAccessible(opened.page, label(url));
    await opened.page.close();
  }
  expect(trouble).toEqual([]);
}

const bj = (paths: readonly string[]) => paths.map((p) => cityUrl('bj', p));

/**
 * Sends a form as it stands until its error shows: a click before the form has hydrated would reach no handler (or
 * send the native form and reload the page).
 */
async function showError(submit: Locator, error: Locator): Promise<void> {
  await expect(async () => {
    await submit.click();
    await expect(error.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

/** Opens a form quietly, sends it to show its errors, then checks it is accessible as it stands. */
async function checkFormWithErrors(
  context: BrowserContext,
  url: string,
  form: (page: Page) => { submit: Locator; error: Locator },
  label: string,
): Promise<void> {
  const { page, trouble } = await open(context, url);
  expect(trouble).toEqual([]);
  const { submit, error } = form(page);
  await showError(submit, error);
  await expectAccessible(page, label);
  await page.close();
}

/** The first address of a `href` matching `pattern` in the page's server HTML. */
async function firstLink(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const html = await (await serverHtml(request, 'bj', path)).text();
  const m = pattern.exec(html);
  if (!m?.[1]) throw new Error(`no link ${pattern} on ${path}`);
  return m[1];
}

/** A detail page of the channel: the first on its list. */
const detailOf = (request: APIRequestContext, c: ChannelDef) =>
  firstLink(request, c.listPath, new RegExp(`href="(${c.code === 'new' ? '/loupan/' : c.listPath}xiangqing/\\d+)(?:\\.html)?"`));

// One page of every public route pattern of a city (app/(desktop)/[city]/(default), (index), (h5), (header-only), (none)).

test('a visitor: the home, all cities, about, brand upgrade, the calculators (one with a refused value), 资讯 and 下载APP', async ({
  context,
}) => {
  await checkPages(
    context,
    bj([
      ...['/', '/citys', '/about', '/brand-upgrade'],
      // The calculator with a refused value: the form and its error at once.
      '/tool?calc=afford&loan=-1',
      ...['/news/', '/news/loushikuaixun/', '/download'],
      ...fullWalkOnly(['/about/aboutuj', '/tool', '/tool?calc=tax', '/tool?calc=afford', '/news/loushikuaixun/pg2/']),
    ]),
  );
});

test('a visitor: the not-found page, an unknown city, login with its error, and the agent desk', async ({ context, request }) => {
  // The 404 page, kept where it is when its countdown ends (not-found.spec.ts follows the countdown to its end).
  const notFound = await open(context, cityUrl('bj', '/no-such-page'), 404, { stays: true });
  expect(notFound.trouble).toEqual([]);
  await expectAccessible(notFound.page, '404');
  await notFound.page.close();

  const unknownCity = await context.newPage();
  await unknownCity.goto(cityUrl('zz', '/'));
  await expectAccessible(unknownCity, 'unknown city');
  await unknownCity.close();

  await checkFormWithErrors(
    context,
    cityUrl('bj', '/login'),
    (page) => ({ submit: page.getByRole('button', { name: '登录', exact: true }), error: page.locator('.form-error') }),
    'login with its error',
  );

  // The agents' desk on its own host, before any token: it asks who is there (`/api/desk/me` answers nobody with
  // `data: null`, not a 401) and shows the token form, quietly; then its error, and the workbench.
  const desk = await open(context, deskUrl('/'));
  expect(desk.trouble).toEqual([]);
  await typeDeskToken(desk.page, 'not-a-token-the-operator-gave');
  await expect(desk.page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expectAccessible(desk.page, 'desk login with its error');
  const agent = await agentOfListing(request, 27);
  await typeDeskToken(desk.page, await issueDeskToken(request, agent.agentId));
  await expect(desk.page.getByRole('heading', { name: '咨询会话' })).toBeVisible();
  await expectAccessible(desk.page, 'desk workbench');
  await desk.page.close();
});

test('a visitor: the map routes (地图找房) on the full map and as lists beside it', async ({ context }) => {
  await checkPages(
    context,
    bj(['/map/map', '/map?type=0', '/map/mapForNewHouse?type=1', '/map/mapForSecondAndRent?type=2', '/map/newHouse?type=1']),
  );
});

for (const c of CHANNEL_LIST) {
  test(`a visitor on ${c.code}: the list, the dictionary, the options and a detail`, async ({ context, request }) => {
    await checkPages(
      context,
      bj([
        c.listPath,
        `${c.listPath}dictionary`,
        `${c.listPath}options`,
        await detailOf(request, c),
        ...fullWalkOnly([`${c.listPath}pg2/`]),
      ]),
    );
  });
}

test('a visitor: the sub-pages of a project and the pages of an agent', async ({ context, request }) => {
  const project = await detailOf(request, CHANNELS.new);
  const home = await detailOf(request, CHANNELS.esf);
  const agent = await firstLink(request, home, /href="(\/agent\/\d+)"/);
  await checkPages(
    context,
    bj([
      ...fullWalkOnly(['/ershoufang/dc1/l2/', '/zufang/key没有这个小区/', `${project}.html`]),
      ...['dianping', 'dongtai', 'dynamic', 'huxing', 'xiangce', 'xinxi', 'zhoubian'].map((segment) => `${project}/${segment}`),
      agent,
      `${agent}/esf`,
      `${agent}/zufang`,
      `/h5${agent}`,
    ]),
  );
});

test('logged in: a detail with the chat, the personal pages, and the forms with their errors', async ({ context, request }) => {
  const home = await detailOf(request, CHANNELS.esf);
  const project = await detailOf(request, CHANNELS.new);
  // A new user, logged in by the API: the login page is checked as a visitor above (and its form by login.spec.ts).
  await logInByApi(context);
  await checkPages(
    context,
    bj([
      // The logged-in header (the user's name, 退出, the chat's dock) is on the detail too.
      ...fullWalkOnly(['/']),
      home,
      '/personal/account',
      '/personal/account/info',
      '/personal/entrust',
      '/personal/entrust/rental',
      '/personal/entrust/manage',
      '/personal/entrust/company',
      '/personal/house/ershoufang',
      '/personal/record/ershoufang',
      '/personal/subscribe',
    ]),
    (u) => `${u} logged in`,
  );
  await checkFormWithErrors(
    context,
    cityUrl('bj', '/personal/account/changePass'),
    (p) => ({ submit: p.locator('form button[type=submit]'), error: p.locator('.form-error') }),
    'changePass with its error',
  );
  await checkFormWithErrors(
    context,
    cityUrl('bj', '/personal/entrust/sell'),
    (p) => ({ submit: p.getByRole('button', { name: /提交/ }), error: p.locator('[aria-invalid=true]') }),
    'entrust/sell with its errors',
  );
  await checkFormWithErrors(
    context,
    cityUrl('bj', `${project}/dianping/add`),
    (p) => ({ submit: p.getByRole('button', { name: '发表点评' }), error: p.locator('.field-error, .form-error') }),
    'dianping/add with its error',
  );
});

test('a skip link is the first stop of the keyboard and moves focus to the main content', async ({ page }) => {
  for (const path of ['/', '/ershoufang/']) {
    await page.goto(cityUrl('bj', path));
    await page.waitForLoadState('load');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  }
});

test('the logo is named by the words it shows', async ({ page }) => {
  await page.goto(cityUrl('bj', '/zufang/'));
  const logo = page.locator('a.logo');
  await expect(logo).toHaveAccessibleName(/^优居\s?租房$/);
  await page.goto(cityUrl('bj', '/'));
  await expect(page.locator('a.logo')).toHaveAccessibleName('优居');
});
