import { expect, test } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import type { PriceHistory } from '@contracts/price-history';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND } from './support';

// 调价记录: an operator's repricing shows on the detail page at once, with 挂牌 date, days on market and the chart.
// A rental from the third page: the page-cache test reprices the first 二手房 of the list.
test('a rental repriced by the operator shows the change in its 调价记录', async ({ page, request }) => {
  await page.goto('/zufang/pg3/');
  const href = await page.locator('main a[href^="/zufang/xiangqing/"]').first().getAttribute('href');
  const id = Number(/(\d+)$/.exec(href!)![1]);
  const before = await request.get(`${BACKEND}${ApiPath.priceHistory}?channelCode=rent&id=${id}`);
  const { data } = (await before.json()) as { data: PriceHistory };
  const next = data.price + 100;
  const res = await request.post(`${BACKEND}${ApiPath.opsListing}/rent/${id}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { price: next },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/zufang/xiangqing/${id}`);
  const section = page.getByRole('region', { name: '调价记录' });
  await expect(section.getByText('挂牌时间')).toBeVisible();
  await expect(section.getByText('上架天数')).toBeVisible();
  const newest = section.getByRole('row').nth(1);
  await expect(newest).toContainText(`${data.price}元/月`);
  await expect(newest).toContainText(`${next}元/月`);
  await expect(newest).toContainText(/涨\d+\.\d%/);
  await expect(section.getByRole('img', { name: new RegExp(`到${next}元/月$`) })).toBeVisible();
});
