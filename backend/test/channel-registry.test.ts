import { describe, expect, it } from 'vitest';
import { CHANNEL_SEO } from '@contracts/channel-seo';
import { COMMERCIAL_DECLS, OFFICES_SALE, SHOP_SALE } from '@contracts/commercial-filters';
import { codeCount } from '@contracts/residential';
import { OFFICE_GRADE_OPTIONS, SHOP_TYPE_OPTIONS } from '../src/domain/commercial-codes';
import { CHANNELS } from '@contracts/channels';
import { CHANNEL_CODES } from '@contracts/constants';
import { MAP_CHANNELS } from '@contracts/map-constants';
import { OPS_LISTING_CHANNELS } from '@contracts/ops';
import { PRICE_HISTORY_CHANNELS } from '@contracts/price-history';
import { SITEMAP_KINDS } from '@contracts/sitemap';
import { CHANNEL_MODULE_LIST, CHANNEL_MODULES, homeModuleOf } from '../src/modules/listings/channels/registry';
import { CHANNEL_STOCK } from '../src/modules/listings/stock';
import { DETAIL_SOURCES } from '../src/modules/sitemap/sources';

/** The channel registry agrees with the contracts: every channel has a module, and each module what its callers need. */
describe('channel registry', () => {
  it('has one module for every channel of the contracts, under its own code', () => {
    expect(CHANNEL_MODULE_LIST.map((m) => m.code)).toEqual([...CHANNEL_CODES]);
    expect(Object.keys(CHANNELS).sort()).toEqual([...CHANNEL_CODES].sort());
    for (const code of CHANNEL_CODES) {
      expect(CHANNEL_MODULES[code].code).toBe(code);
      expect(CHANNEL_STOCK[code]).toBe(CHANNEL_MODULES[code].stock);
    }
  });

  it('gives each channel a sitemap source, an alert card, a list query and SEO facts', () => {
    expect(CHANNEL_CODES.length).toBeGreaterThan(0);
    for (const code of CHANNEL_CODES) {
      expect(SITEMAP_KINDS).toContain(code);
      expect(DETAIL_SOURCES[code].channel).toBe(code);
      expect(DETAIL_SOURCES[code].table).toBe(CHANNEL_MODULES[code].table);
      expect(typeof CHANNEL_MODULES[code].alertCard).toBe('function');
      expect(typeof CHANNEL_SEO[code]).toBe('function');
      // An empty query of the city passes the channel's own list schema (a saved search of the whole list).
      expect(CHANNEL_MODULES[code].listQuery.safeParse({ cityCode: '110000' }).success).toBe(true);
    }
  });

  it('reprices (ops) and keeps 调价记录 of exactly the channels the contracts name', () => {
    const repriced = CHANNEL_MODULE_LIST.filter((m) => m.price).map((m) => m.code);
    expect(repriced).toEqual([...OPS_LISTING_CHANNELS]);
    expect(repriced).not.toContain('estate');
    const history = CHANNEL_MODULE_LIST.filter((m) => m.price?.history).map((m) => m.code);
    expect(history.sort()).toEqual([...PRICE_HISTORY_CHANNELS].sort());
    expect(history).not.toContain('new');
  });

  it('puts on the map exactly the map channels, each with its facts', () => {
    const mapped = CHANNEL_MODULE_LIST.filter((m) => m.map).map((m) => m.code);
    expect(mapped.sort()).toEqual([...MAP_CHANNELS].sort());
  });

  it('finds a home channel by its business type: 1 二手房, 2 租房', () => {
    expect(homeModuleOf(1).code).toBe('esf');
    expect(homeModuleOf(2).code).toBe('rent');
    expect(homeModuleOf(1).priceText(520.5)).toBe('520.5万');
    expect(homeModuleOf(2).priceText(6500)).toBe('6500元/月');
  });
});

describe('commercial declarations', () => {
  it('name the shop types and office grades as the seed writes them', () => {
    const [shopType] = SHOP_SALE.filters;
    const [grade] = OFFICES_SALE.filters;
    expect(shopType.options).toEqual(SHOP_TYPE_OPTIONS);
    expect(grade.options).toEqual(OFFICE_GRADE_OPTIONS);
  });

  it('give a field as many codes on every channel that declares it (one list request for the four)', () => {
    const counts = new Map<string, Set<number>>();
    for (const decl of Object.values(COMMERCIAL_DECLS))
      for (const f of decl.filters) counts.set(f.key, (counts.get(f.key) ?? new Set()).add(codeCount(f)));
    expect(counts.size).toBe(5);
    for (const [key, n] of counts) expect([key, n.size]).toEqual([key, 1]);
  });
});
