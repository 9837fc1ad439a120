import { expect, test, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '@contracts/paths';
import { E2E } from '../../playwright.config';
import { rawRequest } from './raw-http';
import { cityUrl, wwwUrl } from './support';

// A 上海 address (ip2region). The browser tests' web trusts one proxy (TRUSTED_PROXY_HOPS=1 in
// playwright.config.ts): the last X-Forwarded-For entry the browser sends plays what a load balancer appends.
const SHANGHAI_IP = '116.224.10.20';

test('www sends a visitor from loopback to the default located city, keeping path and query', async ({ page }) => {
  await page.goto(wwwUrl('/ershoufang/?from=www'));
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/?from=www'));
  await expect(page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ })).toBeVisible();
});

test('www sends a visitor located in Shanghai to sh', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': SHANGHAI_IP });
  await page.goto(wwwUrl('/'));
  await expect(page).toHaveURL(cityUrl('sh', '/'));
  await expect(page).toHaveTitle('上海找房 - 优居');
});

test('an address the visitor wrote further left in X-Forwarded-For is not believed', async ({ page }) => {
  // What the trusted proxy saw is loopback; the Shanghai entry before it is the visitor's own text.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `${SHANGHAI_IP}, 127.0.0.1`, 'x-real-ip': SHANGHAI_IP });
  await page.goto(wwwUrl('/'));
  await expect(page).toHaveURL(cityUrl('bj', '/'));
  await expect(page).toHaveTitle('北京找房 - 优居');
});

/**
 * The render budget on every host (docs/security.md, the third probe): the bare root, www and a foreign Host render the
 * default city's share, article and about pages, and one address once had 57 renders a second there, uncounted. Each
 * request below is a made-up article, a render every time; sent at once, they are counted at once.
 */
test('the bare root, www and a foreign Host count renders per address: past the budget, the 429 page', async () => {
  test.setTimeout(300_000);
  const BUDGET = 30; // PAGE_RENDERS_PER_ADDRESS's default, which the browser tests' web keeps
  const first = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  for (const [i, host] of [E2E.root, `www.${E2E.root}`, 'evil.example'].entries()) {
    // An address of the documentation ranges nobody else uses in this run, one per host.
    const client = `198.18.${Math.floor(Math.random() * 250)}.${i + 1}`;
    const all = await Promise.all(
      Array.from({ length: BUDGET + 6 }, (_, n) =>
        rawRequest(E2E.webPort, 'GET', `/news/loushikuaixun/${first + i * 100 + n}.html`, host, { 'X-Forwarded-For': client }),
      ),
    );
    const refused = all.filter((r) => r.status === 429);
    expect(
      all.filter((r) => r.status === 404),
      host,
    ).toHaveLength(BUDGET);
    expect(refused, host).toHaveLength(6);
    // The raw answer is read as latin1 bytes: its UTF-8 text decoded here.
    expect(Buffer.from(refused[0]!.body, 'latin1').toString('utf8'), host).toContain('请求过于频繁');
    expect(refused[0]!.headers['retry-after'], host).toBeDefined();
  }
});

/**
 * A route that asks the backend for every request is counted as a render: `/auth/me` with a session cookie checks the
 * session at the backend each time, and a probe had 98 of them a second from one address with made-up cookies.
 */
test('session checks through /auth/me count in the render budget: past it, 429', async () => {
  const BUDGET = 30;
  const client = `198.18.251.${1 + Math.floor(Math.random() * 250)}`;
  const host = `bj.${E2E.root}`;
  const all = await Promise.all(
    Array.from({ length: BUDGET + 6 }, (_, n) =>
      rawRequest(E2E.webPort, 'GET', '/auth/me', host, {
        'X-Forwarded-For': client,
        Cookie: `${SESSION_COOKIE}=made-up-${n}-${Math.random().toString(16).slice(2)}`,
      }),
    ),
  );
  expect(all.filter((r) => r.status === 200)).toHaveLength(BUDGET);
  expect(all.filter((r) => r.status === 429)).toHaveLength(6);
  // Without a cookie no backend call is made and nothing is counted: as many again from another address all answer.
  const other = `198.18.252.${1 + Math.floor(Math.random() * 250)}`;
  const anonymous = await Promise.all(
    Array.from({ length: BUDGET + 6 }, () => rawRequest(E2E.webPort, 'GET', '/auth/me', host, { 'X-Forwarded-For': other })),
  );
  expect(anonymous.filter((r) => r.status === 200)).toHaveLength(BUDGET + 6);
});

test('a host on the old domain gets a 303 to the new domain, same path', async ({ page }) => {
  const response = await page.goto(`http://bj.${E2E.oldDomain}/ershoufang/?a=1`);
  const hop = response?.request().redirectedFrom();
  expect((await hop?.response())?.status()).toBe(303);
  expect(hop?.url()).toBe(`http://bj.${E2E.oldDomain}/ershoufang/?a=1`);
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/?a=1'));
});

test('legacy paths land on their current pages', async ({ page }) => {
  await page.goto(cityUrl('bj', '/sellhouse'));
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/'));
  await page.goto(cityUrl('bj', '/ershoufang/detail/'));
  await expect(page).toHaveURL(cityUrl('bj', '/ershoufang/'));
});

/** Hydrated: React has attached itself to the server-rendered node, so its effects (the countdown) run. */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const node = document.querySelector(sel);
    return !!node && Object.keys(node).some((k) => k.startsWith('__react'));
  }, selector);
}

test('an unknown page counts down from 3 and leaves for the redirect target', async ({ page }) => {
  // The page's clock is ours: a slow machine cannot skip a step before the test looks at it.
  await page.clock.install();
  const response = await page.goto(cityUrl('bj', '/no-such-page?redirect=/ershoufang/'));
  expect(response?.status()).toBe(404);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page.getByText('3秒后自动跳转')).toBeVisible();
  await waitForHydration(page, '.error-page__countdown');
  // Hydrated is not yet counting: React starts the countdown's timer a moment later (an effect), so the clock goes
  // on in tenths of a second until each step shows, never a whole second past one a slow machine has not reached.
  const tick = () => page.clock.runFor(100);
  for (const left of [2, 1]) {
    await expect(async () => {
      await tick();
      await expect(page.getByText(`${left}秒后自动跳转`)).toBeVisible({ timeout: 200 });
    }).toPass();
  }
  expect(page.url()).toBe(cityUrl('bj', '/no-such-page?redirect=/ershoufang/'));
  await expect(async () => {
    await tick();
    expect(page.url()).toBe(cityUrl('bj', '/ershoufang/'));
  }).toPass();
  await expect(page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ })).toBeVisible();
});

test('an unknown listing shows the 404 page and then goes home', async ({ page }) => {
  const response = await page.goto(cityUrl('bj', '/ershoufang/xiangqing/987654321'));
  expect(response?.status()).toBe(404);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.waitForURL(cityUrl('bj', '/'), { timeout: 6000 });
});

test('a 404 redirect parameter pointing off-site is ignored', async ({ page }) => {
  await page.goto(cityUrl('bj', '/no-such-page?redirect=//evil.example/'));
  await page.waitForURL(cityUrl('bj', '/'), { timeout: 6000 });
});

test('an unknown city sub-domain shows the all-cities page', async ({ page }) => {
  await page.goto(cityUrl('zz', '/'));
  await expect(page.getByRole('link', { name: '北京', exact: true }).first()).toBeVisible();
  // A link that chooses the city (lib/city-choice.ts): its page will not question the choice.
  await expect(page.getByRole('link', { name: '西安', exact: true }).first()).toHaveAttribute(
    'href',
    cityUrl('xa', '/#xuancheng'),
  );
});
