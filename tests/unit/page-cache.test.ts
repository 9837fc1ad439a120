import { describe, expect, it } from 'vitest';
import { pageTagsOf } from '@/lib/page-cache/page-tags';
import { TagClock } from '@/lib/page-cache/tag-clock';
import { MemoryStore } from '@/lib/page-cache/stores';

describe('page tags', () => {
  it('tags a list, its filtered pages and its dictionary with the channel and city', () => {
    expect(pageTagsOf('/bj/ershoufang')).toEqual(['city:bj', 'list:esf:bj']);
    expect(pageTagsOf('/bj/ershoufang/dc12p3')).toEqual(['city:bj', 'list:esf:bj']);
    expect(pageTagsOf('/sh/sp/buy/pg2')).toEqual(['city:sh', 'list:shop_sale:sh']);
    expect(pageTagsOf('/sh/xzl/rent/dictionary')).toEqual(['city:sh', 'list:offices_rent:sh']);
  });
  it('tags a detail page with its listing, the .html alias included', () => {
    expect(pageTagsOf('/bj/zufang/xiangqing/42')).toEqual(['city:bj', 'detail:rent:42']);
    expect(pageTagsOf('/bj/loupan/xiangqing/7.html')).toEqual(['city:bj', 'detail:new:7']);
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
