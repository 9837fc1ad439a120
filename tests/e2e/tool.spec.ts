import { expect, test } from '@playwright/test';
import { serverHtml } from './support';

const figure = (label: string) => `[data-figure="${label}"]`;

// 购房工具 (/tool): the state is the address; the server prints the result; the chart is drawn in the browser.
test('the calculators: reference cases from the address, the form, the chart, taxes, affordability, a detail’s estimate', async ({
  page,
  request,
}) => {
  // One journey through three calculators and a detail page: more pages than the default allows on a busy machine.
  test.setTimeout(300_000);
  // Without JavaScript: the server's HTML already holds the result, to the fen.
  const html = await (await serverHtml(request, 'bj', '/tool?calc=mortgage&loan=100&years=30&rate=3.5&repay=equal')).text();
  expect(html).toContain('4490.45');
  expect(html).toContain('616560.88');

  await page.goto('/tool?calc=mortgage&loan=100&years=30&rate=3.5&repay=equal');
  await expect(page.locator(figure('每月月供'))).toHaveText('4490.45');
  await expect(page.locator('[data-chart="schedule"] svg')).toBeVisible();

  // The form is a GET of the same fields: 等额本金 puts repay=principal in the address.
  await page.getByRole('radio', { name: '等额本金' }).check();
  await page.getByRole('button', { name: '开始计算' }).click();
  await expect(page).toHaveURL(/repay=principal/);
  await expect(page.locator(figure('首月月供'))).toHaveText('5694.44');
  await expect(page.locator(figure('每月递减'))).toHaveText('8.10');
  await expect(page.locator(figure('支付利息'))).toHaveText('526458.33');

  await page.goto('/tool?calc=mortgage&loan=70&rate=3.5&fundLoan=30&fundRate=2.85&years=30&repay=equal');
  await expect(page.locator(figure('每月月供'))).toHaveText('4383.98');

  // A value out of range is named, and the default used.
  await page.goto('/tool?calc=mortgage&loan=-1');
  await expect(page.getByRole('alert').filter({ hasText: '已按默认值计算' })).toContainText('贷款金额（万元）');

  await page.getByRole('link', { name: '税费计算器' }).click();
  // The mortgage form has a 房屋总价 field too: type only once the tax form is the page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('税费计算器');
  await page.getByLabel('房屋总价（万元）').fill('206');
  await page.getByLabel('建筑面积（㎡）').fill('100');
  await page.getByRole('radio', { name: '不满2年' }).check();
  await page.getByRole('group', { name: '是否卖方家庭唯一住房' }).getByRole('radio', { name: '否' }).check();
  await page.getByLabel('卖方原购价（万元）').fill('150');
  await page.getByRole('button', { name: '开始计算' }).click();
  await expect(page.locator('[data-tax="total"]')).toHaveText('182880.00');

  await page.getByRole('link', { name: '购房能力评估' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('购房能力评估');
  await page.getByLabel('家庭月收入（元）').fill('30000');
  await page.getByLabel('可用于首付的存款（万元）').fill('120');
  await page.getByRole('button', { name: '开始计算' }).click();
  const list = page.getByRole('link', { name: /^查看\d+万–\d+万的二手房$/ });
  await list.click();
  await expect(page).toHaveURL(/\/ershoufang\/bp\d+ep\d+\/$/);

  // A 二手房 detail: 首付 and 月供 at the default terms, linking to the calculator with its price.
  await page.goto('/ershoufang/');
  await page.locator('main a[href*="/ershoufang/xiangqing/"]').first().click();
  const total = await page.locator('.price-block__total strong').innerText();
  await page.getByRole('link', { name: '房贷计算器' }).click();
  await expect(page).toHaveURL(new RegExp(`/tool\\?calc=mortgage&price=${total}&down=30$`));
  await expect(page.getByLabel('房屋总价（万元）')).toHaveValue(total);
});
