import { expect, test, type Page } from '@playwright/test';

/** `bj.localhost:3100` → `localhost:3100`: the root every city's sub-domain hangs from. */
const rootOf = (baseURL: string | undefined) => new URL(baseURL!).host.replace(/^bj\./, '');

function footerTab(page: Page, title: string) {
  const footer = page.locator('footer');
  return { tab: footer.getByRole('tab', { name: title }), panel: footer.getByRole('tabpanel') };
}

// The hot-city links were once the bare domain (`sh`), relative to the page: /sh on the home page,
// /ershoufang/xiangqing/sh on a listing, and a 404 either way.
test('a hot city in the footer of a listing leads to that city’s home', async ({ page, baseURL }) => {
  await page.goto('/ershoufang/');
  await page.locator('a[href*="/ershoufang/xiangqing/"]').first().click();
  await expect(page).toHaveURL(/\/ershoufang\/xiangqing\/\d+$/);
  const { tab, panel } = footerTab(page, '热门城市');
  await tab.click();
  await panel.getByRole('link', { name: '上海', exact: true }).click();
  await expect(page).toHaveURL(`http://sh.${rootOf(baseURL)}/`);
  await expect(page).toHaveTitle('上海找房 - 优居');
});

test('every hot-city link in the footer is that city’s own sub-domain', async ({ page, baseURL }) => {
  await page.goto('/');
  const { tab, panel } = footerTab(page, '热门城市');
  await tab.click();
  const hrefs = await panel.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  const root = rootOf(baseURL).replace(/[.]/g, '\\.');
  for (const href of hrefs) expect(href).toMatch(new RegExp(`^http://[a-z][a-z0-9-]*\\.${root}/$`));
  expect(hrefs).toContain(`http://bj.${rootOf(baseURL)}/`);
});

test('a district in the footer’s 热门二手房 leads to that district’s second-hand list', async ({ page, baseURL }) => {
  await page.goto('/ershoufang/');
  const { tab, panel } = footerTab(page, '热门二手房');
  await tab.click();
  const district = panel.getByRole('link', { name: /二手房$/ }).first();
  await expect(district).toHaveAttribute(
    'href',
    new RegExp(`^http://bj\\.${rootOf(baseURL).replace(/[.]/g, '\\.')}/ershoufang/dc\\d+/$`),
  );
  const response = page.waitForResponse((r) => r.request().isNavigationRequest());
  await district.click();
  expect((await response).status()).toBe(200);
  await expect(page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ })).toBeVisible();
});
