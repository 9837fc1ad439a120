import { expect, test } from '@playwright/test';
import { cityUrl } from './support';

/**
 * spec §8: a code chunk that fails to load reloads the page, once a minute at most; past that, the error page
 * (spec §4). The chunk broken here is the search box's suggestion list, loaded on the box's first focus.
 */
test('a chunk that fails reloads the page once; failing again within the minute shows the error page', async ({ page }) => {
  const loaded = new Set<string>();
  let breaking = false;
  await page.route('**/_next/static/chunks/**', async (route) => {
    const url = route.request().url();
    if (!breaking) loaded.add(url);
    // The chunks of the first load keep working (the reload needs them); any other one fails.
    if (breaking && !loaded.has(url)) return route.abort();
    return route.continue();
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(cityUrl('bj', '/'));
  await expect.poll(() => loads).toBe(1);
  breaking = true;
  const box = page.getByRole('combobox', { name: /请输入/ });
  // Focus again until the page has hydrated and asks for the chunk: then it fails and the page reloads.
  await expect(async () => {
    if (loads < 2) {
      await box.blur({ timeout: 1000 });
      await box.focus({ timeout: 1000 });
    }
    expect(loads).toBe(2);
  }).toPass();
  // Within the minute the same failure shows the error page (which replaces the box) and no reload.
  const error = page.getByRole('heading', { name: '网络繁忙，请稍后再试' });
  await expect(async () => {
    if (!(await error.isVisible())) {
      await box.blur({ timeout: 1000 });
      await box.focus({ timeout: 1000 });
    }
    await expect(error).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(loads).toBe(2);
});
