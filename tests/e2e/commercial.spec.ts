import { expect, test, type Page } from '@playwright/test';
import { cityUrl } from './support';

/**
 * 商铺 and 写字楼 on the channel engine, on 北京: for each of the four channels the header menu → the
 * list → one filter → one sort → page 2 → a unit's detail → back; a business-area suggestion from the list's
 * search box; 天津 (isShop 0) has no 商铺 menu and its /sp/buy/ is the 404 page.
 */
const resultCount = async (page: Page) =>
  Number(/共找到 (\d+) 套/.exec((await page.locator('h1.result-count').textContent()) ?? '')?.[1] ?? NaN);

interface Case {
  menu: string;
  entry: string;
  path: string;
  /** The kind's filter row, one option of it (and its token), and the card fact it shows. */
  typeRow: string;
  typeOption: string;
  typeToken: string;
  sortLabel: string;
  /** What the list sorts by, read off a card: the total (万) for sale, the rent per ㎡ per day for rent. */
  price: (card: { total: string; unit: string }) => number;
  priceWords: RegExp;
  kindFact: string;
}

const total = ({ total }: { total: string }) => Number(total.replace(/,/g, ''));
const daily = ({ unit }: { unit: string }) => Number(/([\d.]+)元\/㎡·天/.exec(unit)?.[1] ?? NaN);

const CASES: Case[] = [
  {
    menu: '商铺',
    entry: '商铺出售',
    path: '/sp/buy/',
    typeRow: '类型',
    typeOption: '住宅底商',
    typeToken: 'lx1',
    sortLabel: '总价从低到高',
    price: total,
    priceWords: /万\s*单价[\d,]+元\/㎡/,
    kindFact: '商铺类型',
  },
  {
    menu: '商铺',
    entry: '商铺出租',
    path: '/sp/rent/',
    typeRow: '类型',
    typeOption: '临街门面',
    typeToken: 'lx4',
    sortLabel: '单价从低到高',
    price: daily,
    priceWords: /元\/月\s*[\d.]+元\/㎡·天/,
    kindFact: '商铺类型',
  },
  {
    menu: '写字楼',
    entry: '写字楼出售',
    path: '/xzl/buy/',
    typeRow: '级别',
    typeOption: '甲级',
    typeToken: 'jb1',
    sortLabel: '总价从低到高',
    price: total,
    priceWords: /万\s*单价[\d,]+元\/㎡/,
    kindFact: '写字楼级别',
  },
  {
    menu: '写字楼',
    entry: '写字楼出租',
    path: '/xzl/rent/',
    typeRow: '级别',
    typeOption: '乙级',
    typeToken: 'jb2',
    sortLabel: '单价从低到高',
    price: daily,
    priceWords: /元\/月\s*[\d.]+元\/㎡·天/,
    kindFact: '写字楼级别',
  },
];

async function prices(page: Page, price: Case['price']): Promise<number[]> {
  const cards = page.locator('.listing__price');
  const n = await cards.count();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    out.push(
      price({
        total: (await card.locator('.price-total strong').textContent()) ?? '',
        unit: (await card.locator('.price-unit').textContent()) ?? '',
      }),
    );
  }
  return out;
}

for (const c of CASES) {
  test(`${c.entry}: menu → list → filter → sort → page 2 → detail → back`, async ({ page }) => {
    await page.goto(cityUrl('bj', '/'));
    // The header's 商铺 / 写字楼 opens its sale and rent lists on hover (spec §2 Header).
    const group = page.locator('.main-nav__group').filter({ has: page.getByRole('link', { name: c.menu, exact: true }) });
    await group.hover();
    await group.locator('.main-nav__sub').getByRole('link', { name: c.entry }).click();
    await expect(page).toHaveURL(cityUrl('bj', c.path));
    await expect(page.locator('.main-nav a.is-active')).toHaveText(c.menu);
    await expect(page.locator('h1.result-count')).toHaveText(new RegExp(`共找到 \\d+ 套北京${c.entry}`));
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(30);
    await expect(page.locator('.listing__price').first()).toHaveText(c.priceWords);

    // One type or grade: fewer units, each card says it.
    await page
      .locator('.filter-row')
      .filter({ hasText: c.typeRow })
      .getByRole('link', { name: c.typeOption, exact: true })
      .click();
    await expect(page).toHaveURL(cityUrl('bj', `${c.path}${c.typeToken}/`));
    const some = await resultCount(page);
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(all);
    const facts = await page.locator('.listing__facts').allTextContents();
    expect(facts.length).toBe(Math.min(30, some));
    for (const f of facts) expect(f.startsWith(`${c.typeOption} |`)).toBe(true);

    // Cheapest first, over the whole city, and page 2 carries on where page 1 stopped.
    await page.goto(cityUrl('bj', c.path));
    await page.locator('.sort-links').getByRole('link', { name: c.sortLabel }).click();
    await expect(page).toHaveURL(cityUrl('bj', `${c.path}co2/`));
    const first = await prices(page, c.price);
    expect(first).toHaveLength(30);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(new Set(first).size).toBeGreaterThan(1);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(cityUrl('bj', `${c.path}co2pg2/`));
    const second = await prices(page, c.price);
    expect(second.length).toBe(all - 30 > 30 ? 30 : all - 30);
    expect(second[0]).toBeGreaterThanOrEqual(first.at(-1)!);

    const title = (await page.locator('.listing__title').first().textContent())!;
    await page.locator('.listing__title').first().click();
    await expect(page).toHaveURL(new RegExp(`${c.path}xiangqing/\\d+$`));
    await expect(page.locator('h1.detail-title')).toHaveText(title);
    await expect(page.locator('.price-block')).toHaveText(c.priceWords);
    await expect(page.locator('.facts').first()).toContainText(c.kindFact);
    await expect(page.getByRole('heading', { name: '位置交通' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '位置及周边' })).toHaveCount(1);
    await expect(page.locator('.agent-card')).toBeVisible();
    expect(await page.locator('.gallery__thumbs button').count()).toBeGreaterThanOrEqual(4);
    await page.goBack();
    await expect(page).toHaveURL(cityUrl('bj', `${c.path}co2pg2/`));
  });
}

test('a business-area suggestion in the 商铺出租 search box lands on that area’s shops to let', async ({ page }) => {
  await page.goto(cityUrl('bj', '/sp/rent/'));
  // The business area of the newest shop to let: a place that has some.
  const place = (await page.locator('.listing__community span').first().textContent())!;
  const area = place.split('·')[1]!.trim();
  const input = page.locator('.search-box__input');
  const suggestion = page
    .locator('.search-box__dropdown li')
    .filter({ hasText: '商圈' })
    .filter({ hasText: new RegExp(`^${area}`) })
    .first();
  // Typing before the box has hydrated is lost; type again until the dropdown answers.
  await expect(async () => {
    await input.fill('');
    await input.fill(area);
    await expect(suggestion).toBeVisible({ timeout: 2000 });
  }).toPass();
  // spec §9: the label of a rent channel is 租, and the count is the area's shops to let.
  await expect(suggestion.locator('em')).toHaveText('租');
  const n = Number(/在租(\d+)套/.exec((await suggestion.textContent()) ?? '')?.[1]);
  expect(n).toBeGreaterThan(0);
  await suggestion.click();
  await expect(page).toHaveURL(/\/sp\/rent\/dc\d+\/ta\d+\/key[^/]+\/$/);
  await expect(page.locator('h1.result-count')).toHaveText(new RegExp(`共找到 ${n} 套北京商铺出租`));
  const places = await page.locator('.listing__community span').allTextContents();
  expect(places.length).toBe(Math.min(30, n));
  for (const p of places) expect(p).toContain(area);
});

test('a city without shops has no 商铺 menu and its /sp/buy/ is the 404 page; /sp/ opens the sale list where there are shops', async ({
  page,
}) => {
  // 天津 has isShop 0 and isOffice 1 in the seed (backend/src/db/seed-data/cities.ts).
  await page.goto(cityUrl('tj', '/'));
  const nav = page.locator('.main-nav');
  await expect(nav.getByRole('link', { name: '写字楼', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: '商铺', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '商铺出售' })).toHaveCount(0);
  for (const path of ['/sp/buy/', '/sp/rent/', '/sp/buy/lx1/']) {
    const res = await page.goto(cityUrl('tj', path));
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  }
  const offices = await page.goto(cityUrl('tj', '/xzl/buy/'));
  expect(offices?.status()).toBe(200);
  await expect(page.locator('h1.result-count')).toHaveText(/共找到 \d+ 套天津写字楼出售/);

  // …while 北京 has both, and the bare section path opens its sale list.
  await page.goto(cityUrl('bj', '/sp/'));
  await expect(page).toHaveURL(cityUrl('bj', '/sp/buy/'));
  await expect(page.locator('.main-nav').getByRole('link', { name: '商铺', exact: true })).toBeVisible();
});

test('a unit asked for under the other deal is the 404 page', async ({ page }) => {
  await page.goto(cityUrl('bj', '/sp/rent/'));
  const href = (await page.locator('.listing__title').first().getAttribute('href'))!;
  const id = /xiangqing\/(\d+)$/.exec(href)![1];
  const res = await page.goto(cityUrl('bj', `/sp/buy/xiangqing/${id}`));
  expect(res?.status()).toBe(404);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  expect((await page.goto(cityUrl('bj', href)))?.status()).toBe(200);
});
