import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AgentProfile } from '@contracts/agent';
import { ApiPath } from '@contracts/paths';
import { DEV_OPS_TOKEN } from '../../scripts/processes';
import { BACKEND, cityUrl, serverHtml } from './support';

/**
 * Agent pages (spec §2 "Agent pages"): `/agent/{id}` with the agent's card and their listings in tabs, paged; status 1 can be
 * called, 2 and 3 show why not; a listing's agent card leads there; `/h5/agent` fits a phone; an operator's
 * status change shows on the cached page at once.
 */

const LEFT = '经纪人已离职，请联系其他经纪人';
const UNREACHABLE = '暂时无法联系，请联系其他经纪人';
/** An agent's number, or any mobile, in a page's HTML. */
const MOBILE_IN_HTML = /tel:|(?<!\d)1[3-9]\d{9}(?!\d)/;

interface Agents {
  /** Available, with more than a page of second-hand homes and of rentals. */
  busy: AgentProfile;
  left: AgentProfile;
  unreachable: AgentProfile;
  /** Available, with a few second-hand homes: the one the operator test changes (no other test uses it). */
  quiet: AgentProfile;
}

let found: Agents | undefined;

/** 北京's agents as the backend knows them (the seed gives every city agents of each status, seed-agents.ts). */
async function agentsOfBeijing(request: APIRequestContext): Promise<Agents> {
  if (found) return found;
  const all: AgentProfile[] = [];
  for (let id = 1; id <= 200; id++) {
    const res = await request.get(`${BACKEND}${ApiPath.agentDetail}/${id}`);
    if (!res.ok()) break;
    const agent = ((await res.json()) as { data: AgentProfile }).data;
    if (agent.cityCode === '110000') all.push(agent);
  }
  const pick = (what: string, ok: (a: AgentProfile) => boolean) => {
    const agent = all.find(ok);
    if (!agent) throw new Error(`no 北京 agent who is ${what}`);
    return agent;
  };
  const busy = pick(
    'available with more than 10 homes and rentals',
    (a) => a.status === 1 && a.esfCount > 10 && a.rentCount > 10,
  );
  found = {
    busy,
    left: pick('gone, with homes', (a) => a.status === 2 && a.esfCount > 0),
    unreachable: pick('unreachable, with homes', (a) => a.status === 3 && a.esfCount > 0),
    quiet: pick(
      'available with a few homes',
      (a) => a.status === 1 && a.esfCount > 0 && a.esfCount <= 10 && a.agentId !== busy.agentId,
    ),
  };
  return found;
}

/** The listings' addresses on an agent's page, in order. */
const listingHrefs = (html: string, channel: 'ershoufang' | 'zufang') => [
  ...new Set([...html.matchAll(new RegExp(`href="/${channel}/xiangqing/(\\d+)"`, 'g'))].map((m) => m[1])),
];

test('an available agent’s page: card, tabs with counts, no number in the page; 拨打电话 shows a virtual number', async ({
  page,
  request,
}) => {
  const { busy } = await agentsOfBeijing(request);
  const html = await (await serverHtml(request, 'bj', `/agent/${busy.agentId}`)).text();
  expect(html).not.toMatch(MOBILE_IN_HTML);
  await page.goto(cityUrl('bj', `/agent/${busy.agentId}`));
  await expect(page).toHaveTitle(`经纪人${busy.agentName} - 北京找房 - 优居`);
  const card = page.locator('.agent-profile');
  await expect(card.getByRole('heading', { level: 1 })).toContainText(busy.agentName);
  await expect(card).toContainText(busy.brandName);
  await expect(card).toContainText(busy.branchName);
  await expect(card).toContainText(`服务区域${busy.districtName} · ${busy.businessAreaName}`);
  await expect(card).toContainText(`从业年限${busy.years}年`);
  await expect(page.locator('.agent-tabs')).toContainText(`二手房 (${busy.esfCount})`);
  await expect(page.locator('.agent-tabs')).toContainText(`租房 (${busy.rentCount})`);
  await expect(page.locator('.listings > li')).toHaveCount(10);
  await card.getByRole('button', { name: '拨打电话' }).click();
  // A virtual number (the 400 line and an extension), never the agent's mobile.
  const number = card.locator('a.agent-card__phone');
  await expect(number).toHaveText(/^400-800-1234 转 [1-9]\d{3}$/);
  await expect(number).toHaveAttribute('href', `tel:4008001234,${(await number.textContent())!.split(' 转 ')[1]}`);
  await expect(card).not.toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/);
});

for (const [status, words] of [
  ['left', LEFT],
  ['unreachable', UNREACHABLE],
] as const) {
  test(`an agent who is ${status}: ${words}, and no contact`, async ({ page, request }) => {
    const agent = (await agentsOfBeijing(request))[status];
    await page.goto(cityUrl('bj', `/agent/${agent.agentId}`));
    await expect(page.locator('.agent-profile')).toContainText(words);
    await expect(page.getByRole('button', { name: '拨打电话' })).toHaveCount(0);
    // Their listings are still shown (the page says whom not to call, not that the homes are gone).
    await expect(page.locator('.listings > li').first()).toBeVisible();
    const html = await (await serverHtml(request, 'bj', `/agent/${agent.agentId}`)).text();
    expect(html).toContain(words);
    expect(html).not.toMatch(MOBILE_IN_HTML);
  });
}

test('the second-hand and rental tabs page: page 2 shows other homes, and the pagination leads there', async ({
  page,
  request,
}) => {
  const { busy } = await agentsOfBeijing(request);
  for (const [tab, channel] of [
    ['esf', 'ershoufang'],
    ['zufang', 'zufang'],
  ] as const) {
    const first = listingHrefs(await (await serverHtml(request, 'bj', `/agent/${busy.agentId}/${tab}`)).text(), channel);
    const second = listingHrefs(await (await serverHtml(request, 'bj', `/agent/${busy.agentId}/${tab}/2`)).text(), channel);
    expect(first).toHaveLength(10);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  }
  await page.goto(cityUrl('bj', `/agent/${busy.agentId}/zufang`));
  await expect(page).toHaveTitle(`${busy.agentName}的租房 - 北京找房 - 优居`);
  await page.locator('.pagination').getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', `/agent/${busy.agentId}/zufang/2`));
  await expect(page).toHaveTitle(`${busy.agentName}的租房 第2页 - 北京找房 - 优居`);
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
  // Past the last page, and another city's domain, are the 404 page.
  const last = Math.ceil(busy.rentCount / 10);
  expect((await serverHtml(request, 'bj', `/agent/${busy.agentId}/zufang/${last + 1}`)).status()).toBe(404);
  expect((await serverHtml(request, 'sh', `/agent/${busy.agentId}`)).status()).toBe(404);
});

test('a listing’s agent card leads to the agent’s page', async ({ page, request }) => {
  const { busy } = await agentsOfBeijing(request);
  const [id] = listingHrefs(await (await serverHtml(request, 'bj', `/agent/${busy.agentId}/esf`)).text(), 'ershoufang');
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${id}`));
  const card = page.locator('.agent-card');
  await expect(card.getByRole('link', { name: `查看经纪人${busy.agentName}的主页` })).toHaveAttribute(
    'href',
    `/agent/${busy.agentId}`,
  );
  await card.getByRole('link', { name: busy.agentName, exact: true }).click();
  await expect(page).toHaveURL(cityUrl('bj', `/agent/${busy.agentId}`));
  await expect(page.locator('.agent-profile h1')).toContainText(busy.agentName);
});

test('/h5/agent fits a 375 px phone, without header or footer, and lists the agent’s homes', async ({ browser, request }) => {
  const { busy } = await agentsOfBeijing(request);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    await page.goto(cityUrl('bj', `/h5/agent?agentId=${busy.agentId}`));
    await expect(page.locator('.h5-agent__name')).toHaveText(busy.agentName);
    await expect(page).toHaveTitle(`${busy.agentName}的名片 - 北京找房 - 优居`);
    await expect(page.locator('.h5-listings').first().locator('li')).toHaveCount(10);
    await expect(page.locator('.h5-agent')).toContainText(`二手房 (${busy.esfCount})`);
    await expect(page.locator('.h5-agent')).toContainText(`租房 (${busy.rentCount})`);
    await expect(page.locator('header, footer, .site-header, .site-footer')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('button', { name: '拨打电话' })).toBeVisible();
    // Without a well-formed agent there is no card.
    expect((await serverHtml(request, 'bj', '/h5/agent')).status()).toBe(404);
    expect((await serverHtml(request, 'bj', '/h5/agent?agentId=abc')).status()).toBe(404);
  } finally {
    await context.close();
  }
});

test('an operator’s status change shows on the cached agent page at once', async ({ page, request }) => {
  const { quiet } = await agentsOfBeijing(request);
  const path = `/agent/${quiet.agentId}`;
  const setStatus = async (status: number) => {
    const res = await request.post(`${BACKEND}${ApiPath.opsAgent}/${quiet.agentId}`, {
      headers: { authorization: `Bearer ${DEV_OPS_TOKEN}` },
      data: { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Rendered and cached while the agent is available.
  await page.goto(cityUrl('bj', path));
  await expect(page.getByRole('button', { name: '拨打电话' })).toBeVisible();
  await setStatus(2);
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.locator('.agent-profile')).toContainText(LEFT, { timeout: 1000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByRole('button', { name: '拨打电话' })).toHaveCount(0);
  } finally {
    await setStatus(1);
  }
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: '拨打电话' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
});
