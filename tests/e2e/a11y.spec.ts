import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CHANNEL_LIST, CHANNELS, type ChannelDef } from '@contracts/channels';
import { agentOfListing, issueDeskToken, typeDeskToken } from './desk-support';
import { cityUrl, deskUrl, logInBySms, serverHtml } from './support';

/**
 * WCAG 2.2 AA in a real browser (docs/web.md "Accessibility"): axe-core over one page of every route pattern, as a
 * visitor and logged in, with the forms showing their errors; none may have a serious or critical violation. Each
 * page also has one heading level one, a skip link to its main content, and names its landmarks apart.
 */

/** Impacts that fail a page; moderate and minor findings are printed with them to be read. */
const FAILING = new Set(['serious', 'critical']);
/** Rules kept at zero whatever axe calls their impact: the issue names them (one h1, landmarks told apart). */
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

/** The page has loaded with its fonts (contrast is measured on the text as drawn). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Soft: a run reports every page's findings, not the first page's alone. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await expect.soft(page.locator('h1'), `${label}: one heading level one`).toHaveCount(1);
  expect.soft(await failingFindings(page), `${label} (${page.url()})`).toEqual([]);
}

/**
 * Sends a form as it stands until its error shows: a click before the form has hydrated would reach no handler (or
 * send the native form and reload the page).
 */
async function showError(page: Page, submit: Locator, error: Locator): Promise<void> {
  await expect(async () => {
    await submit.click();
    await expect(error.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

/** The first address of a `href` matching `pattern` in the page's server HTML. */
async function firstLink(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const html = await (await serverHtml(request, 'bj', path)).text();
  const m = pattern.exec(html);
  if (!m?.[1]) throw new Error(`no link ${pattern} on ${path}`);
  return m[1];
}

async function visit(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(cityUrl('bj', path));
    await settled(page);
    await expectAccessible(page, path);
  }
}

/** A detail page of the channel: the first on its list. */
const detailOf = (request: APIRequestContext, c: ChannelDef) =>
  firstLink(request, c.listPath, new RegExp(`href="(${c.code === 'new' ? '/loupan/' : c.listPath}xiangqing/\\d+)(?:\\.html)?"`));

// One page of every public route pattern of a city (app/[city]/(default), (index), (h5)), as a visitor.

test('a visitor: the calculators (one with a refused value), 资讯 and 下载APP', async ({ page }) => {
  await visit(page, ['/tool', '/tool?calc=tax', '/tool?calc=afford&loan=-1', '/news/', '/news/loushikuaixun/pg2/', '/download']);
});

test('a visitor: the home, all cities, about, brand upgrade, 404, an unknown city, and login with its error', async ({
  page,
}) => {
  await visit(page, ['/', '/citys', '/about/aboutuj', '/brand-upgrade']);
  // The 404 page: its countdown goes to `redirect`, here the same 404, so axe reads a page that stays.
  await page.goto(cityUrl('bj', `/no-such-page?redirect=${encodeURIComponent('/no-such-page')}`));
  await expectAccessible(page, '404');
  await page.goto(cityUrl('zz', '/'));
  await expectAccessible(page, 'unknown city');
  await page.goto(cityUrl('bj', '/login'));
  await settled(page);
  await showError(page, page.getByRole('button', { name: '登录', exact: true }), page.locator('.form-error'));
  await expectAccessible(page, 'login with its error');
});

for (const c of CHANNEL_LIST) {
  test(`a visitor on ${c.code}: the list, its dictionary and options pages, and a detail`, async ({ page, request }) => {
    await visit(page, [c.listPath, `${c.listPath}dictionary`, `${c.listPath}options`, await detailOf(request, c)]);
  });
}

test('a visitor: a filtered list, an empty result, the sub-pages of a project, and the pages of an agent', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const project = await detailOf(request, CHANNELS.new);
  const home = await detailOf(request, CHANNELS.esf);
  const agent = await firstLink(request, home, /href="(\/agent\/\d+)"/);
  await visit(page, [
    '/ershoufang/dc1/l2/',
    '/zufang/key没有这个小区/',
    ...['dianping', 'dongtai', 'dynamic', 'huxing', 'xiangce', 'xinxi', 'zhoubian'].map((segment) => `${project}/${segment}`),
    agent,
    `${agent}/esf`,
    `${agent}/zufang`,
    `/h5${agent}`,
  ]);
});

test('logged in: the personal pages, the forms with their errors, and a detail page', async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.goto(cityUrl('bj', '/login'));
  await logInBySms(page);
  await expect(page.locator('.user-box__name')).toBeVisible();
  const personal = [
    '/personal/account',
    '/personal/account/info',
    '/personal/entrust',
    '/personal/entrust/rental',
    '/personal/entrust/manage',
    '/personal/entrust/company',
    '/personal/house/ershoufang',
    '/personal/record/ershoufang',
    '/personal/subscribe',
  ];
  for (const path of personal) {
    await page.goto(cityUrl('bj', path));
    await settled(page);
    await expect(page.locator('.user-box__name')).toBeVisible();
    await expectAccessible(page, path);
  }

  // Forms with their errors showing.
  await page.goto(cityUrl('bj', '/personal/account/changePass'));
  await settled(page);
  await showError(page, page.locator('form button[type=submit]'), page.locator('.form-error'));
  await expectAccessible(page, 'changePass with its error');

  await page.goto(cityUrl('bj', '/personal/entrust/sell'));
  await settled(page);
  await showError(page, page.getByRole('button', { name: /提交/ }), page.locator('[aria-invalid=true]'));
  await expectAccessible(page, 'entrust/sell with its errors');

  const project = await detailOf(request, CHANNELS.new);
  await page.goto(cityUrl('bj', `${project}/dianping/add`));
  await settled(page);
  await showError(page, page.getByRole('button', { name: '发表点评' }), page.locator('.field-error, .form-error'));
  await expectAccessible(page, 'dianping/add with its error');

  // A detail page as a logged-in visitor, and the home with the user's name in the header.
  const home = await detailOf(request, CHANNELS.esf);
  for (const path of ['/', home]) {
    await page.goto(cityUrl('bj', path));
    await settled(page);
    await expectAccessible(page, `${path} logged in`);
  }
});

test('the agent desk: its login with an error, and the workbench', async ({ page, request }) => {
  await page.goto(deskUrl());
  await typeDeskToken(page, 'not-a-token-the-operator-gave');
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expectAccessible(page, 'desk login with its error');
  const agent = await agentOfListing(request, 27);
  await typeDeskToken(page, await issueDeskToken(request, agent.agentId));
  await expect(page.getByRole('heading', { name: '咨询会话' })).toBeVisible();
  await expectAccessible(page, 'desk workbench');
});

test('a skip link is the first stop of the keyboard and moves focus to the main content', async ({ page }) => {
  for (const path of ['/', '/ershoufang/']) {
    await page.goto(cityUrl('bj', path));
    await settled(page);
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
