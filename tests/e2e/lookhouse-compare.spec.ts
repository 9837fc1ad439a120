import { expect, test } from '@playwright/test';

// 帮我找房: the start, the questions (a plain GET form) and the ranked result, whose answers are its address.
test('the questionnaire leads to ranked homes that say which answers they meet', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/zufang/');
  await page.getByRole('link', { name: '帮我找房' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('帮我找房');
  await page.getByRole('link', { name: /^我要租房/ }).click();
  await expect(page).toHaveURL(/\/lookhouse\/opts\?deal=rent$/);
  await page.getByLabel('最高').fill('8000');
  await page.getByRole('checkbox', { name: '二室' }).check();
  await page.getByRole('checkbox', { name: '近地铁（1公里内）' }).check();
  await page.getByLabel('通勤地点（地铁站）').selectOption({ index: 1 });
  await page.getByRole('button', { name: '查看结果' }).click();
  await expect(page).toHaveURL(/\/lookhouse\/result\?deal=rent&.*bt=8000.*l=2.*n=subway/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('为您找到的房源');
  const items = page.locator('li[data-channel="rent"]');
  await expect(items.first()).toBeVisible();
  await expect(items.first()).toContainText('✓ 预算内');
  await expect(items.first()).toContainText(/距.+站约/);
  // The list with the same filters: the rent bound, two rooms, 近地铁.
  const list = page.getByRole('link', { name: '在租房列表中查看' });
  await expect(list).toHaveAttribute('href', /^\/zufang\/.*ep8000.*/);
  // Back to the questions, the answers kept.
  await page.getByRole('link', { name: '修改条件' }).click();
  await expect(page.getByLabel('最高')).toHaveValue('8000');
  await expect(page.getByRole('checkbox', { name: '二室' })).toBeChecked();
});

// 房源对比: three homes picked on the list, compared side by side at an address that can be shared.
test('three 二手房 picked from the list are compared side by side, differences marked', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/ershoufang/');
  const buttons = page.locator('main .listings').getByRole('button', { name: '加入对比', exact: true });
  const pressed = page.locator('main .listings .compare-button[aria-pressed="true"]');
  for (let i = 0; i < 3; i++) {
    // Until the page has hydrated a click does nothing: click again until the pick shows.
    await expect(async () => {
      if ((await pressed.count()) <= i) await buttons.first().click();
      await expect(pressed).toHaveCount(i + 1, { timeout: 1000 });
    }).toPass();
  }
  const bar = page.getByRole('region', { name: '房源对比' });
  await expect(bar).toContainText('已选3/4套');
  await bar.getByRole('link', { name: '开始对比' }).click();
  await expect(page).toHaveURL(/\/ershoufang\/duibi\?ids=\d+,\d+,\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('二手房对比');
  const table = page.getByRole('table');
  await expect(table.locator('thead th[data-listing]')).toHaveCount(3);
  for (const row of ['总价', '单价', '面积', '户型', '楼层', '房龄', '朝向', '装修', '地铁', '小区均价', '上架天数', '调价'])
    await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^月供/ })).toBeVisible();
  // Three different homes differ in price at least.
  await expect(table.locator('tr[data-differs]').first()).toBeVisible();
  // 移除 drops one and keeps the others in the address.
  await table.getByRole('link', { name: '移除' }).first().click();
  await expect(page).toHaveURL(/\/ershoufang\/duibi\?ids=\d+,\d+$/);
  await expect(table.locator('thead th[data-listing]')).toHaveCount(2);
});

// 加入对比 on a detail's side panel (components/detail/home-side-panel.tsx), by keyboard: the pick shows on the button, the
// bar comes with it, a second pick from another detail makes 开始对比, and 清空 takes both away.
test('加入对比 on 二手房 and 租房 details, by keyboard, with the compare bar', async ({ page }) => {
  test.setTimeout(120_000);
  for (const listPath of ['/ershoufang/', '/zufang/']) {
    await page.goto(listPath);
    const details = await page
      .locator(`main .listings a[href^="${listPath}xiangqing/"]`)
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))].slice(0, 2));
    expect(details).toHaveLength(2);
    for (const [i, href] of details.entries()) {
      await page.goto(href!);
      // Its name is the state (加入对比, 已加入对比): found by its place.
      const button = page.locator('.detail-side .compare-button');
      await expect(button).toHaveText('加入对比');
      // Until the page has hydrated a key press does nothing: press again until the pick shows.
      await expect(async () => {
        if ((await button.getAttribute('aria-pressed')) !== 'true') {
          await button.focus();
          await page.keyboard.press('Enter');
        }
        await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
      }).toPass();
      await expect(button).toHaveText('已加入对比');
      const bar = page.getByRole('region', { name: '房源对比' });
      await expect(bar).toContainText(`已选${i + 1}/4套`);
      if (i === 1) {
        await expect(bar.getByRole('link', { name: '开始对比' })).toHaveAttribute(
          'href',
          new RegExp(`${listPath}duibi\\?ids=\\d+,\\d+$`),
        );
        await bar.getByRole('button', { name: '清空' }).press('Enter');
        await expect(bar).toHaveCount(0);
        await expect(button).toHaveAttribute('aria-pressed', 'false');
      }
    }
  }
});
