import { expect, test } from '@playwright/test';
import { expectModalWithFocusKeptIn } from './modal-dialog';
import { cityUrl } from './support';

const SHANGHAI_IP = '116.224.10.20';

test('the city picker switches to another city with that city’s menus', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  const nav = page.locator('.main-nav');
  await expect(nav.getByRole('link', { name: '商铺' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '写字楼' })).toBeVisible();

  await page.getByRole('button', { name: /切换城市/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('热门城市')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /全部城市/ })).toBeVisible();
  // 西安 has neither shops nor offices in the seed.
  await dialog.getByRole('link', { name: '西安', exact: true }).click();

  await expect(page).toHaveURL(cityUrl('xa', '/'));
  await expect(page).toHaveTitle('西安找房 - 优居');
  await expect(nav.getByRole('link', { name: '二手房' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '商铺' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '写字楼' })).toHaveCount(0);
});

test('the city list is not in the page: the picker asks for it, and a failed call says so and keeps 全部城市', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/cities')) asked.push(r.url());
  });
  await page.route('**/v1/cities*', (route) => route.abort());
  await page.goto(cityUrl('bj', '/'));
  // 青岛 is in the city list but not a hot city (the footer's 热门城市): the page's own HTML does not name it.
  expect(await page.content()).not.toContain('青岛');
  expect(asked).toEqual([]);

  await page.getByRole('button', { name: /切换城市/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('网络繁忙，请稍后再试');
  await dialog.getByRole('link', { name: /全部城市/ }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/citys'));
});

test('the city picker closes on a click elsewhere on the page', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await page.getByRole('button', { name: /切换城市/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 600 } });
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the city picker is a modal dialog for the keyboard: focus moves in and stays, Esc and 关闭 close it, focus returns to the toggle', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/'));
  const toggle = page.getByRole('button', { name: /切换城市/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '切换城市' });
  // 上海 is a hot city and under S: the hot one comes first.
  const shanghai = dialog.getByRole('link', { name: '上海', exact: true }).first();
  await expect(shanghai).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectModalWithFocusKeptIn(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  // The keyboard reaches a city: Tab to 上海 and Enter goes there.
  await page.keyboard.press('Enter');
  await expect(shanghai).toBeVisible();
  for (let i = 0; i < 30 && !(await shanghai.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(shanghai).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(cityUrl('sh', '/'));
});

test('a visitor located elsewhere is offered the switch, and confirming goes there', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': SHANGHAI_IP });
  await page.goto(cityUrl('bj', '/'));
  await expect(page.getByText('当前定位城市为上海，是否切换？')).toBeVisible();
  await page.getByRole('button', { name: '切换', exact: true }).click();
  await expect(page.getByText('切换成功！')).toBeVisible();
  await expect(page).toHaveURL(cityUrl('sh', '/'));
});

test('cancelling the city switch says so and stays', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': SHANGHAI_IP });
  await page.goto(cityUrl('bj', '/ershoufang/'));
  await page.getByRole('button', { name: '取消', exact: true }).click();
  await expect(page.getByText('已取消切换')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /共找到 \d+ 套北京二手房/ })).toBeVisible();
  await expect(page.getByText('当前定位城市为上海，是否切换？')).toBeHidden();
});

// A visitor located in 北京 (loopback is 北京, the default city) who picks 上海 was asked at once whether to switch to 北京.
test('a city chosen in the picker is not questioned: no located-city prompt there, also after a reload', async ({
  page,
  context,
}) => {
  const located: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/location')) located.push(new URL(r.url()).host);
  });
  await page.goto(cityUrl('bj', '/'));
  // In 北京 there is nothing to offer, but the visitor has chosen nothing yet: the page asks where they are.
  await expect.poll(() => located).toEqual([new URL(cityUrl('bj')).host]);

  await page.getByRole('button', { name: /切换城市/ }).click();
  // 上海 is a hot city and under S: the first is the hot one.
  await page.getByRole('dialog').getByRole('link', { name: '上海', exact: true }).first().click();
  // The choice is remembered on 上海's own origin and the mark taken off the address.
  await expect(page).toHaveURL(cityUrl('sh', '/'));
  await expect
    .poll(async () => (await context.cookies(cityUrl('sh', '/'))).find((c) => c.name === 'yj_city_choice')?.value)
    .toBe('sh');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('当前定位城市为北京，是否切换？')).toBeHidden();
  // Having chosen, the visitor is not located at all on 上海.
  expect(located).toHaveLength(1);

  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByText('当前定位城市为北京，是否切换？')).toBeHidden();
  expect(located).toHaveLength(1);
});

test('a city chosen on 全部城市 is not questioned either, and a visitor who chose nothing is still asked', async ({ page }) => {
  // The control: on 上海 without a choice, the visitor located in 北京 is offered the switch.
  await page.goto(cityUrl('sh', '/ershoufang/'));
  await expect(page.getByText('当前定位城市为北京，是否切换？')).toBeVisible();

  await page.goto(cityUrl('bj', '/citys'));
  await page.locator('main').getByRole('link', { name: '上海', exact: true }).first().click();
  await expect(page).toHaveURL(cityUrl('sh', '/'));
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('当前定位城市为北京，是否切换？')).toBeHidden();
});
