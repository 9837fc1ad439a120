import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ApiPath } from '@contracts/paths';
import { publishAndManage } from './owner-path';
import { cityUrl, logInByApi } from './support';

/**
 * 我要卖房 / 我要出租 and 委托管理 (spec §2 Personal centre): from the header's owner menu to the form; the community picked from
 * the suggestions; photos up through the upload component (and the copy's refusals); a field error from the
 * page's own check; the draft (fields and photos) through a reload; submit → 委托管理 审核中 with the photo;
 * edit; then the operator accepts and the owner's path goes on (owner-path.ts): list and detail pages with the
 * photos, 卖房管理, 修改价格, 下架. A rental: its own fields, withdraw → 已撤回, edited and submitted again, and
 * the same path through 租房管理.
 */

const SHOTS = 'test-results/entrust-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

let n = 0;
/** This spec's own mobiles: 1391600xxxx. */
const entrustMobile = () => `1391600${String((Date.now() + n++ * 7) % 10_000).padStart(4, '0')}`;

/** A new owner logged in by the API (the login page is login.spec.ts'), on 我的账户. */
async function logIn(page: Page): Promise<void> {
  await logInByApi(page.context(), { mobile: entrustMobile() });
  await page.goto(cityUrl('bj', '/personal/account'));
  await expect(page).toHaveURL(cityUrl('bj', '/personal/account'));
}

const form = (page: Page) => page.locator('form.entrust-form');

/** Hydrated, the draft read back, the upload ready: what is typed now stays. */
async function formReady(page: Page): Promise<void> {
  await expect(form(page)).toHaveAttribute('data-draft-ready', 'true');
  await expect(page.locator('.photo-upload')).toHaveAttribute('data-ready', 'true');
}

async function pickCommunity(page: Page, typed: string): Promise<string> {
  await page.getByPlaceholder('请输入小区名称').pressSequentially(typed, { delay: 50 });
  const option = page.getByRole('listbox', { name: '所在小区' }).getByRole('option').first();
  await expect(option).toBeVisible();
  const name = (await option.locator('.entrust-community__name').textContent())!;
  expect(name).toContain(typed);
  await option.getByRole('button').click();
  await expect(page.getByTestId('entrust-community')).toHaveText(name);
  // The brands serving it, as checkboxes.
  await expect(page.locator('.entrust-brands input[type=checkbox]').first()).toBeVisible();
  return name;
}

async function fillHome(page: Page, values: { floor: string; total: string; price: string }): Promise<void> {
  const f = form(page);
  await f.getByPlaceholder('如 3号楼').fill('7号楼');
  await f.getByPlaceholder('如 2单元（选填）').fill('1单元');
  await f.getByPlaceholder('如 1201').fill('802');
  await f.getByLabel('建筑面积').fill('88.5');
  await f.getByLabel('室', { exact: true }).fill('2');
  await f.getByLabel('厅', { exact: true }).fill('1');
  await f.getByLabel('卫', { exact: true }).fill('1');
  await f.getByLabel('所在楼层', { exact: true }).fill(values.floor);
  await f.getByLabel('总楼层', { exact: true }).fill(values.total);
  await f.getByLabel('朝向').selectOption('南北');
  await f.getByLabel('装修').selectOption('精装');
  await f.getByLabel(/期望售价|期望租金/).fill(values.price);
  await f.getByLabel('联系人').fill('王先生');
  await f.getByLabel('房源描述').fill('南北通透<b>不是标签</b>');
}

const photoInput = (page: Page) => page.getByTestId('photo-upload-input');
const done = (page: Page) => page.locator('.photo-upload__item[data-status="done"]');
const image = (color: { r: number; g: number; b: number }, kind: 'png' | 'jpeg') => {
  const s = sharp({ create: { width: 400, height: 300, channels: 3, background: color } });
  return (kind === 'png' ? s.png() : s.jpeg()).toBuffer();
};

test('我要卖房: pick, fill, photos, a field error, the draft through a reload, submit, edit, accepted, on the site, repriced, taken down', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await logIn(page);
  // The header's owner menu leads to the form.
  await page.getByText('我是业主').hover();
  await page.getByRole('link', { name: '我要卖房' }).first().click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/sell'));
  await expect(page.getByRole('heading', { name: '我要卖房' })).toBeVisible();
  await formReady(page);
  await shot(page, '01-sell-empty');

  // Submitting empty shows the page's own messages next to the fields.
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(form(page).getByText('请选择小区')).toBeVisible();
  await expect(form(page).getByText('请至少上传1张房源照片')).toBeVisible();
  await expect(form(page).getByText('请选择要委托的经纪公司')).toBeVisible();
  await shot(page, '02-sell-required');

  const community = await pickCommunity(page, '方舟');
  await shot(page, '03-sell-community');
  await fillHome(page, { floor: '20', total: '18', price: '560.5' });

  // Three photos up; a .gif and a file over 5 MB refused with the copy's messages.
  await photoInput(page).setInputFiles([
    { name: 'living.png', mimeType: 'image/png', buffer: await image({ r: 0, g: 174, b: 102 }, 'png') },
    { name: 'bedroom.JPG', mimeType: 'image/jpeg', buffer: await image({ r: 250, g: 87, b: 65 }, 'jpeg') },
    { name: 'kitchen.png', mimeType: 'image/png', buffer: await image({ r: 58, g: 110, b: 216 }, 'png') },
  ]);
  await expect(done(page)).toHaveCount(3);
  await photoInput(page).setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  });
  await expect(page.getByRole('alert').filter({ hasText: '文件格式仅限jpg、jpeg、png格式！' })).toBeVisible();
  await photoInput(page).setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
  });
  await expect(page.getByRole('alert').filter({ hasText: '图片大小不能超过5MB！' })).toBeVisible();
  await expect(page.locator('.photo-upload__item')).toHaveCount(3);
  await page.locator('.entrust-brands input[type=checkbox]').first().check();

  // Floor above the total: the field's message, nothing sent.
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(form(page).locator('[data-field-error]')).toHaveText(['所在楼层不能高于总楼层']);
  await expect(form(page).getByLabel('所在楼层', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, '04-sell-floor-error');

  // A reload keeps the draft: fields, community, photos.
  await page.reload();
  await formReady(page);
  await expect(page.getByRole('status').filter({ hasText: '已恢复上次未提交的内容' })).toBeVisible();
  await expect(page.getByTestId('entrust-community')).toHaveText(community);
  await expect(form(page).getByLabel('所在楼层', { exact: true })).toHaveValue('20');
  await expect(form(page).getByLabel('期望售价')).toHaveValue('560.5');
  await expect(done(page)).toHaveCount(3);
  await expect(page.locator('.entrust-brands input[type=checkbox]').first()).toBeChecked();
  await shot(page, '05-sell-draft');

  // Submitting while a photo is still going up is refused with the copy's message.
  // The photo's callback is held until the refusal has been seen, so the upload is still going up when 提交委托 is
  // clicked.
  let releaseCallback = () => {};
  const callbackHeld = new Promise<void>((r) => (releaseCallback = r));
  await page.route(`**${ApiPath.ossCallback}`, async (route) => {
    await callbackHeld;
    await route.continue();
  });
  await photoInput(page).setInputFiles({
    name: 'balcony.png',
    mimeType: 'image/png',
    buffer: await image({ r: 200, g: 200, b: 40 }, 'png'),
  });
  await expect(page.locator('.photo-upload')).toHaveAttribute('data-busy', 'true');
  // The button says it is disabled (aria-disabled, which Playwright waits out); a click still gets the reason.
  await expect(page.getByRole('button', { name: '提交委托' })).toBeDisabled();
  await page.getByRole('button', { name: '提交委托' }).click({ force: true });
  await expect(form(page).locator('.entrust-form__error')).toHaveText('图片未上传完成，请稍候...');
  releaseCallback();
  await expect(done(page)).toHaveCount(4);
  await page.unroute(`**${ApiPath.ossCallback}`);

  await form(page).getByLabel('所在楼层', { exact: true }).fill('12');
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  // 委托管理 says the entrust was taken, and the menu shows where the owner is.
  await expect(page.getByRole('status').filter({ hasText: '委托已提交，正在审核' })).toBeVisible();
  await expect(page.locator('.personal__menu').getByRole('link', { name: '委托管理' })).toHaveAttribute('aria-current', 'page');
  const item = page.locator('.entrust-item').first();
  await expect(item.locator('.entrust-status')).toHaveText('审核中');
  await expect(item).toContainText(community);
  await expect(item).toContainText('7号楼 1单元 802');
  await expect(item).toContainText('560.5万');
  const thumb = item.locator('.entrust-item__cover img');
  await expect(thumb).toHaveAttribute('src', /^\/oss\/ub\/entrust\/[0-9a-f]{20}\/[0-9a-f]{24}_thumb\.(png|jpg)$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, '06-manage-reviewing');

  // The draft is gone once submitted.
  await page.goto(cityUrl('bj', '/personal/entrust/sell'));
  await formReady(page);
  await expect(page.getByPlaceholder('请输入小区名称')).toBeVisible();
  await expect(done(page)).toHaveCount(0);

  // 修改: the entrust loads through entrustDetail; the change is saved, still 审核中.
  await page.goto(cityUrl('bj', '/personal/entrust/manage'));
  await page.locator('.entrust-item').first().getByRole('link', { name: '修改' }).click();
  await expect(page.getByRole('heading', { name: '修改卖房委托' })).toBeVisible();
  await formReady(page);
  await expect(form(page).getByLabel('期望售价')).toHaveValue('560.5');
  // User text comes back as text: the markup typed is the field's value, never an element.
  await expect(form(page).getByLabel('房源描述')).toHaveValue('南北通透<b>不是标签</b>');
  await expect(page.locator('b', { hasText: '不是标签' })).toHaveCount(0);
  await expect(done(page)).toHaveCount(4);
  await form(page).getByLabel('期望售价').fill('600');
  await shot(page, '07-sell-edit');
  await page.getByRole('button', { name: '保存并重新提交审核' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  await expect(page.getByText('修改已提交，正在重新审核', { exact: false })).toBeVisible();
  await expect(page.locator('.entrust-item').first()).toContainText('600万');
  await expect(page.locator('.entrust-item').first().locator('.entrust-status')).toHaveText('审核中');

  const id = Number(await page.locator('.entrust-item').first().getAttribute('data-entrust-id'));
  await publishAndManage(
    page,
    'ershoufang',
    id,
    { card: '600万', same: '600', next: '588.5', nextCard: '588.5万', nextDetail: '588.5万' },
    (name) => shot(page, name),
  );
});

test('我要出租: rental fields, submit, the 出租 tab, withdraw, submitted again, accepted, on the site, repriced, taken down; 经纪公司', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await logIn(page);
  await page.goto(cityUrl('bj', '/personal/entrust/manage'));
  await expect(page.getByText('您还没有委托过房源')).toBeVisible();
  await shot(page, '09-manage-empty');
  await page.getByRole('link', { name: '我要出租' }).last().click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/rental'));
  await formReady(page);
  const community = await pickCommunity(page, '方舟');
  await fillHome(page, { floor: '5', total: '6', price: '6500.5' });
  await photoInput(page).setInputFiles({
    name: 'room.jpg',
    mimeType: 'image/jpeg',
    buffer: await image({ r: 0, g: 174, b: 102 }, 'jpeg'),
  });
  await expect(done(page)).toHaveCount(1);
  await page.locator('.entrust-brands input[type=checkbox]').first().check();
  await page.getByRole('button', { name: '提交委托' }).click();
  // Rent in whole yuan; 出租方式 and 付款方式 are required.
  await expect(form(page).getByText('请选择出租方式')).toBeVisible();
  await expect(form(page).getByText('请选择付款方式')).toBeVisible();
  await form(page).getByLabel('出租方式').selectOption({ label: '整租' });
  await form(page).getByLabel('付款方式').selectOption('押一付三');
  const facilities = form(page).getByRole('group', { name: '配套设施' });
  await facilities.getByLabel('空调').check();
  await facilities.getByLabel('宽带').check();
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(form(page).locator('[data-field-error]')).toHaveText(['期望租金须为300-300000元/月的整数']);
  await shot(page, '10-rental-errors');

  // 了解经纪公司 opens the brands of the chosen community; the draft waits for the way back.
  await page.getByRole('link', { name: '了解经纪公司' }).click();
  await expect(page).toHaveURL(/\/personal\/entrust\/company\?communityId=\d+$/);
  await expect(page.getByRole('heading', { name: `经纪公司 · ${community}` })).toBeVisible();
  await expect(page.locator('.entrust-company').first()).toContainText(/\d+位经纪人在岗/);
  await shot(page, '11-company');
  await page.getByRole('link', { name: '去填写出租委托' }).click();
  await formReady(page);
  await expect(form(page).getByLabel('期望租金')).toHaveValue('6500.5');
  await form(page).getByLabel('期望租金').fill('6500');
  // The backend's refusal is shown at its field too: the post is changed on its way to name a brand that does
  // not serve the community (the form offers only those that do).
  await page.route(`**${ApiPath.entrustAdd}`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, brandIds: [2_000_000_000] }) });
  });
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(form(page).locator('[data-field-error]')).toHaveText(['所选经纪公司不服务该小区']);
  await expect(page.locator('.entrust-brands')).toBeVisible();
  await page.unroute(`**${ApiPath.entrustAdd}`);
  await page.getByRole('button', { name: '提交委托' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  const item = page.locator('.entrust-item').first();
  await expect(item.locator('.entrust-status')).toHaveText('审核中');
  await expect(item).toContainText('6500元/月');
  await expect(item).toContainText('整租');

  await page.getByRole('link', { name: '出租', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage?type=rental'));
  await expect(page.locator('.entrust-item')).toHaveCount(1);
  await page.getByRole('link', { name: '卖房', exact: true }).click();
  await expect(page.getByText('您还没有卖房委托')).toBeVisible();
  await page.getByRole('link', { name: '出租', exact: true }).click();
  page.once('dialog', (d) => void d.accept());
  await page.locator('.entrust-item').first().getByRole('button', { name: '撤回' }).click();
  const withdrawn = page.locator('.entrust-item').first();
  await expect(withdrawn.locator('.entrust-status')).toHaveText('已撤回');
  await expect(withdrawn.getByRole('button', { name: '撤回' })).toHaveCount(0);
  await shot(page, '08-manage-withdrawn');
  const id = Number(await withdrawn.getAttribute('data-entrust-id'));

  await page.goto(cityUrl('bj', '/personal/entrust/company'));
  await expect(page.getByText('请先在卖房或出租表单中选择小区')).toBeVisible();
  await shot(page, '12-company-none');
  // /personal/entrust itself is 委托管理; an unknown or foreign entrust id is the 404 page.
  await page.goto(cityUrl('bj', '/personal/entrust'));
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  const res = await page.goto(cityUrl('bj', '/personal/entrust/sell?entrustId=2000000000'));
  expect(res!.status()).toBe(404);
  expect((await page.goto(cityUrl('bj', '/personal/entrust/company?communityId=x')))!.status()).toBe(404);

  // A withdrawn entrust is edited and submitted again (审核中), then goes the owner's whole path.
  await page.goto(cityUrl('bj', '/personal/entrust/manage?type=rental'));
  await page.locator(`.entrust-item[data-entrust-id="${id}"]`).getByRole('link', { name: '修改' }).click();
  await expect(page.getByRole('heading', { name: '修改出租委托' })).toBeVisible();
  await formReady(page);
  await expect(form(page).getByLabel('期望租金')).toHaveValue('6500');
  await page.getByRole('button', { name: '保存并重新提交审核' }).click();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/entrust/manage'));
  await expect(page.locator(`.entrust-item[data-entrust-id="${id}"] .entrust-status`)).toHaveText('审核中');
  await publishAndManage(
    page,
    'zufang',
    id,
    { card: '6500元/月', same: '6500', next: '7900', nextCard: '7900元/月', nextDetail: '7,900元/月' },
    (name) => shot(page, name),
  );
});

test('a visitor is sent to login from the entrust pages', async ({ page }) => {
  for (const path of ['/personal/entrust/sell', '/personal/entrust/manage', '/personal/entrust/company?communityId=1']) {
    await page.goto(cityUrl('bj', path));
    await expect(page).toHaveURL(new RegExp(`/login\\?prePath=${encodeURIComponent(path).replace(/[?]/g, '\\?')}`));
  }
});
