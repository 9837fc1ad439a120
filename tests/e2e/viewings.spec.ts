import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shanghaiDay } from '@contracts/viewing-dates';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, cityUrl, logInByApi, logInBySms } from './support';

/**
 * 预约看房 and 看房记录 (spec §2 Personal centre): a visitor's click on 预约看房 goes to login and back into the dialog; the
 * dialog's own checks and the backend's refusal; the booking in 看房记录 with its status as the operator moves
 * it; cancelling it.
 */

/** The first home of a 北京 list (`esf` or `rent`). */
async function bjHome(request: APIRequestContext, channel: 'esf' | 'rent'): Promise<{ id: number; title: string }> {
  const res = await request.get(`${BACKEND}/yjyz.web.api/v1/${channel}/list?cityCode=110000`);
  const list = ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data.list;
  expect(list.length).toBeGreaterThan(0);
  return list[0]!;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: '预约看房' });

async function fillAndBook(page: Page, day: number, slot: string, name: string): Promise<void> {
  const d = dialog(page);
  await d.getByRole('radiogroup', { name: '看房日期' }).getByRole('radio').nth(day).click();
  await d.getByRole('radiogroup', { name: '看房时段' }).getByRole('radio', { name: slot }).click();
  await d.getByPlaceholder(/您的称呼/).fill(name);
  await d.getByRole('button', { name: '提交预约' }).click();
}

test('a visitor books a second-hand home through login, sees it in 看房记录 as the operator moves it, and cancels it', async ({
  page,
}) => {
  const home = await bjHome(page.request, 'esf');
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${home.id}`));
  await page.getByRole('button', { name: '预约看房' }).click();
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(`/ershoufang/xiangqing/${home.id}#yuyue`)}`));
  const mobile = await logInBySms(page);

  // Back on the home, the dialog opens by itself; the hash is gone so a reload would not reopen it.
  await expect(dialog(page)).toBeVisible();
  await expect(page).toHaveURL(cityUrl('bj', `/ershoufang/xiangqing/${home.id}`));
  await dialog(page).getByRole('button', { name: '提交预约' }).click();
  await expect(dialog(page).getByText('请选择看房日期')).toBeVisible();
  await expect(dialog(page).getByText('请选择看房时段')).toBeVisible();
  await expect(dialog(page).getByText('请填写联系人')).toBeVisible();
  await dialog(page)
    .getByPlaceholder(/账号绑定的手机号/)
    .fill('1391234');
  await fillAndBook(page, 1, '下午', '王女士');
  await expect(dialog(page).getByText('请输入正确的11位手机号')).toBeVisible();
  await dialog(page)
    .getByPlaceholder(/账号绑定的手机号/)
    .fill('');
  await dialog(page).getByRole('button', { name: '提交预约' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('预约成功');

  await dialog(page).getByRole('link', { name: '查看看房记录' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/record/ershoufang'));
  const row = page.locator('.viewing-record');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.viewing-record__title')).toHaveText(home.title);
  await expect(row).toContainText(`${shanghaiDay(1)} 下午`);
  await expect(row).toContainText(`王女士 ${mobile.slice(0, 3)}***${mobile.slice(-4)}`);
  await expect(row.locator('.viewing-status')).toHaveText('待确认');

  // The operator confirms it (npm run ops -- viewing confirm <id> calls this route).
  const id = Number(await row.getAttribute('data-viewing-id'));
  const res = await page.request.post(`${BACKEND}/internal.api/v1/ops/viewings/${id}`, {
    data: { action: 'confirm' },
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(row.locator('.viewing-status')).toHaveText('已确认');

  page.once('dialog', (d) => {
    expect(d.message()).toBe('确定取消这次看房预约吗？');
    void d.accept();
  });
  await row.getByRole('button', { name: '取消预约' }).click();
  await expect(row.locator('.viewing-status')).toHaveText('已取消');
  await expect(row.getByRole('button', { name: '取消预约' })).toHaveCount(0);
});

test('a user books a rental once: the second booking is refused with the backend’s message; 看房记录 tabs and the empty state', async ({
  page,
}) => {
  // A new user by the API: the way through the login page is the test above.
  await logInByApi(page.context());
  await page.goto(cityUrl('bj', '/personal/record/zufang'));
  await expect(page.getByText('您还没有预约过租房看房')).toBeVisible();
  await expect(page.getByRole('link', { name: '去看看租房' })).toHaveAttribute('href', '/zufang/');

  const home = await bjHome(page.request, 'rent');
  await page.goto(cityUrl('bj', `/zufang/xiangqing/${home.id}`));
  await page.getByRole('button', { name: '预约看房' }).click();
  await fillAndBook(page, 0, '晚上', '李先生');
  await expect(dialog(page).getByRole('status')).toContainText('预约成功');
  await dialog(page).getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog(page)).toHaveCount(0);
  // A modal dialog hands focus back to its opener (WCAG 2.4.3), so the keyboard user is where they were.
  await expect(page.getByRole('button', { name: '预约看房' })).toBeFocused();

  await page.getByRole('button', { name: '预约看房' }).click();
  await fillAndBook(page, 2, '上午', '李先生');
  await expect(dialog(page).getByRole('alert')).toHaveText('您已预约过该房源，请在看房记录中查看');

  await page.goto(cityUrl('bj', '/personal/record/zufang'));
  await expect(page.locator('.viewing-record')).toHaveCount(1);
  await expect(page.locator('.viewing-record')).toContainText(`${shanghaiDay(0)} 晚上`);
  await page.locator('.viewing-records__tabs').getByRole('link', { name: '二手房' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/record/ershoufang'));
  await expect(page.getByText('您还没有预约过二手房看房')).toBeVisible();
});
