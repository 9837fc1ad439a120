import { expect, test, type Page } from '@playwright/test';
import { cityUrl, logInByApi } from './support';

/**
 * 卖房管理 / 租房管理 (spec §2 Personal centre): where the pages are and how the menu leads to them. The owner's path through them —
 * accepted, on the site, repriced, taken down — runs from the entrust form in entrust.spec.ts (owner-path.ts).
 */

/** A new user, logged in by the API (the login page is login.spec.ts'), on the page. */
async function logIn(page: Page, kind: 'ershoufang' | 'zufang'): Promise<void> {
  await logInByApi(page.context());
  await page.goto(cityUrl('bj', `/personal/house/${kind}`));
  await expect(page).toHaveURL(cityUrl('bj', `/personal/house/${kind}`));
}

test('/personal/house is 卖房管理, and the left menu leads to both pages', async ({ page }) => {
  await logIn(page, 'ershoufang');
  await page.goto(cityUrl('bj', '/personal/house'));
  await expect(page).toHaveURL(cityUrl('bj', '/personal/house/ershoufang'));
  const menu = page.locator('.personal__menu');
  await expect(menu.getByRole('link', { name: '卖房管理' })).toHaveAttribute('href', '/personal/house/ershoufang');
  await menu.getByRole('link', { name: '租房管理' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/house/zufang'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('租房管理');
  // The layout stays as the visitor moves (client navigation): the current entry still follows the page.
  await expect(menu.getByRole('link', { name: '租房管理' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: '卖房管理' })).not.toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: '看房记录' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/record/ershoufang'));
  await expect(menu.getByRole('link', { name: '看房记录' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: '租房管理' })).not.toHaveAttribute('aria-current', 'page');
  // 委托管理 has its entry too, lit on its page and on 经纪公司.
  await menu.getByRole('link', { name: '委托管理' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('委托管理');
  await expect(menu.getByRole('link', { name: '委托管理' })).toHaveAttribute('aria-current', 'page');
  await page.goto(cityUrl('bj', '/personal/entrust/company'));
  await expect(menu.getByRole('link', { name: '委托管理' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
});
