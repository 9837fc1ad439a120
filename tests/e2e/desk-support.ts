import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { IM_LAYOUT, type OpsDeskTokenResult } from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, deskUrl, smsCodeFromLog } from './support';

/**
 * 经纪人工作台 in browser tests (where agents answer the chat, spec §1): the operator issues an agent's desk token (what
 * `npm run ops -- agent desk-token <id>` sends), the desk opens in a browser context of its own, and a portal user
 * writes through the API with a session. The widget's two-context test uses the same helpers.
 *
 * Issuing a token revokes the agent's earlier ones (modules/im/desk.ts): two test files at once should each
 * pick an agent of their own (`agentOfListing(request, n)` with different n).
 */

export interface TestAgent {
  agentId: number;
  /** The IM identity (agents.userId) a user writes to. */
  userId: number;
  agentName: string;
}

/** The agent of the n-th 二手房 of 北京's newest list, at work (status 1). */
export async function agentOfListing(request: APIRequestContext, n: number): Promise<TestAgent> {
  const page = await request.get(`${BACKEND}${ApiPath.esfList}?cityCode=110000&pageSize=30`);
  expect(page.status()).toBe(200);
  const items = ((await page.json()) as { data: { list: { id: number }[] } }).data.list;
  for (const item of [...items.slice(n), ...items.slice(0, n)]) {
    const detail = await request.get(`${BACKEND}${ApiPath.esfDetail}/${item.id}`);
    const agent = ((await detail.json()) as { data: { agent: TestAgent & { status: number } } }).data.agent;
    if (agent.status === 1) return { agentId: agent.agentId, userId: agent.userId, agentName: agent.agentName };
  }
  throw new Error('no agent at work in bj');
}

/** The operator's call: a fresh desk token for the agent (earlier ones stop working). */
export async function issueDeskToken(request: APIRequestContext, agentId: number, days = 1): Promise<string> {
  const res = await request.post(`${BACKEND}${ApiPath.opsDeskToken}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { agentId, days },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OpsDeskTokenResult }).data.token;
}

/** A browser context of its own with the desk logged in on the desk's host; answers its page. */
export async function openDesk(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(deskUrl());
  await logInDesk(page, token);
  return page;
}

/**
 * Types the token into the desk's form and sends it once. The button is enabled only by the hydrated form, so
 * the typing is repeated until it is (each try of a token counts against the per-address login limit).
 */
export async function typeDeskToken(page: Page, token: string): Promise<void> {
  const button = page.getByRole('button', { name: '进入工作台' });
  await expect(async () => {
    await page.getByLabel('工作台口令').fill(token);
    await expect(button).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await button.click();
}

/** Logs the desk in with the token and waits for the desk. */
export async function logInDesk(page: Page, token: string): Promise<void> {
  await typeDeskToken(page, token);
  await expect(page.getByRole('heading', { name: '咨询会话' })).toBeVisible();
}

/** What the desk sends, straight to the backend with the desk cookie (as the desk page would). */
export async function sendAsDesk(
  request: APIRequestContext,
  token: string,
  userId: number,
  content: Record<string, unknown>,
): Promise<{ messageId: number; seq: number }> {
  const res = await request.post(`${BACKEND}${ApiPath.deskMessage}`, {
    headers: { cookie: `${DESK_COOKIE}=${token}` },
    data: { userId, content: JSON.stringify(content) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { messageId: number; seq: number } }).data;
}

export interface ApiUser {
  request: APIRequestContext;
  userId: number;
  mobile: string;
}

let mobiles = 0;
/** A new portal user logged in by SMS through the API (a request context holding the session cookie). */
export async function apiUser(
  mobile = `1351600${String((Date.now() + mobiles++ * 7) % 10_000).padStart(4, '0')}`,
): Promise<ApiUser> {
  const request = await playwrightRequest.newContext({ baseURL: BACKEND });
  expect((await request.post(ApiPath.smsCode, { data: { mobile } })).status()).toBe(200);
  const login = await request.post(ApiPath.loginBySms, { data: { mobile, code: await smsCodeFromLog(mobile) } });
  expect(login.status(), await login.text()).toBe(200);
  const info = await request.post(ApiPath.userInfo, { data: {} });
  const userId = ((await info.json()) as { data: { userId: number } }).data.userId;
  return { request, userId, mobile };
}

/** The user writes to an agent (POST /api/message), as the widget does. */
export async function sendAsUser(
  user: ApiUser,
  agentUserId: number,
  content: Record<string, unknown>,
): Promise<{ messageId: number; seq: number }> {
  const res = await user.request.post(ApiPath.imMessage, { data: { targetId: [agentUserId], content: JSON.stringify(content) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { messageId: number; seq: number } }).data;
}

export const textOf = (msgDetail: string) => ({ layout: IM_LAYOUT.TEXT, msgDetail });
