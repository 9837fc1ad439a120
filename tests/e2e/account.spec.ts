import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { agreeToTerms, cityUrl, logInBySms, maskMobile, uniqueMobile } from './support';

/** The codes the development gateway logged for a mobile, oldest first (support.ts smsCodeFromLog reads the newest). */
function codesOf(mobile: string): string[] {
  return readFileSync(E2E.backendLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('sms code issued') && line.includes(mobile))
    .map((line) => (JSON.parse(line) as { code: string }).code);
}

async function logInByPassword(page: Page, mobile: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder(/密码/).fill(password);
  await agreeToTerms(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test('every account page sends a visitor, and a dead session, to login with the full path', async ({ page, context }) => {
  for (const path of ['/personal/account', '/personal/account/info', '/personal/account/changePass?from=menu']) {
    await page.goto(cityUrl('bj', path));
    await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(path)}`));
  }
  // A cookie the backend does not know: the layout's check sends it through /auth/expired to login.
  await context.addCookies([{ name: 'yj_token', value: 'not-a-live-session', url: cityUrl('bj', '/') }]);
  await page.goto(cityUrl('bj', '/personal/account/info?x=1'));
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent('/personal/account/info?x=1')}`));
});

test('a nickname and sex saved on 个人资料 show at once in the header, the menu and the default avatar', async ({ page }) => {
  const mobile = uniqueMobile();
  await page.goto(cityUrl('bj', '/personal/account/info'));
  await logInBySms(page, mobile);
  await expect(page).toHaveURL(cityUrl('bj', '/personal/account/info'));
  await expect(page.locator('.user-box__name')).toHaveText(maskMobile(mobile));
  await expect(page.locator('.personal__name')).toHaveText(maskMobile(mobile));
  // spec §3: no sex yet shows the male default.
  await expect(page.locator('.personal__hello [data-default-avatar]')).toHaveAttribute('data-default-avatar', 'male');
  await expect(page.getByRole('link', { name: '个人资料' })).toHaveAttribute('aria-current', 'page');

  const nickname = page.getByLabel('昵称');
  await nickname.fill(mobile);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.form-error')).toHaveText('昵称不能包含手机号等连续7位以上数字');
  await nickname.fill('王');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.form-error')).toHaveText('昵称为2-16个字');

  await nickname.fill('望京小王');
  await page.getByRole('radio', { name: '女' }).check();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.form-notice')).toHaveText('保存成功');
  await expect(page.locator('.user-box__name')).toHaveText('望京小王');
  await expect(page.locator('.personal__name')).toHaveText('望京小王');
  await expect(page.locator('.personal__hello [data-default-avatar]')).toHaveAttribute('data-default-avatar', 'female');

  // Kept: the overview after a reload shows it.
  await page.goto(cityUrl('bj', '/personal/account'));
  await expect(page.locator('.account__facts')).toContainText('望京小王');
  await expect(page.locator('.account__facts')).toContainText('女');
  await expect(page.locator('.account__facts')).toContainText(maskMobile(mobile));
  await expect(page.locator('.account__facts')).toContainText('未设置');
  expect(await page.content()).not.toContain(mobile);
});

test('set a password by SMS, change it with the current one: the other browser is logged out, the new password logs in', async ({
  page,
  browser,
}) => {
  // Two codes to one mobile are 60 s apart (sms-codes.ts): the second one is asked for until it is sent.
  test.setTimeout(360_000);
  const mobile = uniqueMobile();
  await page.goto(cityUrl('bj', '/personal/account/changePass'));
  await logInBySms(page, mobile);
  await expect(page).toHaveURL(cityUrl('bj', '/personal/account/changePass'));
  await expect(page.getByRole('heading', { name: '设置密码' })).toBeVisible();
  await expect(page.getByText('密码规则：8-20位，需同时包含字母和数字，可用英文符号')).toBeVisible();
  await expect(page.getByText(`验证码将发送至${maskMobile(mobile)}`)).toBeVisible();

  // The rule is checked before any call.
  await page.getByLabel('验证码').fill('123456');
  await page.getByLabel('新密码', { exact: true }).fill('onlyletters');
  await page.getByLabel('确认新密码').fill('onlyletters');
  await page.getByRole('button', { name: '设置密码' }).click();
  await expect(page.locator('.form-error')).toHaveText('密码需同时包含字母和数字');
  await page.getByLabel('新密码', { exact: true }).fill('Youju2026a');
  await page.getByLabel('确认新密码').fill('Youju2026b');
  await page.getByRole('button', { name: '设置密码' }).click();
  await expect(page.locator('.form-error')).toHaveText('两次输入的新密码不一致');

  await expect(async () => {
    await page.getByRole('button', { name: '获取验证码' }).click({ timeout: 5000 });
    await expect(page.locator('.form-notice')).toHaveText('验证码已发送', { timeout: 3000 });
  }).toPass({ timeout: 120_000, intervals: [5000] });
  await expect.poll(() => codesOf(mobile).length).toBeGreaterThan(1);
  const code = codesOf(mobile).at(-1)!;
  expect(code).not.toBeUndefined();
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('确认新密码').fill('Youju2026a');
  await page.getByRole('button', { name: '设置密码' }).click();
  await expect(page.locator('.form-notice')).toHaveText('密码设置成功，现在可以使用手机号和密码登录');
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();

  // Another browser logs in with that password.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(cityUrl('bj', '/personal/account'));
  await logInByPassword(otherPage, mobile, 'Youju2026a');
  await expect(otherPage).toHaveURL(cityUrl('bj', '/personal/account'));
  await expect(otherPage.locator('.account__facts')).toContainText('已设置');

  // A wrong current password is refused by the backend; the right one changes it and ends the other session.
  await page.getByLabel('当前密码').fill('Wrong2026x');
  await page.getByLabel('新密码', { exact: true }).fill('Beijing2027');
  await page.getByLabel('确认新密码').fill('Beijing2027');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.locator('.form-error')).toHaveText('当前密码错误');
  await page.getByLabel('当前密码').fill('Youju2026a');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.locator('.form-notice')).toHaveText('密码已修改，其他1处登录已退出');

  // This browser stays logged in; the other is sent to login.
  await page.reload();
  await expect(page).toHaveURL(cityUrl('bj', '/personal/account/changePass'));
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login\?prePath=%2Fpersonal%2Faccount/);
  await logInByPassword(otherPage, mobile, 'Youju2026a');
  await expect(otherPage.locator('.form-error')).toHaveText('手机号或密码错误');
  await logInByPassword(otherPage, mobile, 'Beijing2027');
  await expect(otherPage).toHaveURL(cityUrl('bj', '/personal/account'));
  await other.close();
});
