import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressRanges } from '@contracts/address-ranges';
import type { Location } from '@contracts/city';
import { ApiPath } from '@contracts/paths';
import { buildApp } from '../src/app';
import { cityNameOfIp } from '../src/modules/portal/location';
import { localStorage } from '../src/storage/local-storage';
import { envelope, startHarness, type Harness } from './harness';

let h: Harness;
let app: FastifyInstance;
let ossDir: string;
beforeAll(async () => {
  h = await startHarness();
  // A default city (西安) that none of the located addresses below is in, so a fall-back cannot pass for a hit.
  ossDir = mkdtempSync(path.join(tmpdir(), 'yj-location-'));
  app = await buildApp({ db: h.database.db, config: { ...h.config, DEFAULT_CITY: 'xa' }, storage: localStorage(ossDir) });
});
afterAll(async () => {
  await app?.close();
  await h?.close();
  rmSync(ossDir, { recursive: true, force: true });
});

/** The visitor's address as the web process forwards it: from loopback, in X-Forwarded-For. */
async function locate(forwardedFor: string | undefined, remoteAddress = '127.0.0.1'): Promise<Location> {
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const res = await app.inject({ method: 'GET', url: ApiPath.location, headers, remoteAddress });
  expect(res.statusCode).toBe(200);
  return envelope<Location>(res).data;
}

// Public addresses of carriers' DNS servers and big hosts, placed by ip2region 2.3.0 as noted.
const LOCATED: [ip: string, cityDomain: string, cityName: string][] = [
  ['202.106.0.20', 'bj', '北京'], // 北京/北京市 联通
  ['180.76.76.76', 'bj', '北京'], // 北京/北京市 百度
  ['202.96.209.5', 'sh', '上海'], // 上海/上海市 电信
  ['202.96.128.86', 'gz', '广州'], // 广东省/广州市 电信
  ['120.24.78.68', 'sz', '深圳'], // 广东省/深圳市 阿里云 (the library's README example)
  ['202.96.134.133', 'sz', '深圳'], // 广东省/深圳市 电信
  ['202.101.172.35', 'hz', '杭州'], // 浙江省/杭州市 电信
  ['60.24.1.1', 'tj', '天津'], // 天津/天津市 联通
  ['113.204.1.1', 'cq', '重庆'], // 重庆/重庆市 联通
  ['114.114.114.114', 'nj', '南京'], // 江苏省/南京市
  ['::ffff:202.96.209.5', 'sh', '上海'], // IPv4-mapped IPv6, looked up as IPv4
  ['2400:3200::1', 'hz', '杭州'], // IPv6 浙江省杭州市 阿里云
  ['2402:4e00::', 'sz', '深圳'], // IPv6 广东省深圳市 腾讯
  ['2001:da8:8000:1::1', 'sh', '上海'], // IPv6 上海市 上海交通大学: a municipality comes as province, no city
];

describe('location by client IP (ip2region)', () => {
  it.each(LOCATED)('places %s in %s', async (ip, cityDomain, cityName) => {
    expect(await locate(ip)).toMatchObject({ cityDomain, cityName });
  });

  it('answers the city code of the seeded city', async () => {
    expect(await locate('120.24.78.68')).toEqual({ cityCode: '440300', cityDomain: 'sz', cityName: '深圳' });
  });

  it.each([
    ['foreign', '8.8.8.8'],
    ['private 10/8', '10.1.2.3'],
    ['private 192.168/16', '192.168.1.1'],
    ['loopback', '127.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 link-local with a zone id', 'fe80::1%eth0'],
    ['a Chinese city the portal does not have (秦皇岛)', '240e:4c:4008::1'],
    ['garbage', 'garbage'],
  ])('gives the default city to a %s address', async (_kind, ip) => {
    expect(await locate(ip)).toEqual({ cityCode: '610100', cityDomain: 'xa', cityName: '西安' });
  });

  it('gives the default city to a loopback visitor without X-Forwarded-For', async () => {
    expect((await locate(undefined)).cityDomain).toBe('xa');
  });

  it('trusts X-Forwarded-For from loopback only (trustProxy in app.ts)', async () => {
    expect((await locate('202.96.209.5', '127.0.0.1')).cityDomain).toBe('sh');
    expect((await locate('202.96.209.5', '203.0.113.9')).cityDomain).toBe('xa');
  });

  it('trusts X-Forwarded-For from BACKEND_TRUSTED_PROXIES only: the web on another machine', async () => {
    const remote = await buildApp({
      db: h.database.db,
      config: { ...h.config, DEFAULT_CITY: 'xa', BACKEND_TRUSTED_PROXIES: parseAddressRanges('10.0.0.5, 10.1.0.0/16') },
      storage: localStorage(ossDir),
    });
    try {
      const from = async (remoteAddress: string) => {
        const headers = { 'x-forwarded-for': '202.96.209.5' };
        const res = await remote.inject({ method: 'GET', url: ApiPath.location, headers, remoteAddress });
        return envelope<Location>(res).data.cityDomain;
      };
      expect(await from('10.0.0.5')).toBe('sh');
      expect(await from('10.1.7.7')).toBe('sh');
      expect(await from('::ffff:10.0.0.5')).toBe('sh');
      // Loopback is no web of this deployment's, nor is a visitor reaching the port.
      expect(await from('127.0.0.1')).toBe('xa');
      expect(await from('10.0.0.6')).toBe('xa');
    } finally {
      await remote.close();
    }
  });

  it('believes X-Forwarded-For for BACKEND_TRUSTED_PROXY_HOPS hops only (1: the web), however many entries are trusted', async () => {
    const cityFrom = async (server: FastifyInstance, forwardedFor: string) => {
      const headers = { 'x-forwarded-for': forwardedFor };
      const res = await server.inject({ method: 'GET', url: ApiPath.location, headers, remoteAddress: '127.0.0.1' });
      return envelope<Location>(res).data.cityDomain;
    };
    // A chain whose last entry is a trusted address: only a second hop in the settings makes the entry before it count.
    const chain = '202.96.209.5, 127.0.0.1';
    expect([await cityFrom(app, chain), await cityFrom(app, '202.96.209.5')]).toEqual(['xa', 'sh']);
    const withHops = (hops: number) =>
      buildApp({
        db: h.database.db,
        config: { ...h.config, DEFAULT_CITY: 'xa', BACKEND_TRUSTED_PROXY_HOPS: hops },
        storage: localStorage(ossDir),
      });
    const [two, none] = [await withHops(2), await withHops(0)];
    try {
      expect(await cityFrom(two, chain)).toBe('sh');
      // No proxy in front: the socket's peer is the client, whatever the header says.
      expect(await cityFrom(none, '202.96.209.5')).toBe('xa');
    } finally {
      await two.close();
      await none.close();
    }
  });

  it('uses the DEFAULT_CITY of the settings', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: ApiPath.location,
      headers: { 'x-forwarded-for': '8.8.8.8' },
      remoteAddress: '127.0.0.1',
    });
    expect(envelope<Location>(res).data.cityDomain).toBe('bj');
  });
});

describe('cityNameOfIp', () => {
  it('strips 市 from municipalities and prefecture cities alike', () => {
    expect(['202.106.0.20', '202.96.209.5', '60.24.1.1', '113.204.1.1', '120.24.78.68'].map(cityNameOfIp)).toEqual([
      '北京',
      '上海',
      '天津',
      '重庆',
      '深圳',
    ]);
  });

  it('gives null outside China and for anything that is not a public address', () => {
    expect(
      ['8.8.8.8', '10.1.2.3', '127.0.0.1', '::1', '', '1.2.3', '1::2::3', '::ffff:999.1.1.1', 'fe80::1%eth0'].map(cityNameOfIp),
    ).toEqual(Array(9).fill(null));
  });

  it('never throws, and never answers a province or a name ending in 市', () => {
    const anything = fc.oneof(
      fc.string(),
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4().map((ip) => `::ffff:${ip}`),
      fc.ipV6().map((ip) => `${ip}%eth0`),
    );
    fc.assert(
      fc.property(anything, (ip) => {
        const name = cityNameOfIp(ip);
        return name === null || (name !== '' && !/[市省]$/.test(name));
      }),
      { numRuns: 2000 },
    );
  });
});
