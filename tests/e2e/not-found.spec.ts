import { expect, test, type APIRequestContext } from '@playwright/test';

const NOT_FOUND = '抱歉，您访问的页面不存在';

/**
 * The HTML the web server sends, before any JavaScript runs. Node-side requests cannot resolve *.localhost
 * (TOOLCHAIN.md), so the request goes to loopback with the city's Host header.
 */
function serverHtml(request: APIRequestContext, baseURL: string | undefined, path: string) {
  const city = new URL(baseURL!);
  return request.get(`http://127.0.0.1:${city.port}${path}`, { headers: { host: city.host }, maxRedirects: 0 });
}

// An unknown listing was once a 404 with an empty body (Next's error shell, `<html id="__next_error__">`);
// the text came only once the browser had run the page's JavaScript. lib/front/not-found-document.ts.
const UNKNOWN = {
  'an unknown listing': '/ershoufang/xiangqing/999999',
  'a listing id that is no number': '/ershoufang/xiangqing/abc',
  'an unknown path': '/no-such-page',
  'a path with malformed escapes': '/about/%zz',
};
for (const [what, path] of Object.entries(UNKNOWN)) {
  test(`the server sends the 404 page for ${what} in its HTML, with status 404`, async ({ page, baseURL }) => {
    const res = await serverHtml(page.request, baseURL, path);
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    // Booleans, so that a failure names the check instead of printing the whole document.
    expect(html.includes(NOT_FOUND), 'the 404 text is in the HTML').toBe(true);
    expect(html.includes('<html lang="zh-CN"'), 'the root layout is in the HTML').toBe(true);
    expect(html.includes('__next_error__'), "Next's empty error shell is not").toBe(false);
  });
}

test('a listing that exists is no 404', async ({ page, baseURL }) => {
  await page.goto('/ershoufang/');
  const href = await page.locator('a[href*="/ershoufang/xiangqing/"]').first().getAttribute('href');
  const res = await serverHtml(page.request, baseURL, new URL(href!, baseURL).pathname);
  expect(res.status()).toBe(200);
  expect(await res.text()).not.toContain(NOT_FOUND);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('an unknown listing still reads as the 404 page', async ({ page }) => {
    const response = await page.goto('/ershoufang/xiangqing/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  });
});

test('the 404 page of an unknown listing counts down and leaves for the redirect target', async ({ page, baseURL }) => {
  // The page's clock is ours: a slow machine cannot skip a step before the test looks at it.
  await page.clock.install();
  const response = await page.goto('/ershoufang/xiangqing/999999?redirect=/ershoufang/');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('3秒后自动跳转')).toBeVisible();
  // Hydrated: React has attached itself to the server-rendered countdown, so its effect runs.
  await page.waitForFunction(() => {
    const node = document.querySelector('.error-page__countdown');
    return !!node && Object.keys(node).some((k) => k.startsWith('__react'));
  });
  for (const left of [2, 1]) {
    await page.clock.runFor(1000);
    await expect(page.getByText(`${left}秒后自动跳转`)).toBeVisible();
  }
  expect(page.url()).toBe(`${baseURL}/ershoufang/xiangqing/999999?redirect=/ershoufang/`);
  await page.clock.runFor(1000);
  await page.waitForURL(`${baseURL}/ershoufang/`);
  await expect(page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ })).toBeVisible();
});
