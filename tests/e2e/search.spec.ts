import { expect, test, type Page } from '@playwright/test';
import { cityUrl } from './support';

const searchBox = (page: Page) => page.getByRole('combobox', { name: /请输入/ });
const dropdown = (page: Page) => page.getByRole('listbox');

test('searching 望京 in Chinese: suggestion, then matching list, then detail', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await searchBox(page).fill('望京');
  const option = dropdown(page).getByRole('option').filter({ hasText: '商圈' }).filter({ hasText: '望京' }).first();
  await expect(option).toBeVisible();
  await option.click();

  // spec §2: a business area leads to dc{district}/ta{area}/key{name}/.
  await expect(page).toHaveURL(/\/ershoufang\/dc\d+\/ta\d+\/key(%E6%9C%9B%E4%BA%AC|望京)\/$/);
  await expect(page.getByRole('heading', { name: /共找到 [1-9]\d* 套北京二手房/ })).toBeVisible();
  const places = page.locator('.listing__community span');
  const count = await places.count();
  expect(count).toBeGreaterThan(0);
  for (const text of await places.allTextContents()) expect(text).toContain('望京');

  const title = (await page.locator('.listing__title').first().textContent()) ?? '';
  await page.locator('.listing__title').first().click();
  await expect(page).toHaveURL(/\/ershoufang\/xiangqing\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('望京').first()).toBeVisible();
  await expect(page.getByText(/元\/㎡/).first()).toBeVisible();
});

test('pinyin initials find the same place: typing wj suggests 望京', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await searchBox(page).pressSequentially('wj', { delay: 50 });
  const option = dropdown(page).getByRole('option').filter({ hasText: '望京' }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/ershoufang\/(dc\d+\/ta\d+\/key|e\d+\/)/);
  await expect(page.getByRole('heading', { name: /共找到 [1-9]\d* 套北京二手房/ })).toBeVisible();
});

test('the dropdown hides when the keyword is cleared or on a click outside', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await searchBox(page).fill('wangjing');
  await expect(dropdown(page)).toBeVisible();
  await searchBox(page).fill('');
  await expect(dropdown(page)).toBeHidden();
  await searchBox(page).fill('望京');
  await expect(dropdown(page)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await expect(dropdown(page)).toBeHidden();
});

test('Enter searches the keyword as typed', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await searchBox(page).fill('望京西园');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/ershoufang\/key(%E6%9C%9B%E4%BA%AC%E8%A5%BF%E5%9B%AD|望京西园)\/$/);
  await expect(page.getByRole('heading', { name: /共找到 [1-9]\d* 套北京二手房/ })).toBeVisible();
  for (const name of await page.locator('.listing__community a').allTextContents()) expect(name).toBe('望京西园');
});

test('the search box is a combobox: a visible focus ring, arrows move through the suggestions, Esc closes, Enter goes to the active one', async ({
  page,
}) => {
  await page.goto(cityUrl('bj', '/'));
  const box = searchBox(page);
  await box.focus();
  // WCAG 2.4.7: the focused box shows a ring (it had `outline: none`).
  expect(await box.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  const options = dropdown(page).getByRole('option');
  // Typing before the box has hydrated is lost; type again until the dropdown answers.
  await expect(async () => {
    await box.fill('');
    await box.fill('望京');
    await expect(options.nth(1)).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await dropdown(page).getAttribute('id'))!);

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowUp');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  await expect(box).toBeFocused();

  await box.press('Escape');
  await expect(dropdown(page)).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('望京');

  await box.press('ArrowDown');
  const first = options.nth(0);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const name = (await first.locator('.sug__name').textContent())!;
  await box.press('Enter');
  // The option's own address (a place, not the keyword search), and the list it leads to has homes.
  await expect(page).toHaveURL(/\/ershoufang\/(dc|e|sl)\d+\//);
  await expect(page.getByRole('heading', { name: /共找到 [1-9]\d* 套北京二手房/ })).toBeVisible();
  expect(name).toContain('望京');
});

test('a list of one result keeps 更多找房方式 below its card', async ({ page }) => {
  await page.goto(cityUrl('bj', '/xiaoqu/'));
  const href = (await page.locator('.estate-card .listing__title').first().getAttribute('href'))!;
  const id = /\/xiaoqu\/xiangqing\/(\d+)/.exec(href)![1];
  await page.goto(cityUrl('bj', `/xiaoqu/e${id}/`));
  await expect(page.locator('h1.result-count')).toHaveText('共找到 1 个北京小区');
  const card = (await page.locator('.listings > li').last().boundingBox())!;
  const more = (await page.getByRole('navigation', { name: '更多找房方式' }).boundingBox())!;
  expect(more.y).toBeGreaterThanOrEqual(card.y + card.height);
});

test('an empty result repeats the keyword and offers similar searches that find homes', async ({ page }) => {
  await page.goto(cityUrl('bj', `/ershoufang/key${encodeURIComponent('望京zzz')}/`));
  await expect(page.locator('h1.result-count')).toHaveText('共找到 0 套北京二手房');
  await expect(page.getByText('没有找到与“望京zzz”相关的二手房，换个条件试试吧')).toBeVisible();
  const similar = page.getByRole('navigation', { name: '您可以试试' }).getByRole('link');
  await expect(similar.first()).toBeVisible();
  // Each offer shows what it finds; the first leads to a list that has it.
  await expect(similar.first()).toContainText(/在售[1-9]\d*套/);
  await expect(similar.filter({ hasText: '望京' }).first()).toBeVisible();
  await similar.first().click();
  await expect(page).toHaveURL(/\/ershoufang\/(dc|e|sl)\d+\//);
  await expect(page.getByRole('heading', { name: /共找到 [1-9]\d* 套北京二手房/ })).toBeVisible();
});
