import { expect, test, type Request } from '@playwright/test';
import { cityUrl } from './support';

/**
 * A page preloads only photos it shows. Next's router prefetches the pages of the links in view and, before, applied
 * their photos' preload hints to the page being viewed: a list ended up with 11–13 `<link rel="preload">` of other
 * pages' photos that Chromium reported unused a few seconds later (components/layout/server-photo.tsx).
 */
for (const path of ['/ershoufang/', '/xiaoqu/', '/sp/buy/']) {
  test(`${path}: after the links in view are prefetched, every preloaded photo is one the page shows`, async ({ page }) => {
    let prefetched = 0;
    let answered = 0;
    const isPrefetch = (r: Request) => Boolean(r.headers()['next-router-prefetch']);
    const onAnswer = (r: Request) => {
      if (isPrefetch(r)) answered++;
    };
    page.on('request', (r) => {
      if (isPrefetch(r)) prefetched++;
    });
    page.on('requestfinished', onAnswer);
    page.on('requestfailed', onAnswer);
    await page.goto(cityUrl('bj', path));
    await expect(page.locator('.listings > li').first()).toBeVisible();
    // The router prefetches the links in view once the page is idle (later on a busy machine); then they come back
    // and do whatever they do to the page.
    await expect.poll(() => prefetched > 0 && answered === prefetched, { timeout: 90_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const preloaded = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => new URL(l.getAttribute('href') ?? '', location.href).pathname));
    const shown = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src, location.href).pathname));
    expect(preloaded.filter((href) => !shown.includes(href))).toEqual([]);
  });
}
