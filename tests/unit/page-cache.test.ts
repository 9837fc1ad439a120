import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FrontCache, isShareable } from '@/lib/front/page-cache/front-cache';
import { pageTagsOf } from '@/lib/front/page-cache/page-tags';
import { TagClock } from '@/lib/front/page-cache/tag-clock';
import PageCacheHandler from '@/lib/front/page-cache/handler';
import {
  budgetKeyOf,
  PREFETCHES_PER_PAGE,
  RENDER_BUDGET_DEFAULTS,
  RenderBudget,
  renderKind,
  type Taken,
} from '@/lib/front/render-budget';
import {
  FREE_TEXT_TTL_SECONDS,
  isFreeTextPage,
  isPerItemLandingPage,
  MemoryStore,
  NOT_FOUND_TTL_SECONDS,
  RedisStore,
  type CachedEntry,
  type PageStore,
} from '@/lib/front/page-cache/stores';

describe('page tags', () => {
  it('tags a list, its filtered pages and its dictionary with the channel and city', () => {
    // 二手房, 新房 and 租房 lists show a category's newest articles under their results: the city's news too.
    expect(pageTagsOf('/bj/ershoufang')).toEqual(['city:bj', 'list:esf:bj', 'news:bj:loushikuaixun']);
    expect(pageTagsOf('/bj/ershoufang/dc12p3')).toEqual(['city:bj', 'list:esf:bj', 'news:bj:loushikuaixun']);
    expect(pageTagsOf('/bj/loupan/pg2')).toEqual(['city:bj', 'list:new:bj', 'news:bj:loupingdaogou']);
    expect(pageTagsOf('/bj/xiaoqu/')).toEqual(['city:bj', 'list:estate:bj']);
    expect(pageTagsOf('/sh/sp/buy/pg2')).toEqual(['city:sh', 'list:shop_sale:sh']);
    expect(pageTagsOf('/sh/xzl/rent/dictionary')).toEqual(['city:sh', 'list:offices_rent:sh']);
  });
  it('tags a detail page with its listing, the .html alias included', () => {
    expect(pageTagsOf('/bj/zufang/xiangqing/42')).toEqual(['city:bj', 'detail:rent:42']);
    expect(pageTagsOf('/bj/loupan/xiangqing/7.html')).toEqual(['city:bj', 'detail:new:7']);
    expect(pageTagsOf('/bj/loupan/xiangqing/7/dianping/2')).toEqual(['city:bj', 'detail:new:7']);
    expect(pageTagsOf('/bj/loupan/xiangqing/7x/dianping')).toEqual(['city:bj']);
  });
  it('tags the home with every channel of the city', () => {
    const tags = pageTagsOf('/cd');
    expect(tags).toContain('city:cd');
    expect(tags).toContain('list:esf:cd');
    expect(tags).toContain('list:offices_sale:cd');
  });
  it('gives other pages of a city the city tag only, and nothing to what is no city page', () => {
    expect(pageTagsOf('/bj/citys')).toEqual(['city:bj']);
    expect(pageTagsOf('/_not-found')).toEqual([]);
  });
});

describe('tag clock', () => {
  it('puts out of date what was made before a change of one of its tags, nothing else', () => {
    const clock = new TagClock();
    clock.change(['list:esf:bj'], 1000);
    expect(clock.isOutOfDate(['city:bj', 'list:esf:bj'], 999)).toBe(true);
    expect(clock.isOutOfDate(['city:bj', 'list:esf:bj'], 1001)).toBe(false);
    expect(clock.isOutOfDate(['city:bj', 'list:rent:bj'], 999)).toBe(false);
  });
  it('keeps the latest change of a tag and forgets old ones', () => {
    const clock = new TagClock();
    clock.change(['a'], 2000);
    clock.change(['a'], 1000);
    expect(clock.isOutOfDate(['a'], 1500)).toBe(true);
    clock.forgetBefore(3000);
    expect(clock.isOutOfDate(['a'], 1500)).toBe(false);
  });
  it('after a reset, everything made before it is out of date', () => {
    const clock = new TagClock();
    clock.changeEverything(5000);
    expect(clock.isOutOfDate([], 4999)).toBe(true);
    expect(clock.isOutOfDate([], 5001)).toBe(false);
  });
});

describe('memory store', () => {
  it('drops the least recently used pages beyond its size', async () => {
    const store = new MemoryStore(100_000);
    const page = (n: number) => ({ lastModified: n, value: { kind: 'APP_PAGE', html: 'x'.repeat(20_000) }, tags: [] });
    for (let n = 0; n < 5; n++) await store.set(`/p${n}`, page(n));
    expect(await store.get('/p0')).toBeUndefined();
    expect((await store.get('/p4'))?.lastModified).toBe(4);
  });
});

describe('front cache', () => {
  const shareable = { 'cache-control': 's-maxage=50, stale-while-revalidate=86350', 'content-type': 'text/html' };
  it('keeps only whole pages Next marked for shared caches, sent to no one in particular', () => {
    expect(isShareable(200, shareable)).toBe(true);
    expect(isShareable(404, shareable)).toBe(true);
    expect(isShareable(500, shareable)).toBe(false);
    expect(isShareable(308, shareable)).toBe(false);
    expect(isShareable(200, { ...shareable, 'set-cookie': ['yj_device=x'] })).toBe(false);
    expect(isShareable(200, { ...shareable, 'x-nextjs-cache': 'STALE' })).toBe(false);
    expect(isShareable(200, { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })).toBe(false);
  });

  it('keeps one copy for every visitor, with a cookie or without (a first visit, a crawler), and leaves anything but a read to Next', () => {
    const front = new FrontCache(new TagClock(), 1_000_000);
    const req = (method: string, cookie?: string) =>
      ({ method, url: '/ershoufang/', headers: cookie ? { cookie } : {} }) as IncomingMessage;
    expect(front.request(req('POST', 'yj_device=abc'), 'bj')).toBeNull();
    const first = front.request(req('GET'), 'bj');
    expect(first).toEqual({
      key: expect.stringContaining('/ershoufang/'),
      tags: ['city:bj', 'list:esf:bj', 'news:bj:loushikuaixun'],
    });
    expect(front.request(req('GET', 'other=1; yj_device=abc'), 'bj')).toEqual(first);
    expect(front.request(req('HEAD', 'yj_token=t'), 'bj')).toEqual(first);
  });
});

describe('redis store', () => {
  it('counts a Redis that does not answer as a miss and drops writes, without failing a page', async () => {
    const store = new RedisStore('redis://127.0.0.1:1', 'test:', 1024 * 1024);
    const started = Date.now();
    expect(await store.get('/bj')).toBeUndefined();
    await store.set('/bj', { lastModified: 1, value: {}, tags: [] });
    expect(Date.now() - started).toBeLessThan(1000);
    store.close();
  });
});

describe('what anyone can make up (docs/security.md "Made-up addresses and the page cache")', () => {
  /** A store that remembers how long each page was given. */
  class Recorder implements PageStore {
    readonly ttls = new Map<string, number | undefined>();
    async get(): Promise<CachedEntry | undefined> {
      return undefined;
    }
    async set(key: string, _entry: CachedEntry, ttlSeconds?: number): Promise<void> {
      this.ttls.set(key, ttlSeconds);
    }
  }

  it('knows a free-text page by its key segment, encoded or not, and nothing else', () => {
    expect(isFreeTextPage('/bj/zufang/keyzz1')).toBe(true);
    expect(isFreeTextPage('/bj/ershoufang/dc12/key%E6%9C%9B%E4%BA%AC/p3')).toBe(true);
    expect(isFreeTextPage('/bj/ershoufang/dc12/key望京')).toBe(true);
    expect(isFreeTextPage('/bj/ershoufang/dc12/p3')).toBe(false);
    expect(isFreeTextPage('/bj/zufang/xiangqing/42')).toBe(false);
  });

  it('keeps a keyword page and a redirect 10 minutes in this process, a 404 10 minutes, a list the full day in the shared store', async () => {
    const shared = new Recorder();
    const local = new Recorder();
    const slot = globalThis as unknown as Record<symbol, unknown>;
    const KEY = Symbol.for('youju.pageCache');
    const before = slot[KEY];
    slot[KEY] = { store: shared, local, clock: new TagClock() };
    try {
      const handler = new PageCacheHandler();
      await handler.set('/bj/zufang/keyzz1', { kind: 'APP_PAGE', status: 200 }, {});
      await handler.set('/bj/zufang/dc999999', { kind: 'APP_PAGE', status: 404 }, {});
      await handler.set('/bj/zufang/dc12', { kind: 'APP_PAGE', status: 200 }, {});
      await handler.set('/bj/zufang/dc9999999999', { kind: 'APP_PAGE', status: 308 }, {});
      expect(local.ttls.get('/bj/zufang/dc9999999999')).toBe(FREE_TEXT_TTL_SECONDS);
      expect(shared.ttls.has('/bj/zufang/dc9999999999')).toBe(false);
      expect(local.ttls.get('/bj/zufang/keyzz1')).toBe(FREE_TEXT_TTL_SECONDS);
      expect(FREE_TEXT_TTL_SECONDS).toBeLessThanOrEqual(10 * 60);
      expect(shared.ttls.has('/bj/zufang/keyzz1')).toBe(false);
      expect(shared.ttls.get('/bj/zufang/dc999999')).toBe(NOT_FOUND_TTL_SECONDS);
      expect(shared.ttls.has('/bj/zufang/dc12')).toBe(true);
      expect(shared.ttls.get('/bj/zufang/dc12')).toBeUndefined();
    } finally {
      slot[KEY] = before;
    }
  });
});

describe('pages of one shared item or one code (an attacker probe, 2026-11-29)', () => {
  class Recorder implements PageStore {
    readonly ttls = new Map<string, number | undefined>();
    async get(): Promise<CachedEntry | undefined> {
      return undefined;
    }
    async set(key: string, _entry: CachedEntry, ttlSeconds?: number): Promise<void> {
      this.ttls.set(key, ttlSeconds);
    }
  }

  it('knows them by their address, and not the one page of /share or /validate a city has', () => {
    // Next's keys as the cache handler is given them, and the rewritten path they end in.
    const key = (path: string) => `/route-cache/APP_PAGE/c57afadf46118eaff8ed738d3d03faeb/$${path}`;
    for (const path of [
      '/bj/share/esf/12',
      '/bj/share/agent/7',
      '/bj/share/news/3',
      '/sh/validate/YJ112345692',
      '/bj/validate/invalid',
    ]) {
      expect(isPerItemLandingPage(path), path).toBe(true);
      expect(isPerItemLandingPage(key(path)), path).toBe(true);
    }
    for (const path of ['/bj/share', '/bj/validate', '/bj/sitemap', '/bj/ershoufang/xiangqing/12', '/bj/zufang/dc12', '/bj']) {
      expect(isPerItemLandingPage(path), path).toBe(false);
      expect(isPerItemLandingPage(key(path)), path).toBe(false);
    }
  });

  it('keeps them 10 minutes in this process, a real one or a 404, never in the shared Redis the lists and details are in', async () => {
    const shared = new Recorder();
    const local = new Recorder();
    const slot = globalThis as unknown as Record<symbol, unknown>;
    const KEY = Symbol.for('youju.pageCache');
    const before = slot[KEY];
    slot[KEY] = { store: shared, local, clock: new TagClock() };
    try {
      const handler = new PageCacheHandler();
      const pages: [string, number][] = [
        ['/route-cache/APP_PAGE/c57afadf/$/bj/share/esf/12', 200],
        ['/bj/share/esf/2147483000', 404],
        ['/route-cache/APP_PAGE/83b7307d/$/bj/validate/YJ112345692', 200],
        ['/route-cache/APP_PAGE/83b7307d/$/bj/validate/YJ12147483000', 404],
      ];
      for (const [key, status] of pages) await handler.set(key, { kind: 'APP_PAGE', status }, {});
      for (const [key] of pages) {
        expect(local.ttls.get(key), key).toBe(FREE_TEXT_TTL_SECONDS);
        expect(shared.ttls.has(key), key).toBe(false);
      }
      await handler.set('/bj/share', { kind: 'APP_PAGE', status: 200 }, {});
      await handler.set('/bj/ershoufang/xiangqing/12', { kind: 'APP_PAGE', status: 200 }, {});
      expect(shared.ttls.has('/bj/share')).toBe(true);
      expect(shared.ttls.has('/bj/ershoufang/xiangqing/12')).toBe(true);
    } finally {
      slot[KEY] = before;
    }
  });
});

describe('renders per client address', () => {
  it('lets an address have 30 pages rendered in 10 s, then only cached ones until its window ends', () => {
    const budget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
    const t = 1_000_000;
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++) {
      expect(budget.isSpent('203.0.113.7', 'page', t + i)).toBe(false);
      expect(budget.take('203.0.113.7', 'page', t + i)).toMatchObject({ startedAt: t });
    }
    expect(budget.isSpent('203.0.113.7', 'page', t + 100)).toBe(true);
    expect(budget.take('203.0.113.7', 'page', t + 100)).toBe('spent');
    expect(budget.retryAfter('203.0.113.7', 'page', t + 100)).toBe(10);
    // Another address, and the same one in its next window, render again.
    expect(budget.isSpent('203.0.113.8', 'page', t + 100)).toBe(false);
    expect(budget.isSpent('203.0.113.7', 'page', t + RENDER_BUDGET_DEFAULTS.windowMs)).toBe(false);
  });
  it("keeps the router's prefetches apart: a list's 30 prefetched links leave the reader's clicks their own 30", () => {
    const budget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
    const t = 2_000_000;
    const reader = '198.51.100.30';
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++) budget.take(reader, 'prefetch', t + i);
    expect(budget.isSpent(reader, 'page', t + 50)).toBe(false);
    expect(budget.isSpent(reader, 'prefetch', t + 50)).toBe(false);
    // Prefetches are bounded too, at PREFETCHES_PER_PAGE times the pages: a flood sending the header gains only that.
    for (let i = RENDER_BUDGET_DEFAULTS.perWindow; i < RENDER_BUDGET_DEFAULTS.perWindow * PREFETCHES_PER_PAGE; i++)
      budget.take(reader, 'prefetch', t + i);
    expect(budget.isSpent(reader, 'prefetch', t + 200)).toBe(true);
    expect(budget.isSpent(reader, 'page', t + 200)).toBe(false);
    expect(budget.retryAfter(reader, 'prefetch', t + 200)).toBe(10);
  });
  it("counts only Next's router prefetch (an RSC payload) as a prefetch; a browser's prefetch of the whole page is a page", () => {
    expect(renderKind({ 'next-router-prefetch': '1', rsc: '1' })).toBe('prefetch');
    expect(renderKind({ 'next-router-prefetch': '1' })).toBe('page');
    expect(renderKind({ 'sec-purpose': 'prefetch;prerender' })).toBe('page');
    expect(renderKind({ purpose: 'prefetch' })).toBe('page');
    expect(renderKind({ rsc: '1' })).toBe('page');
    expect(renderKind({})).toBe('page');
  });
  it('gives back a render Next answered from its cache, within the window it was taken from only', () => {
    const budget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
    const t = 3_000_000;
    const a = '203.0.113.21';
    const takens = Array.from({ length: RENDER_BUDGET_DEFAULTS.perWindow }, (_, i) => budget.take(a, 'page', t + i));
    expect(budget.isSpent(a, 'page', t + 50)).toBe(true);
    budget.giveBack(takens[0] as Taken);
    expect(budget.isSpent(a, 'page', t + 50)).toBe(false);
    // A render taken in an earlier window gives nothing back to the next one.
    const next = t + RENDER_BUDGET_DEFAULTS.windowMs;
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++) budget.take(a, 'page', next + i);
    budget.giveBack(takens[1] as Taken);
    expect(budget.isSpent(a, 'page', next + 50)).toBe(true);
  });
  it('counts an IPv6 visitor by its /64, and an IPv4-mapped one as its IPv4 address', () => {
    expect(budgetKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(budgetKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(budgetKeyOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(budgetKeyOf('203.0.113.5')).toBe('203.0.113.5');
    const budget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
    for (let i = 0; i < RENDER_BUDGET_DEFAULTS.perWindow; i++)
      budget.take(`2001:db8:1:2::${(i + 1).toString(16)}`, 'page', 5_000_000);
    expect(budget.take('2001:db8:1:2:ffff::9', 'page', 5_000_100)).toBe('spent');
    expect(budget.take('2001:db8:1:3::9', 'page', 5_000_100)).not.toBe('spent');
  });
  it('does not count this machine, and 0 turns it off', () => {
    const budget = new RenderBudget(RENDER_BUDGET_DEFAULTS);
    const off = new RenderBudget({ ...RENDER_BUDGET_DEFAULTS, perWindow: 0 });
    for (let i = 0; i < 100; i++) for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(budget.take(a)).toBeNull();
    for (let i = 0; i < 100; i++) expect(off.take('203.0.113.9')).toBeNull();
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(budget.isSpent(a)).toBe(false);
    expect(off.isSpent('203.0.113.9')).toBe(false);
  });
});
