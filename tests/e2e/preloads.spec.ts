import { expect, test } from '@playwright/test';
import { cityUrl } from './support';

/**
 * A page preloads only photos it shows. Next's router prefetches the pages of the links in view and, before, applied
 * their photos' preload hints to the page being viewed: a list ended up with 11–13 `<link rel="preload">` of other
 * pages' photos that Chromium reported unused a few seconds later (components/layout/server-photo.tsx).
 */
for (const path of ['/ershoufang/', '/xiaoqu/', '/sp/buy/']) {
  test(`${path}: after the links in view are prefetched, every preloaded photo is one the page shows`, async ({ page }) => {
    let prefetched = 0;
    page.on('request', (r) => {
      if (r.headers()['next-router-prefetch']) prefetched++;
    });
    await page.goto(cityUrl('bj', path));
    await expect(page.locator('.listings > li').first()).toBeVisible();
    // The prefetches of the links in view have come back (and done whatever they do to the page).
    await page.waitForLoadState('networkidle');
    expect(prefetched).toBeGreaterThan(0);
    const preloaded = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => new URL(l.getAttribute('href') ?? '', location.href).pathname));
    const shown = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src, location.href).pathname));
    expect(preloaded.filter((href) => !shown.includes(href))).toEqual([]);
  });
}
