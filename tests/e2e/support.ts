import { readFileSync, existsSync } from 'node:fs';
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import { E2E } from '../../playwright.config';

export const cityUrl = (domain: string, path = '/') => `http://${domain}.${E2E.root}${path}`;
export const wwwUrl = (path = '/') => `http://www.${E2E.root}${path}`;
/** The agent desk's own host (contracts/hosts.ts `desk.{root}`); `serverHtml(request, 'desk', path)` reads it raw. */
export const deskUrl = (path = '/') => `http://desk.${E2E.root}${path}`;
export const BACKEND = `http://127.0.0.1:${E2E.backendPort}`;

/** A portal call straight to the backend (POST with a JSON body): its answer's `data`. */
export async function backendData<T>(request: APIRequestContext, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await request.post(`${BACKEND}${path}`, { data: body });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A city page as the web server sends it, before any JavaScript runs. Node-side requests cannot resolve
 * *.localhost (TOOLCHAIN.md), so the request goes to loopback with the city's Host header.
 */
export function serverHtml(request: APIRequestContext, domain: string, path: string) {
  return request.get(`http://127.0.0.1:${E2E.webPort}${path}`, { headers: { host: `${domain}.${E2E.root}` }, maxRedirects: 0 });
}

let mobileSeq = 0;
/**
 * A mobile no other test uses, so the per-mobile SMS limits never meet: the time, this worker process and a
 * counter, so that two calls in one millisecond, or in two workers, still differ.
 */
export function uniqueMobile(): string {
  return `139${String(((Date.now() % 100_000) * 1000 + (process.pid % 10) * 100 + (mobileSeq++ % 100)) % 1e8).padStart(8, '0')}`;
}

/**
 * The development backend "sends" SMS codes by logging them (docs/decisions.md); read the newest one for
 * this mobile from its log, waiting for the line to be flushed.
 */
export async function smsCodeFromLog(mobile: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(E2E.backendLog)) {
      const codes = readFileSync(E2E.backendLog, 'utf8')
        .split('\n')
        .filter((line) => line.includes('sms code issued') && line.includes(mobile))
        .map((line) => (JSON.parse(line) as { code: string }).code);
      const code = codes.at(-1);
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile} in ${E2E.backendLog}`);
}

export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}***${mobile.slice(-4)}`;

/** Ticks 我已阅读并同意《优居用户服务协议》和《隐私政策》 on the login form: no code is sent and no login made without it. */
export async function agreeToTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
}

/**
 * Logs in by SMS on the login page the browser is on (the code read from the backend's log); answers the mobile.
 * A value typed before the form hydrates can be lost: it is typed again until the code is sent.
 */
export async function logInBySms(page: Page, mobile = uniqueMobile()): Promise<string> {
  await expect(async () => {
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await agreeToTerms(page);
    await page.getByRole('button', { name: '获取验证码' }).click({ timeout: 2000 });
    await expect(page.getByText('验证码已发送')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 90_000 });
  await page.getByPlaceholder('请输入验证码').fill(await smsCodeFromLog(mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  return mobile;
}

let apiLogins = 0;

/**
 * Logs in through the backend's API, as the login page's own calls do, and gives the browser context the session
 * cookie that page would have left: HttpOnly, on the city host(s) given (the test root `localhost` has no dot, so the
 * portal's cookie is host-only there, backend/src/http/sessions.ts). For tests that need a logged-in user, not the
 * login page: that page (its form, hydration, errors, the way back) is tested by login.spec.ts and the tests that go
 * through it on purpose; a login through it costs a page load and its hydration. `by` makes the session: an SMS code
 * (read from the backend's log) for a new or given mobile, or the demo account's password.
 * Each login comes from a private address of its own (the backend trusts X-Forwarded-For from loopback), so the
 * per-address SMS and login limits never meet however many tests log in.
 */
export async function logInByApi(
  context: BrowserContext,
  by: { mobile?: string } | 'demo' = {},
  cities: readonly string[] = ['bj'],
): Promise<string> {
  const address = `10.99.${process.pid % 250}.${(apiLogins++ % 250) + 1}`;
  const api = await playwrightRequest.newContext({ baseURL: BACKEND, extraHTTPHeaders: { 'x-forwarded-for': address } });
  try {
    let mobile: string;
    if (by === 'demo') {
      mobile = '13800138000';
      const login = await api.post(ApiPath.loginByPassword, { data: { mobile, password: 'youju2026' } });
      expect(login.status(), await login.text()).toBe(200);
    } else {
      mobile = by.mobile ?? uniqueMobile();
      const sent = await api.post(ApiPath.smsCode, { data: { mobile } });
      expect(sent.status(), await sent.text()).toBe(200);
      const login = await api.post(ApiPath.loginBySms, { data: { mobile, code: await smsCodeFromLog(mobile, 30_000) } });
      expect(login.status(), await login.text()).toBe(200);
    }
    const token = (await api.storageState()).cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    if (!token) throw new Error(`the login of ${mobile} set no ${SESSION_COOKIE} cookie`);
    await context.addCookies(
      cities.map((city) => ({
        name: SESSION_COOKIE,
        value: token,
        url: cityUrl(city),
        httpOnly: true,
        sameSite: 'Lax' as const,
      })),
    );
    return mobile;
  } finally {
    await api.dispose();
  }
}

/** The demo account (README), logged in through the password tab of bj's login page. */
export async function logInWithPassword(page: Page): Promise<void> {
  await page.goto(cityUrl('bj', '/login'));
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill('13800138000');
  await page.getByPlaceholder(/密码/).fill('youju2026');
  await agreeToTerms(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.locator('.user-box__name')).toBeVisible();
}

/**
 * The home's search box searches the channel chosen in its 搜索类别 (spec §2 Home: the banner tabs above it go to the
 * list pages). A choice made before the box hydrated is taken when the keyword box is focused; it is chosen until the
 * keyword box's placeholder is that channel's.
 */
export async function chooseSearchChannel(page: Page, label: string, placeholder: RegExp): Promise<void> {
  const choice = page.getByRole('combobox', { name: '搜索类别' });
  await expect(async () => {
    await choice.selectOption({ label });
    await page.getByRole('combobox', { name: /请输入/ }).focus();
    await expect(page.getByRole('combobox', { name: placeholder })).toBeVisible({ timeout: 1000 });
    // Still chosen once the box runs (a render of the box would show its own state).
    await expect(choice.locator('option:checked')).toHaveText(label, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}
