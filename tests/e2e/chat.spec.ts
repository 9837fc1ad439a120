import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ApiPath } from '@contracts/paths';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { issueDeskToken, openDesk } from './desk-support';
import { expectModalWithFocusKeptIn } from './modal-dialog';
import { BACKEND, cityUrl, logInByApi, logInBySms } from './support';

/**
 * 在线咨询 (spec §2 "Chat widget", §4, §5, §9): the widget as a visitor and a user see it, against the real
 * service. The agent's side is the service's own (its auto-reply while the agent's desk is closed, the agent's status
 * set by the operator) and, in the last test, the agent at the desk in a browser context of their own.
 */

const LEFT = '经纪人已离职，请联系其他经纪人';
const UNREACHABLE = '暂时无法联系，请联系其他经纪人';
/** The first word of the service's list (backend/src/modules/im/sensitive-words.txt). */
const SENSITIVE = readFileSync('backend/src/modules/im/sensitive-words.txt', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .find((l) => l && !l.startsWith('#'))!;

let mobiles = 0;
/** This file's test users: 1351700xxxx (the worker's pid and a counter; each run has a fresh database). */
const newMobile = () => `1351700${String(process.pid % 100).padStart(2, '0')}${String(mobiles++ % 100).padStart(2, '0')}`;

interface ListingAgent {
  listingId: number;
  title: string;
  agentId: number;
  /** The agent's IM identity. */
  userId: number;
  agentName: string;
}

/** 二手房 of 北京 whose agents are at work, one per agent, from the end of the newest page (the desk's tests take the first). */
async function listingAgents(request: APIRequestContext): Promise<ListingAgent[]> {
  const list = await request.get(`${BACKEND}${ApiPath.esfList}?cityCode=110000&pageSize=30`);
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { data: { list: { id: number }[] } }).data.list.reverse();
  const found: ListingAgent[] = [];
  for (const item of items) {
    const res = await request.get(`${BACKEND}${ApiPath.esfDetail}/${item.id}`);
    const d = (
      (await res.json()) as {
        data: { id: number; title: string; agent: { agentId: number; userId: number; agentName: string; status: number } };
      }
    ).data;
    if (d.agent.status === 1 && !found.some((f) => f.agentId === d.agent.agentId))
      found.push({
        listingId: d.id,
        title: d.title,
        agentId: d.agent.agentId,
        userId: d.agent.userId,
        agentName: d.agent.agentName,
      });
    if (found.length === 8) break;
  }
  expect(found.length).toBeGreaterThanOrEqual(4);
  return found;
}

async function setAgentStatus(request: APIRequestContext, agentId: number, status: number): Promise<void> {
  const res = await request.post(`${BACKEND}${ApiPath.opsAgent}/${agentId}`, {
    headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A new user logged in by the API, on `path`. The way through the login page and back to the chat is the first two
 * tests' (and login.spec.ts'); here the chat is tested, not the login.
 */
async function logIn(page: Page, path: string): Promise<string> {
  const mobile = await logInByApi(page.context(), { mobile: newMobile() });
  await page.goto(cityUrl('bj', path));
  await expect(page.locator('.user-box__name')).toBeVisible();
  return mobile;
}

/** A send of this browser's user straight to the service (as another tab of theirs would), with the context's session. */
async function sendAsUser(
  page: Page,
  request: APIRequestContext,
  agentUserId: number,
  content: Record<string, unknown>,
): Promise<void> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await request.post(`${BACKEND}${ApiPath.imMessage}`, {
    headers: { cookie },
    data: { targetId: [agentUserId], content: JSON.stringify(content) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const dock = (page: Page) => page.locator('.chat-dock');

/**
 * 在线咨询 on the page's agent card, once the widget is there (the closed widget shows when it is); clicked before,
 * the link goes through login, which sends a logged-in user straight back.
 */
async function consult(page: Page): Promise<void> {
  await expect(dock(page).getByRole('button', { name: /^在线咨询\s*消息/ })).toBeVisible();
  await expect(async () => {
    // The open chat is modal: a click that did open it, only late, is not repeated on the page behind it.
    if (!(await panel(page).isVisible()))
      await page.locator('.agent-card').getByRole('link', { name: '在线咨询' }).click({ timeout: 5000 });
    await expect(panel(page)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
}
const panel = (page: Page) => page.locator('.chat-panel');
const composer = (page: Page) => panel(page).getByRole('textbox', { name: '消息内容' });

/** Waits until no send of this screen is pending (push status 0). */
const settled = (page: Page) => expect(panel(page).locator('.chat-msg[data-push="0"]')).toHaveCount(0);

/** spec §4: the page hidden (the socket closes) or shown again (it reopens), as a browser tab switch does. */
async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** A 2×2 24-bit BMP (the backend cannot read BMP: the widget sends it as PNG). */
function bmp2x2(): Buffer {
  const row = 8; // 2 pixels × 3 bytes, padded to 4
  const pixels = Buffer.alloc(row * 2);
  for (const [i, [b, g, r]] of [
    [0, 0, 255],
    [0, 255, 0],
    [255, 0, 0],
    [255, 255, 255],
  ].entries())
    pixels.set([b!, g!, r!], Math.floor(i / 2) * row + (i % 2) * 3);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** Opens the conversation with an agent from the widget's list (the widget open). */
async function openThread(page: Page, agentName: string): Promise<void> {
  const back = panel(page).getByRole('button', { name: '返回列表' });
  if (await back.isVisible()) await back.click();
  await panel(page).locator('.chat-thread', { hasText: agentName }).click();
  await expect(panel(page).locator('.chat-panel__title')).toContainText(agentName);
}

test.describe.configure({ mode: 'serial' });

// Each test logs a user in: as a visitor of its own address (TEST-NET-3, located nowhere, so 北京 by default), so that
// this file's logins do not use up the per-address login limit (20 in 10 minutes) of the suite's other files.
let addresses = 0;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${(process.pid % 25) * 10 + (addresses++ % 10) + 1}` });
});

let agents: ListingAgent[];
test.beforeAll(async ({ request }) => {
  agents = await listingAgents(request);
});

test('a visitor’s chat header goes to login with this page as the return path, and comes back to the widget; logged out it goes to login again', async ({
  page,
}) => {
  const path = '/ershoufang/';
  await page.goto(cityUrl('bj', path));
  const header = dock(page).getByRole('link', { name: /在线咨询/ });
  await expect(header).toBeVisible();
  await expect(header).toContainText('消息');
  // The visitor's first load carries no widget: only the dock's link.
  await expect(panel(page)).toHaveCount(0);
  await header.click();
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(path)}`));
  await logInBySms(page, newMobile());
  await expect(page).toHaveURL(cityUrl('bj', path));
  // Logged in: the closed widget (a button that opens it), no link to login.
  const bar = dock(page).getByRole('button', { name: /^在线咨询\s*消息/ });
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toContainText('暂无咨询');
  // 退出: this user's local history goes, and the chat header is a visitor's again and goes to login.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('youju.chatData.')).length))
    .toBe(1);
  // The open chat is modal: the header is reached once it is closed.
  await panel(page).getByRole('button', { name: '关闭' }).click();
  await page.getByRole('button', { name: '退出' }).click();
  await expect(dock(page).getByRole('link', { name: /在线咨询/ })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('youju.chatData.')))).toEqual([]);
  await dock(page)
    .getByRole('link', { name: /在线咨询/ })
    .click();
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(path)}`));
});

test('在线咨询 on an agent’s page: a visitor goes to login and back; logged in, it opens that agent’s conversation without a card', async ({
  page,
}) => {
  const a = agents[6] ?? agents[1]!;
  const path = `/agent/${a.agentId}`;
  await page.goto(cityUrl('bj', path));
  const consultLink = page.locator('.agent-profile').getByRole('link', { name: '在线咨询' });
  await expect(consultLink).toHaveAttribute('href', `/login?prePath=${encodeURIComponent(path)}`);
  await consultLink.click();
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(path)}`));
  await logInBySms(page, newMobile());
  await expect(page).toHaveURL(cityUrl('bj', path));
  await expect(dock(page).getByRole('button', { name: /^在线咨询\s*消息/ })).toBeVisible();
  await expect(async () => {
    if (!(await panel(page).isVisible()))
      await page.locator('.agent-profile').getByRole('link', { name: '在线咨询' }).click({ timeout: 5000 });
    await expect(panel(page)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await expect(panel(page).locator('.chat-panel__title')).toContainText(a.agentName);
  await expect(panel(page)).toContainText('还没有消息，和经纪人打个招呼吧');
  await expect(panel(page).locator('.chat-msg')).toHaveCount(0);
});

test('a session that ends (401) closes the chat, clears its local history and goes to login with the return path', async ({
  page,
}) => {
  const a = agents[5] ?? agents[0]!;
  const detail = `/ershoufang/xiangqing/${a.listingId}`;
  await logIn(page, detail);
  await consult(page);
  await composer(page).fill('在吗');
  await composer(page).press('Enter');
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('youju.chatData.')).length))
    .toBe(1);
  // The session is gone (expired, or ended elsewhere): the next call answers 401.
  await page.context().clearCookies();
  await composer(page).fill('还在吗');
  await composer(page).press('Enter');
  await expect(page).toHaveURL(cityUrl('bj', `/login?prePath=${encodeURIComponent(detail)}`));
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('youju.chatData.')))).toEqual([]);
});

test('在线咨询 on a 二手房 opens the conversation with the home’s card, once in 24 h; text, new lines, an image and a sensitive word', async ({
  page,
}) => {
  const a = agents[0]!;
  const detail = `/ershoufang/xiangqing/${a.listingId}`;
  await logIn(page, detail);
  await consult(page);
  await expect(panel(page).locator('.chat-panel__title')).toContainText(a.agentName);
  // The property card (spec §3 layout 201) as the service stored it: the home's title, linking to its page.
  const card = panel(page).locator('.chat-msg--mine[data-layout="201"]');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.chat-card__title')).toHaveText(a.title);
  await expect(card.locator('a.chat-card')).toHaveAttribute('href', detail);
  await expect(card.locator('.chat-card__price')).toHaveText(/万$/);
  await expect(card).toHaveAttribute('data-push', '1');
  // The agent's desk is closed: the service greets, marked 自动回复.
  await expect(panel(page).locator('.chat-msg--theirs', { hasText: '自动回复' })).toBeVisible();

  // A second 在线咨询 within 24 h: the service answers the earlier card, no second one.
  const second = page.waitForResponse((r) => r.url().endsWith(ApiPath.imMessage) && r.request().method() === 'POST');
  await page.keyboard.press('Escape');
  await consult(page);
  expect((await second).status()).toBe(200);
  await settled(page);
  await expect(card).toHaveCount(1);
  await page.reload();
  await dock(page)
    .getByRole('button', { name: /^在线咨询\s*消息/ })
    .click();
  await openThread(page, a.agentName);
  await expect(panel(page).locator('.chat-msg--mine[data-layout="201"]')).toHaveCount(1);

  // Enter sends; Shift+Enter and Ctrl+Enter make new lines; blank is not sent.
  const box = composer(page);
  await box.fill('\n\n');
  await box.press('Enter');
  await box.fill('');
  await box.pressSequentially('第一行');
  await box.press('Shift+Enter');
  await box.pressSequentially('第二行');
  await box.press('Control+Enter');
  await box.pressSequentially('第三行');
  await box.press('Enter');
  const texts = panel(page).locator('.chat-msg--mine[data-layout="101"] .chat-bubble__text');
  await expect(texts).toHaveCount(1);
  await expect(texts.first()).toHaveText('第一行\n第二行\n第三行');
  await expect(box).toHaveValue('');
  await settled(page);
  await expect(panel(page).locator('.chat-msg--mine[data-layout="101"]')).toHaveAttribute('data-push', '1');
  // Text is text, never HTML.
  await box.fill('<b>粗体</b>');
  await box.press('Enter');
  await expect(texts.last()).toHaveText('<b>粗体</b>');
  await expect(panel(page).locator('.chat-bubble__text b')).toHaveCount(0);
  // 140 characters (spec §5): one more and it is not sent.
  await box.fill('好'.repeat(141));
  await expect(panel(page).getByText('最多输入140个字')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: '发送' })).toBeDisabled();
  await box.fill('好'.repeat(140));
  await expect(panel(page).getByText('140/140')).toBeVisible();
  await box.press('Enter');
  await expect(texts).toHaveCount(3);

  // Two images at once, a PNG and a BMP (sent as PNG): thumbnails opening the originals.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 174, b: 102 } } })
    .png()
    .toBuffer();
  await panel(page)
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'room.png', mimeType: 'image/png', buffer: png },
      { name: 'plan.bmp', mimeType: 'image/bmp', buffer: bmp2x2() },
    ]);
  const images = panel(page).locator('.chat-msg--mine[data-layout="121"]');
  await expect(images).toHaveCount(1);
  await expect(images).toHaveAttribute('data-push', '1');
  const links = images.locator('a.chat-images__item');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toHaveAttribute('href', /^\/oss\/ub\/process\/[0-9a-f]{20}\/[0-9a-f]+\.png$/);
  await expect(links.nth(1)).toHaveAttribute('href', /^\/oss\/ub\/process\/[0-9a-f]{20}\/[0-9a-f]+\.png$/);
  for (const img of await images.locator('img').all())
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // A .gif is refused in the browser; ten images at once too (spec §5: at most 9).
  await panel(page)
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'a.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    });
  await expect(panel(page).getByRole('alert')).toHaveText('文件格式仅限jpg、jpeg、png、bmp格式！');
  await panel(page)
    .locator('input[type="file"]')
    .setInputFiles(Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: png })));
  await expect(panel(page).getByRole('alert')).toHaveText('一次最多发送9张图片');

  // A sensitive word: the service's text as a toast for 3 s, and nothing sent.
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await box.fill(`可以${SENSITIVE}吗`);
  // Timed from before the key: a busy machine may show the toast late to the test, never take it away early.
  const pressedAt = Date.now();
  await box.press('Enter');
  const toast = panel(page).getByRole('alert');
  await expect(toast).toHaveText('包含敏感词');
  await expect(toast).toHaveCount(0);
  expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(2900);
  await expect(panel(page).getByText(`可以${SENSITIVE}吗`)).toHaveCount(0);
});

test('the open chat is a modal dialog with 关闭: focus goes to the composer and stays in; Esc, 关闭 or a click beside it closes it and focus returns to what opened it', async ({
  page,
}) => {
  const a = agents[3]!;
  await logIn(page, `/ershoufang/xiangqing/${a.listingId}`);
  const bar = dock(page).getByRole('button', { name: /^在线咨询\s*消息/ });
  await expect(bar).toBeVisible();
  const consultLink = page.locator('.agent-card').getByRole('link', { name: '在线咨询' });
  await consultLink.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '在线咨询' });
  await expect(dialog.locator('.chat-panel__title')).toContainText(a.agentName);
  await expect(composer(page)).toBeFocused();
  await expect(bar).toHaveAttribute('aria-expanded', 'true');
  await expectModalWithFocusKeptIn(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(consultLink).toBeFocused();
  await expect(bar).toHaveAttribute('aria-expanded', 'false');

  // The chat header opens the list; 关闭 closes it, and focus is back on the header.
  await bar.click();
  await expect(dialog.getByRole('button', { name: '关闭' })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(bar).toBeFocused();
  // A click on the page beside it closes it too (the page's own buttons are behind it meanwhile).
  await bar.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(200, 300);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(cityUrl('bj', `/ershoufang/xiangqing/${a.listingId}`));
});

test('agents of status 2 and 3 refuse with the copy’s words', async ({ page, request }) => {
  const a = agents[1]!;
  await logIn(page, `/ershoufang/xiangqing/${a.listingId}`);
  await consult(page);
  await expect(panel(page).locator('.chat-msg--mine[data-layout="201"]')).toHaveAttribute('data-push', '1');
  await setAgentStatus(request, a.agentId, 2);
  try {
    // The widget still thinks the agent is at work: the service refuses, the send fails with why (push status 2).
    await composer(page).fill('请问还在吗');
    await composer(page).press('Enter');
    const failed = panel(page).locator('.chat-msg--mine[data-push="2"]');
    await expect(failed).toContainText('请问还在吗');
    await expect(failed.locator('.chat-msg__error')).toHaveText(LEFT);
    await expect(failed.getByRole('button', { name: '发送失败，点击重发' })).toBeVisible();
    // … and the composer gives way to the reason.
    await expect(panel(page).locator('.chat-notice')).toHaveText(LEFT);
    await expect(composer(page)).toHaveCount(0);

    await setAgentStatus(request, a.agentId, 3);
    await openThread(page, a.agentName);
    await expect(panel(page).locator('.chat-notice')).toHaveText(UNREACHABLE);
    await expect(composer(page)).toHaveCount(0);
  } finally {
    await setAgentStatus(request, a.agentId, 1);
  }
  // At work again: the failed send goes with a tap.
  await openThread(page, a.agentName);
  await expect(composer(page)).toBeVisible();
  await panel(page).getByRole('button', { name: '发送失败，点击重发' }).click();
  await expect(panel(page).locator('.chat-msg--mine', { hasText: '请问还在吗' })).toHaveAttribute('data-push', '1');
});

test('hidden, the page closes its socket; shown again, it reconnects and shows what came meanwhile', async ({
  page,
  request,
}) => {
  const a = agents[2]!;
  await logIn(page, `/ershoufang/xiangqing/${a.listingId}`);
  await consult(page);
  await expect(panel(page)).toHaveAttribute('data-live', 'open');
  await setPageHidden(page, true);
  await expect(panel(page)).toHaveAttribute('data-live', 'paused');
  // Another tab of the same user writes while this one is hidden: nothing can reach this page now.
  await sendAsUser(page, request, a.userId, { layout: 101, msgDetail: '另一个窗口发的' });
  await expect(panel(page).getByText('另一个窗口发的')).toHaveCount(0);
  await setPageHidden(page, false);
  await expect(panel(page)).toHaveAttribute('data-live', 'open');
  await expect(panel(page).locator('.chat-msg--mine', { hasText: '另一个窗口发的' })).toHaveCount(1);
});

test('the unread badge counts what the agent side sent while the widget was closed, and clears when read', async ({
  page,
  request,
}) => {
  const [b, c] = [agents[3]!, agents[4] ?? agents[0]!];
  await logIn(page, '/ershoufang/');
  const bar = dock(page).getByRole('button', { name: /^在线咨询\s*消息/ });
  await expect(bar).toBeVisible();
  // Two agents whose desks are closed: each answers a first message with the service's greeting.
  await sendAsUser(page, request, b.userId, { layout: 101, msgDetail: '您好' });
  await sendAsUser(page, request, c.userId, { layout: 101, msgDetail: '您好' });
  const badge = bar.locator('.chat-badge');
  await expect(badge).toHaveText('2');
  // A screen reader hears the count in the bar's name (the number itself is hidden from it).
  await expect(bar).toHaveAccessibleName(/^在线咨询\s*消息\s*2条未读消息$/);
  await bar.click();
  const thread = panel(page).locator('.chat-thread', { hasText: b.agentName });
  await expect(thread.locator('.chat-badge')).toHaveText('1');
  await expect(thread.locator('.chat-thread__preview')).toContainText('您好，我是');
  await expect(thread.locator('.chat-thread__time')).toHaveText('刚刚');
  const read = page.waitForResponse((r) => r.url().endsWith(ApiPath.imRead) && r.status() === 200);
  await thread.click();
  await expect(panel(page).locator('.chat-msg--theirs', { hasText: '自动回复' })).toBeVisible();
  await read;
  // Read once open and visible: the header's badge counts the other agent only, and the server agrees.
  await panel(page).getByRole('button', { name: '关闭' }).click();
  await expect(bar.locator('.chat-badge')).toHaveText('1');
  await page.reload();
  await expect(
    dock(page)
      .getByRole('button', { name: /^在线咨询\s*消息/ })
      .locator('.chat-badge'),
  ).toHaveText('1');
  await dock(page)
    .getByRole('button', { name: /^在线咨询\s*消息/ })
    .click();
  await openThread(page, c.agentName);
  // Read once the thread has been open half a second (spec §9's read throttle): the server's count goes to 0 then.
  // (Closing at once reads nothing; waiting for "a" read answer was not enough either: one for another thread may
  // come first.)
  await expect
    .poll(() =>
      page.evaluate(async (path) => {
        const threads = (await (await fetch(path)).json()) as { data: { list: { unRead: number }[] } };
        return threads.data.list.reduce((sum, t) => sum + t.unRead, 0);
      }, ApiPath.imConversations),
    )
    .toBe(0);
  await panel(page).getByRole('button', { name: '关闭' }).click();
  await expect(
    dock(page)
      .getByRole('button', { name: /^在线咨询\s*消息/ })
      .locator('.chat-badge'),
  ).toHaveCount(0);
  await page.reload();
  await expect(dock(page).getByRole('button', { name: /^在线咨询\s*消息/ })).toBeVisible();
  await expect(
    dock(page)
      .getByRole('button', { name: /^在线咨询\s*消息/ })
      .locator('.chat-badge'),
  ).toHaveCount(0);
});

test.describe('with the agent at the desk (two browser contexts)', () => {
  test('text both ways, images, the property card and its 24 h rule, a phone request agreed each way, the agent card, and the unread badge', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    const a = agents[7] ?? agents[0]!;
    const token = await issueDeskToken(request, a.agentId);
    const desk = await openDesk(browser, token);
    try {
      const detail = `/ershoufang/xiangqing/${a.listingId}`;
      const mobile = await logIn(page, detail);
      await consult(page);
      const card = panel(page).locator('.chat-msg--mine[data-layout="201"]');
      await expect(card).toHaveAttribute('data-push', '1');
      await expect(card.locator('.chat-card__title')).toHaveText(a.title);
      // The agent is at the desk: no greeting of the service.
      await expect(panel(page).getByText('自动回复')).toHaveCount(0);

      // The desk sees the conversation and the card.
      const { userId } = await page.evaluate(
        async () => ((await (await fetch('/auth/me')).json()) as { user: { userId: number } }).user,
      );
      const deskThread = desk.getByRole('complementary', { name: '咨询会话' }).locator(`button[data-user-id="${userId}"]`);
      await expect(deskThread).toBeVisible();
      await deskThread.click();
      // The desk's open conversation (its messages are an ordered list beside the thread list).
      const deskMessages = desk.locator('section ol');
      await expect(deskMessages.getByText(a.title)).toBeVisible();

      // Text both ways.
      await composer(page).fill('你好，周末能看房吗？');
      await composer(page).press('Enter');
      await expect(deskMessages.getByText('你好，周末能看房吗？')).toBeVisible();
      const deskBox = desk.getByRole('textbox', { name: /输入消息/ });
      /** The desk sends a text; its box empties once the send is answered. */
      const deskSays = async (text: string) => {
        await deskBox.fill(text);
        await deskBox.press('Enter');
        await expect(deskBox).toHaveValue('');
      };
      const replyRead = page.waitForResponse((r) => r.url().endsWith(ApiPath.imRead) && r.status() === 200);
      await deskSays('可以的，周六上午十点');
      await expect(panel(page).locator('.chat-msg--theirs', { hasText: '可以的，周六上午十点' })).toBeVisible();
      // Open and visible: read (spec §9: 500 ms after).
      await replyRead;

      // The unread badge counts what the desk sends while the widget is closed, and clears when read.
      await panel(page).getByRole('button', { name: '关闭' }).click();
      const bar = dock(page).getByRole('button', { name: /^在线咨询\s*消息/ });
      await deskSays('地址在望京');
      await deskSays('到了给我打电话');
      await expect(bar.locator('.chat-badge')).toHaveText('2');
      const read = page.waitForResponse((r) => r.url().endsWith(ApiPath.imRead) && r.status() === 200);
      await bar.click();
      await expect(panel(page).locator('.chat-msg--theirs', { hasText: '到了给我打电话' })).toBeVisible();
      await read;
      await panel(page).getByRole('button', { name: '关闭' }).click();
      await expect(bar.locator('.chat-badge')).toHaveCount(0);
      await bar.click();

      // Images both ways.
      const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 250, g: 170, b: 40 } } })
        .png()
        .toBuffer();
      await panel(page).locator('input[type="file"]').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png });
      await expect(panel(page).locator('.chat-msg--mine[data-layout="121"]')).toHaveAttribute('data-push', '1');
      await expect(deskMessages.getByRole('img', { name: '聊天图片' })).toBeVisible();
      await desk.getByTestId('desk-image-input').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png });
      const theirImage = panel(page).locator('.chat-msg--theirs[data-layout="121"] .chat-images img');
      await expect(theirImage).toHaveCount(1);
      await expect.poll(() => theirImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // The agent asks for the user's number: 同意/拒绝 until answered, then 已同意 and no buttons; the desk gets the number.
      await desk.getByRole('button', { name: '请求电话' }).click();
      const request20001 = panel(page).locator('.chat-msg--theirs[data-layout="20001"]');
      await expect(request20001.getByRole('button', { name: '同意' })).toBeVisible();
      await request20001.getByRole('button', { name: '同意' }).click();
      await expect(request20001.locator('.chat-phone__result')).toHaveText('已同意');
      await expect(request20001.getByRole('button')).toHaveCount(0);
      await expect(deskMessages.getByText(`电话：${mobile}`)).toBeVisible();
      // The user asks for the agent's: the desk agrees, the widget shows the number.
      await panel(page).getByRole('button', { name: '交换电话' }).click();
      await expect(panel(page).locator('.chat-msg--mine[data-layout="20001"]')).toContainText('等待对方回复');
      await deskMessages.locator('li', { hasText: '对方想获取您的电话号码' }).getByRole('button', { name: '同意' }).click();
      await expect(panel(page).locator('.chat-msg--mine[data-layout="20001"] .chat-phone__result')).toHaveText('已同意');
      // The agent's number is a virtual one (the 400 line and an extension bound to this agent and this user).
      await expect(panel(page).locator('.chat-msg--theirs[data-layout="21001"]')).toContainText(
        /电话：400-800-1234 转 [1-9]\d{3}/,
      );
      await expect(panel(page).locator('.chat-msg--theirs[data-layout="21001"]')).not.toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/);

      // The agent's card (211).
      await desk.getByRole('button', { name: '发送名片' }).click();
      const agentCard = panel(page).locator('.chat-msg--theirs[data-layout="211"]');
      await expect(agentCard).toContainText('经纪人名片');
      await expect(agentCard).toContainText(a.agentName);

      // 在线咨询 again within 24 h: no second card, on either side.
      const again = page.waitForResponse((r) => r.url().endsWith(ApiPath.imMessage) && r.request().method() === 'POST');
      await panel(page).getByRole('button', { name: '关闭' }).click();
      await consult(page);
      expect((await again).status()).toBe(200);
      await settled(page);
      await expect(panel(page).locator('.chat-msg[data-layout="201"]')).toHaveCount(1);
      await desk.reload();
      await deskThread.click();
      await expect(deskMessages.getByText(a.title)).toHaveCount(1);

      // Every layout on one screen (spec §3), for the record.
      mkdirSync('test-results/chat-shots', { recursive: true });
      await page.setViewportSize({ width: 1440, height: 2400 });
      await panel(page).evaluate((el) => {
        (el as HTMLElement).style.height = '2300px';
        (el as HTMLElement).style.maxHeight = 'none';
      });
      await page.screenshot({ path: 'test-results/chat-shots/conversation-every-layout.png' });
      await desk.screenshot({ path: 'test-results/chat-shots/desk.png' });
    } finally {
      await desk.context().close();
    }
  });
});

test('a tab left open by a user who logged out elsewhere, after someone else logged in, reloads as the new user instead of mixing them', async ({
  page,
}) => {
  const a = agents[6] ?? agents[0]!;
  const detail = `/ershoufang/xiangqing/${a.listingId}`;
  await logIn(page, detail);
  await consult(page);
  await composer(page).fill('A 的消息');
  await composer(page).press('Enter');
  await settled(page);
  const chatKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('youju.chatData.')));
  await expect.poll(chatKeys).toHaveLength(1);
  const [aKey] = await chatKeys();
  await setPageHidden(page, true);
  // In another tab of the same browser: A logs out, B logs in.
  const other = await page.context().newPage();
  // An address of its own too (above the range the other tests take): its login must not use up the suite's.
  await other.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.251' });
  await other.goto(cityUrl('bj', detail));
  await other.locator('.user-box').getByRole('button', { name: '退出' }).click();
  await expect(other.locator('.user-box__name')).toHaveCount(0);
  await logIn(other, detail);
  const bName = await other.locator('.user-box__name').textContent();
  // Back on A's tab: it asks who is logged in now, and becomes B's page; A's chat is gone from screen and storage.
  await setPageHidden(page, false);
  await expect(page.locator('.user-box__name')).toHaveText(bName!);
  await expect(page.getByText('A 的消息')).toHaveCount(0);
  expect(await chatKeys()).not.toContain(aKey);
  await other.close();
});
