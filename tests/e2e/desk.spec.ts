import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DESK_TOKEN_WRONG, IM_LAYOUT, type ImHistory } from '@contracts/im';
import { ApiPath, DESK_COOKIE } from '@contracts/paths';
import { agentOfListing, apiUser, issueDeskToken, logInDesk, openDesk, sendAsUser, textOf, typeDeskToken } from './desk-support';
import { expectModalWithFocusKeptIn } from './modal-dialog';
import { cityUrl, deskUrl, serverHtml } from './support';

/**
 * 经纪人工作台 (where agents answer the chat, spec §1): the operator issues a token, the desk logs in with it, a user writes and
 * the desk sees it live, answers with text, an image, a property card, its card and a phone request, and agrees
 * to the user's; a wrong token shows the backend's message; logout goes back to the form.
 */

const shot = (name: string) => `test-results/desk-${name}.png`;

test('a wrong token shows the error and opens nothing', async ({ page }) => {
  await page.goto(deskUrl());
  await expect(page.getByRole('heading', { name: '口令登录' })).toBeVisible();
  // Not indexed, not cached.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await typeDeskToken(page, 'x'.repeat(43));
  await expect(page.locator('main [role="alert"]')).toHaveText(DESK_TOKEN_WRONG);
  await page.screenshot({ path: shot('login-error') });
  await expect(page.getByRole('heading', { name: '咨询会话' })).toHaveCount(0);
  // The desk's own layout: none of the portal's header, footer or chat dock.
  await expect(page.locator('.site-header, .site-footer, #chat-dock')).toHaveCount(0);
});

test('the desk lives on its own host: a city host shows the 404 page at /desk and refuses the desk calls', async ({ page }) => {
  await page.goto(cityUrl('bj', '/desk'));
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page.getByRole('heading', { name: '口令登录' })).toHaveCount(0);
  // Same-origin from a city page, the desk's calls are not forwarded at all.
  const fromCity = await page.evaluate(async (path) => (await fetch(path)).status, ApiPath.deskMe);
  expect(fromCity).toBe(404);
});

test('the desk page is private to the browser: no shared cache', async ({ request }) => {
  const res = await serverHtml(request, 'desk', '/');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toMatch(/private|no-store/);
  expect(res.headers()['cache-control']).not.toMatch(/s-maxage/);
});

test('an agent with no conversation sees the empty list', async ({ browser, request }) => {
  const agent = await agentOfListing(request, 17);
  const desk = await openDesk(browser, await issueDeskToken(request, agent.agentId));
  await expect(desk.getByText('还没有用户向您咨询')).toBeVisible();
  await expect(desk.getByText(agent.agentName)).toBeVisible();
  await desk.screenshot({ path: shot('list-empty') });
  await desk.context().close();
});

test('a user writes, the desk sees it live and answers with every kind of message; logout', async ({ browser, request }) => {
  test.setTimeout(360_000);
  const agent = await agentOfListing(request, 9);
  const token = await issueDeskToken(request, agent.agentId);
  const user = await apiUser();
  // Before the desk opens: the greeting answers for the agent (自动回复).
  await sendAsUser(user, agent.userId, textOf('您好，这套房还在吗？'));
  const desk = await openDesk(browser, token);
  const thread = desk.locator(`[data-user-id="${user.userId}"]`);
  await expect(thread).toBeVisible();
  await expect(desk.getByRole('status').filter({ hasText: '在线' })).toBeVisible();

  // Live: a second message arrives while the desk is open, counted unread until the conversation is opened.
  await sendAsUser(user, agent.userId, textOf('周末可以看房吗？'));
  await expect(thread).toContainText('周末可以看房吗？');
  await expect(thread.getByLabel('2')).toHaveText('2');
  await desk.screenshot({ path: shot('list') });
  await thread.click();
  await expect(desk.locator('[data-layout="101"]').filter({ hasText: '自动回复' })).toBeVisible();
  await expect(thread.getByLabel('2')).toHaveCount(0);

  // A reply typed and sent with Enter (Shift+Enter is a new line).
  const box = desk.getByRole('textbox', { name: /输入消息/ });
  await box.fill('周末可以');
  await box.press('Shift+Enter');
  await box.pressSequentially('您哪天方便？');
  await box.press('Enter');
  await expect(desk.locator('[data-layout="101"]').filter({ hasText: '周末可以\n您哪天方便？' })).toBeVisible();
  await expect(box).toHaveValue('');

  // An image, a property card of the agent's own, the agent's card, a phone request.
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 160, b: 120 } } })
    .png()
    .toBuffer();
  await desk.getByTestId('desk-image-input').setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
  await expect(desk.locator('[data-layout="121"] img')).toBeVisible();
  const sendListing = desk.getByRole('button', { name: '发送房源' });
  await sendListing.click();
  const dialog = desk.getByRole('dialog', { name: '选择要发送的房源' });
  // A modal dialog: focus in and kept in; Esc closes it and focus is back on 发送房源.
  await expect(dialog.getByRole('button').nth(1)).toBeVisible();
  await expectModalWithFocusKeptIn(desk, dialog);
  await desk.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(sendListing).toBeFocused();
  await sendListing.click();
  const first = dialog.getByRole('button').nth(1);
  const title = (await first.locator('span span').first().textContent())!;
  await first.click();
  await expect(dialog).toHaveCount(0);
  const card = desk.locator('[data-layout="201"] a');
  await expect(card).toContainText(title);
  await expect(card).toHaveAttribute('href', /^http:\/\/\w+\.localhost:\d+\/(ershoufang|zufang)\/xiangqing\/\d+/);
  await desk.getByRole('button', { name: '发送名片' }).click();
  await expect(desk.locator('[data-layout="211"]')).toContainText(agent.agentName);
  await desk.getByRole('button', { name: '请求电话' }).click();
  await expect(desk.locator('[data-layout="20001"]')).toContainText('等待对方回复');

  // The user sees all of it (as the widget will), and agrees to share the number: the desk shows it live.
  const seen = (
    (await (await user.request.post(ApiPath.imHistory, { data: { targetId: agent.userId } })).json()) as { data: ImHistory }
  ).data.list;
  expect(seen.map((m) => m.layout)).toEqual([101, 101, 101, 101, 121, 201, 211, 20001]);
  const request20001 = seen.at(-1)!;
  await sendAsUser(user, agent.userId, {
    layout: IM_LAYOUT.PHONE_REPLY,
    layoutDetail: { requestId: request20001.messageId, agree: true },
  });
  await expect(desk.locator('[data-layout="21001"]').last()).toContainText(`电话：${user.mobile}`);
  await expect(desk.locator('[data-layout="20001"]')).toContainText('已同意');

  // The user asks for the agent's number; the desk agrees.
  await sendAsUser(user, agent.userId, { layout: IM_LAYOUT.PHONE_REQUEST });
  const ask = desk.locator('[data-layout="20001"]').last();
  await ask.getByRole('button', { name: '同意' }).click();
  await expect(ask).toContainText('已同意');
  await expect(ask.getByRole('button')).toHaveCount(0);
  const after = (
    (await (await user.request.post(ApiPath.imHistory, { data: { targetId: agent.userId } })).json()) as { data: ImHistory }
  ).data.list;
  // The agent's agreed reply carries a virtual number, never the agent's mobile.
  expect(after.at(-1)).toMatchObject({
    layout: 21001,
    fromUser: false,
    content: {
      layoutDetail: { agree: true, virtualNumber: { line: '400-800-1234', extension: expect.stringMatching(/^[1-9]\d{3}$/) } },
    },
  });
  expect(after.at(-1)!.content.layoutDetail).not.toHaveProperty('mobile');
  // Tall enough for the whole conversation (the message pane scrolls inside the window).
  await desk.setViewportSize({ width: 1440, height: 2000 });
  await desk.locator('[data-layout="101"]').first().scrollIntoViewIfNeeded();
  await desk.screenshot({ path: shot('conversation') });

  // Logout: back to the form, and a reload stays there (the cookie is gone).
  await desk.getByRole('button', { name: '退出工作台' }).click();
  await expect(desk.getByRole('heading', { name: '口令登录' })).toBeVisible();
  await desk.reload();
  await expect(desk.getByRole('heading', { name: '口令登录' })).toBeVisible();
  // The same token opens it again (logout ends this browser's desk, not the token).
  await logInDesk(desk, token);
  // The desk cookie is the desk host's alone (host-only, Path /api/desk): a city page of the same browser never sends it.
  const deskCookies = (await desk.context().cookies()).filter((c) => c.name === DESK_COOKIE);
  expect(deskCookies).toHaveLength(1);
  expect(deskCookies[0]).toMatchObject({
    domain: new URL(deskUrl()).hostname,
    path: '/api/desk',
    httpOnly: true,
    sameSite: 'Strict',
  });
  expect((await desk.context().cookies(cityUrl('bj', ApiPath.deskMe))).filter((c) => c.name === DESK_COOKIE)).toEqual([]);
  await desk.context().close();
  await user.request.dispose();
});
