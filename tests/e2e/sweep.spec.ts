import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { CHANNEL_LIST } from '@contracts/channels';
import { E2E } from '../../playwright.config';
import { rawRequest, type RawResponse } from './raw-http';

/**
 * The web sweep (docs/security.md): generated Hosts × paths, written raw on a socket, against both
 * processes. Whatever arrives, the web answers below 500, sends no Location outside the portal's root
 * domain, and never names the backend's internal address. A fixed cross product of the hosts and paths
 * that once failed, then `SWEEP_RUNS` generated cases (default 200; e.g. SWEEP_RUNS=5000 by hand).
 */
const R = E2E.root;
const RUNS = Number(process.env.SWEEP_RUNS ?? 200);

const HOSTS: (string | null)[] = [
  `bj.${R}`,
  R,
  `www.${R}`,
  // The agent desk's own host (lib/proxy/desk.ts), a look-alike, and the desk on the old domain.
  `desk.${R}`,
  `DESK.${R.toUpperCase()}`,
  `a.desk.${R}`,
  `desk.${E2E.oldDomain}`,
  `zz.${R}`,
  `bj.${E2E.oldDomain}`,
  E2E.oldDomain,
  `bj.${E2E.portlessOldDomain}:3100`,
  E2E.portlessOldDomain,
  `${E2E.portlessOldDomain}:9999`,
  'evil.com',
  'evil.com:3100',
  `evil.com#${E2E.portlessOldDomain}`,
  `${E2E.portlessOldDomain}@evil.com`,
  `user@bj.${R}`,
  `bj.${R}:3100`,
  `BJ.${R.toUpperCase()}`,
  `bj.localhost.:3100`,
  '127.0.0.1:3100',
  '[::1]:3100',
  `北京.${R}`,
  `xn--1lq90i.${R}`,
  `${'a'.repeat(300)}.${R}`,
  '',
  null,
  `bj.${R}/evil`,
  `bj.${R}\\@evil.com`,
  `bj.${R} evil.com`,
];

const PATHS = [
  '/',
  // 地图找房's six routes, with a made-up state in the URL.
  '/map?type=0',
  '/map?type=9&lng=abc&lat=999&z=-1&c=99999999999',
  '/map/map',
  '/map/mapForNewHouse',
  '/map/mapForSecondAndRent?type=2',
  '/map/newHouse',
  '/map/ershoufangOrzufang?type=0&rooms=%00',
  '/ershoufang/',
  '/ershoufang/dc1/pg2/',
  '/ershoufang/xiangqing/1',
  '/ershoufang/xiangqing/99999999999',
  '/citys',
  '/about/aboutuj',
  '/login',
  '/login?prePath=%2Fershoufang%2Fkey%E6%9C%9B%E4%BA%AC%2F',
  '/login?prePath=//evil.com/',
  '/login?prePath=%E6',
  '/auth/expired?prePath=/',
  '/auth/expired?prePath=https://evil.com/',
  '/assets/auth/expired',
  '/assets/x.png',
  '/favicon.ico',
  '/robots.txt',
  '/_next/static/x.js',
  '/_next/image?url=https%3A%2F%2Fevil.com%2Fx.png&w=64&q=75',
  '/_not-found',
  '/personal',
  '/personal/account',
  '/personal/record',
  '/?_pc=%3Cscript%3E&_f=x%00y',
  '/ershoufang/?pc=1',
  '/sellhouse/',
  '/index.html',
  // A city's home by code (/index{id}), robots.txt per city, the sitemaps and made-up files of them.
  '/index310000',
  '/index999999',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/esf-1.xml.gz',
  '/sitemaps/esf-99999.xml.gz',
  '/sitemaps/..%2Fesf-1.xml.gz',
  '/brand-upgrade',
  '/bj/ershoufang/',
  '/yjyz.web.api/v1/cities',
  '/yjyz.web.api/%zz',
  '/sso/logout',
  '/oss/none.svg',
  '/ershoufang/key%E6/',
  '/about/%zz',
  '/ershoufang/xiangqing/%',
  '//evil.com/',
  '/%2F%2Fevil.com',
  '/..%2f..%2fetc/passwd',
  '/\\evil.com',
  '/ershoufang/?redirect=//evil.com',
  '/no-such-page?redirect=https://evil.com',
  // From the attacker probe: dot segments out of the backend prefixes, into a network path, and the image optimiser.
  '/sso/../openapi.json',
  '/sso/%2e%2e/openapi.json',
  '/oss/%2E%2E/healthz',
  '/.//evil.com/',
  '/login?prePath=%2F.%2F%2Fevil.com',
  '/no-such-page?redirect=%2F.%2F%2Fevil.com',
  '/_next/image?url=%2Fnope.png&w=64&q=75',
  '/_next/static/chunks/none.js',
  // A channel's dictionary and options pages, and a filter segment after one (the list ignores it).
  '/ershoufang/dictionary',
  '/zufang/options/',
  '/zufang/dictionary/p1/',
  // Every channel's list, detail and .html alias; a keyword whose 50th unit is half an emoji (was a 500 on every list).
  '/loupan/',
  '/loupan/xiangqing/1.html',
  '/loupan/xiangqing/1.html.html',
  '/xiaoqu/dictionary/x',
  '/sp/buy/options',
  '/sp/rent/xiangqing/1',
  '/xzl/buy/',
  '/xzl/rent/dc1/co2/',
  `/xiaoqu/key${'a'.repeat(49)}%F0%9F%98%80/`,
  `/sp/buy/keya${'%F0%9F%98%80'.repeat(33)}/`,
  '/sp/',
  '/xzl/',
  // A project's sub-pages with page numbers and the suffix, the review form (login), agents' pages, the h5 card.
  '/loupan/xiangqing/1/dongtai/2.html',
  '/loupan/xiangqing/1/dynamic/99999',
  '/loupan/xiangqing/1/xinxi/2',
  '/loupan/xiangqing/1/huxing.html',
  '/loupan/xiangqing/1/dianping/0',
  '/loupan/xiangqing/1/dianping/add',
  '/loupan/xiangqing/1/dianping/add.html',
  '/loupan/xiangqing/1/zhoubian/%E6',
  '/loupan/xiangqing/1/xiangce/x',
  '/loupan/xiangqing/1/nope',
  '/agent/1',
  '/agent/1/esf/2',
  '/agent/1/zufang/99999',
  '/agent/0',
  '/agent/x/esf',
  '/h5/agent',
  '/h5/agent?agentId=1',
  '/h5/agent?agentId=1&agentId=2',
  // 购房工具: the calculators read every field from the query; values out of range are named, never a 500.
  '/tool',
  '/tool?calc=mortgage&loan=100&years=30&rate=3.5&repay=equal',
  '/tool?calc=mortgage&loan=1e999&years=-1&rate=NaN&fundLoan=%zz&kind=x',
  '/tool?calc=tax&price=0&area=99999999&buyerHome=9&held=x&orig=-5',
  '/tool?calc=afford&income=1&debt=999999999&savings=0&down=100',
  '/tool?calc=x&calc=tax',
  // 帮我找房 and 房源对比: answers and ids read from the query, bad ones dropped, never a 500.
  '/lookhouse',
  '/lookhouse/opts?deal=rent&bf=99999999&mi=tomorrow',
  '/lookhouse/opts?deal=x&d=1&d=%00&l=9',
  '/lookhouse/result?deal=buy&bf=600&bt=300&d=1,2,3,4,5,6,7&st=2147483648&n=school,subway',
  '/lookhouse/result?deal=rent&st=999999999&mi=2026-13-45&l=1&l=x',
  '/ershoufang/duibi?ids=1,2,3',
  '/ershoufang/duibi?ids=x,-1,99999999999,0',
  '/ershoufang/duibi?ids=1&ids=2',
  '/zufang/duibi?ids=1,2,3,4,5,6',
  '/zufang/duibi',
  '/h5/agent?agentId=%00',
  '/h5/agent/1',
  // 资讯: categories, pages, articles (also under another category) and the query routes, well-formed or not.
  '/news/',
  '/news/loushikuaixun/pg2/',
  '/news/loushikuaixun/pg1/',
  '/news/loushikuaixun/pg999/',
  '/news/gossip/',
  '/news/shichangzhengce/1.html',
  '/news/zhishifenxiang/1.html',
  '/news/zhishifenxiang/99999999.html',
  '/news/zhishifenxiang/%00.html',
  '/news/detail?id=1',
  '/news/detail?id=1&id=2',
  '/news/detail?id=x',
  '/news/detailHouseCard?id=1',
  '/news/detailWxArt?id=1',
  '/news/detailWxArt?id=99999999',
  '/news/detailWxArt/0',
  '/download',
  // 分享, 房源核验 and the site map: items and codes by query, made-up ones, what is no code at all.
  '/share',
  '/share.html',
  '/share?type=esf&id=1',
  '/share.html?type=news&id=1',
  '/share?type=agent&id=2147483647',
  '/share?type=nope&id=1',
  '/share?type=esf&id=1&id=2',
  '/share/esf/0',
  '/share/esf/x',
  '/share/nope/1',
  '/validate',
  '/validate?code=YJ1123',
  '/validate?code=yj1-1-23',
  '/validate?code=1&channel=rent',
  '/validate?code=1&channel=nope',
  `/validate?code=${'%E6%9C%9B'.repeat(30)}`,
  '/validate?code=%00',
  '/validate/YJ11X',
  '/validate/yj112345692',
  '/validate/invalid',
  '/sitemap',
  '/sitemap/',
  '/sitemap/x',
  // The agent desk, the chat's calls (no session) and its socket path as a plain GET.
  '/desk',
  '/desk/',
  '/desk?token=x',
  '/desk/%E6',
  '/api/conversations',
  '/api/history?targetId=x',
  '/api/register?userId=1',
  '/api/desk/me',
  '/api/desk/register',
  '/api/desk/history?userId=%00',
  '/api/desk/oss/ub/desk/x.png',
  '/desk/x',
  '/oss/x.png',
  '/api/nope',
  '/api/%zz',
  // Made-up places and keywords (docs/security.md "Made-up addresses and the page cache"), ids up to 10 digits.
  '/zufang/dc999999/',
  '/loupan/e2147483647/',
  '/sp/buy/ss999999/p1/',
  '/xzl/rent/sl9999999999/',
  '/xiaoqu/ta999999/key%E6%9C%9B/',
  '/zufang/keyzz1/',
];

const OURS = new RegExp(`^([a-z][a-z0-9-]{0,30}\\.)?${R.replace(/[.]/g, '\\.')}$`);

/** What must hold for any answer: no 5xx, no redirect off the portal, no internal address. */
function checkAnswer(res: RawResponse, what: string): void {
  expect(res.status, `${what} → ${res.status} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${what} → ${res.status} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  for (const location of res.headers.location ?? []) {
    if (location.startsWith('/')) {
      expect(location, `${what}: relative Location`).not.toMatch(/^\/[/\\]/);
    } else {
      expect(new URL(location).host, `${what}: Location ${location}`).toMatch(OURS);
    }
  }
  // Next tells its client router where a page was rewritten to (`/bj/…`); an absolute URL there would name
  // an internal host, as the external API rewrite once did (`http://127.0.0.1:4000/…`).
  for (const rewrite of res.headers['x-middleware-rewrite'] ?? [])
    expect(rewrite, `${what}: rewrite header`).toMatch(/^\/(?!\/)/);
  // Every answer, whoever wrote it (gate, forwarder, Next, the proxy, Node's parser), carries our headers.
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toEqual(['nosniff']);
  expect(res.headers['x-frame-options'], `${what}: frame options`).toEqual(['DENY']);
  const all = Object.values(res.headers).flat().join('\n');
  expect(all, `${what}: internal address in a header`).not.toContain(`127.0.0.1:${E2E.backendPort}`);
}

/** Runs requests a few at a time: enough to finish quickly, few enough to stay clear of rate limits. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

test.describe('web sweep', () => {
  // A hang guard: the work is a fixed list of cases, which a busy machine (load 20) takes minutes more to answer.
  test.describe.configure({ timeout: 900_000 });

  test('every known Host × path answers below 500, with redirects on the portal only', async () => {
    const cases = HOSTS.flatMap((host) => PATHS.map((path) => ({ host, path })));
    expect(cases.length).toBeGreaterThan(500);
    let seen = 0;
    await inBatches(cases, 4, async ({ host, path }) => {
      checkAnswer(await rawRequest(E2E.webPort, 'GET', path, host), `GET ${path} Host ${host}`);
      seen += 1;
    });
    expect(seen).toBe(cases.length);
  });

  test('generated Hosts, paths with malformed escapes and odd methods answer below 500', async () => {
    const segment = fc.oneof(
      fc.stringMatching(/^[a-z0-9._~-]{0,8}$/),
      fc.constantFrom(
        '%',
        '%zz',
        '%E6',
        '%C0%AF',
        '%00',
        '%2F',
        '%F0%9F',
        'key%E6%9C%9B',
        '..',
        'xiangqing',
        'ershoufang',
        'dc1',
        'e1',
        'pg2',
        'sl1',
        'ss2',
        'auth',
        'expired',
        'personal',
        'yjyz.web.api',
        'v1',
        'sso',
        'loupan',
        'dongtai',
        'dianping',
        'add',
        'agent',
        'h5',
        'zufang',
        'esf',
        '1.html',
      ),
      fc
        .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 })
        .map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    );
    const path = fc
      .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean(), fc.option(fc.stringMatching(/^[a-zA-Z0-9=&%._-]{0,20}$/)))
      .map(([segs, slash, query]) => `/${segs.join('/')}${slash && segs.length ? '/' : ''}${query ? `?${query}` : ''}`);
    const host = fc.oneof(
      fc.constantFrom(...HOSTS),
      fc.domain(),
      fc.ipV4().map((ip) => `${ip}:3100`),
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), fc.constantFrom(R, E2E.oldDomain, `${E2E.portlessOldDomain}:3100`))
        .map(([label, root]) => `${label}.${root}`),
      // Printable ASCII only: a CR or LF would end the header line, which is another test's business.
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
    );
    const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'TRACE', 'PROPFIND', 'DELETE');
    const cases = fc.sample(fc.record({ host, path, method }), { numRuns: RUNS, seed: 20261122 });
    expect(cases.length).toBe(RUNS);
    await inBatches(cases, 4, async ({ host: h, path: p, method: m }) => {
      checkAnswer(
        await rawRequest(
          E2E.webPort,
          m,
          p,
          h,
          m === 'POST' ? { 'content-type': 'application/json' } : {},
          m === 'POST' ? '{}' : '',
        ),
        `${m} ${p} Host ${h}`,
      );
    });
  });

  test('an old domain leads to the same city on the new root, never to the host as written', async () => {
    const moved = await rawRequest(E2E.webPort, 'GET', '/ershoufang/?a=1', `bj.${E2E.portlessOldDomain}:3100`);
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toEqual([`http://bj.${R}/ershoufang/?a=1`]);
    const bare = await rawRequest(E2E.webPort, 'GET', '/', `${E2E.portlessOldDomain}:3100`);
    expect(bare.status).toBe(303);
    expect(bare.headers.location).toEqual([`http://${R}/`]);
    for (const host of [`evil.com#${E2E.portlessOldDomain}`, `${E2E.portlessOldDomain}@evil.com`]) {
      const res = await rawRequest(E2E.webPort, 'GET', '/', host);
      expect(res.status).toBe(302);
      expect(res.headers.location).toEqual([`http://bj.${R}/`]);
    }
  });

  test('malformed escapes show the 404 page, TRACE is 405, pages carry the security headers', async () => {
    for (const path of ['/ershoufang/key%E6/', '/about/%zz', '/ershoufang/xiangqing/%']) {
      const res = await rawRequest(E2E.webPort, 'GET', path, `bj.${R}`);
      expect(res.status, path).toBe(404);
      expect(Buffer.from(res.body, 'latin1').toString('utf8')).toContain('抱歉，您访问的页面不存在');
    }
    const trace = await rawRequest(E2E.webPort, 'TRACE', '/yjyz.web.api/v1/cities', `bj.${R}`);
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toMatchObject({ code: 405, succeed: false, data: null });

    const page = await rawRequest(E2E.webPort, 'GET', '/login', `bj.${R}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']?.[0]).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toEqual(['DENY']);
    expect(page.headers['x-content-type-options']).toEqual(['nosniff']);
    expect(page.headers['referrer-policy']).toEqual(['strict-origin-when-cross-origin']);
    const api = await rawRequest(E2E.webPort, 'GET', '/yjyz.web.api/v1/cities', `bj.${R}`);
    expect(api.status).toBe(200);
    expect(api.headers['x-content-type-options']).toEqual(['nosniff']);
  });

  test('a made-up place id is the 404 page on every channel and path form; a made-up keyword is a list', async () => {
    const cases = CHANNEL_LIST.flatMap((channel) =>
      ['e', 'dc', 'ta', 'sl', 'ss'].flatMap((form) => [999999, 2147483647].map((id) => `${channel.listPath}${form}${id}/`)),
    );
    expect(cases.length).toBe(CHANNEL_LIST.length * 10);
    await inBatches(cases, 4, async (path) => {
      const res = await rawRequest(E2E.webPort, 'GET', path, `bj.${R}`);
      expect(res.status, path).toBe(404);
      expect(Buffer.from(res.body, 'latin1').toString('utf8'), path).toContain('抱歉，您访问的页面不存在');
    });
    for (const channel of CHANNEL_LIST) {
      const path = `${channel.listPath}keyzz${channel.code.length}nobody/`;
      expect((await rawRequest(E2E.webPort, 'GET', path, `bj.${R}`)).status, path).toBe(200);
    }
  });

  test('nothing outside the backend prefixes reaches the backend, and upgrades are answered', async () => {
    for (const path of ['/sso/../openapi.json', '/sso/%2e%2e/openapi.json', '/oss/%2E%2E/healthz']) {
      const res = await rawRequest(E2E.webPort, 'GET', path, `bj.${R}`);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('openapi');
    }
    const ws = {
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    };
    const upgrade = await rawRequest(E2E.webPort, 'GET', '/yjyz.web.api/v1/cities', `bj.${R}`, ws);
    expect(upgrade.status).toBe(400);
    expect(upgrade.headers['x-frame-options']).toEqual(['DENY']);
    // The chat's sockets are forwarded, the user's from a city and the desk's from the desk host, and the backend
    // decides: no session is its 401 envelope.
    for (const [path, host] of [
      ['/api/register?appId=youju&userId=1&endType=2', `bj.${R}`],
      ['/api/desk/register', `desk.${R}`],
    ]) {
      const chat = await rawRequest(E2E.webPort, 'GET', path!, host!, ws);
      expect(chat.status, path).toBe(401);
      expect(JSON.parse(chat.body), path).toMatchObject({ succeed: false });
    }
    // Not on an unknown host, the other side's host, a path beside them, or a method other than GET.
    for (const [method, path, host] of [
      ['GET', '/api/register?userId=1', `nope..${R}`],
      ['GET', '/api/desk/register', `bj.${R}`],
      ['GET', '/api/desk/register', R],
      ['GET', '/api/register?userId=1', `desk.${R}`],
      ['GET', '/api/registerx?userId=1', `bj.${R}`],
      ['GET', '/api/message', `bj.${R}`],
      ['POST', '/api/register?userId=1', `bj.${R}`],
    ] as const) {
      const refused = await rawRequest(E2E.webPort, method, path, host, ws);
      expect(refused.status, `${method} ${path} ${host}`).toBe(400);
    }
    // Only a WebSocket upgrade (probe F9: an h2c upgrade was answered as one).
    for (const upgrade of ['h2c', 'websocketx']) {
      const refused = await rawRequest(E2E.webPort, 'GET', '/api/register?userId=1', `bj.${R}`, { ...ws, Upgrade: upgrade });
      expect(refused.status, upgrade).toBe(400);
    }
  });

  test('a body over 1 MiB through the web is refused with 413 and the envelope, every time', async () => {
    const big = JSON.stringify({ cityCode: 'x'.repeat(1024 * 1024 + 10) });
    for (let i = 0; i < 5; i += 1) {
      const res = await rawRequest(
        E2E.webPort,
        'POST',
        '/yjyz.web.api/v1/cities',
        `bj.${R}`,
        { 'content-type': 'application/json' },
        big,
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 413, succeed: false, data: null });
    }
  });

  test('the agent desk is on its own host only: a city host has no /desk and no desk API, the desk host no portal', async () => {
    const desk = await rawRequest(E2E.webPort, 'GET', '/', `desk.${R}`);
    expect(desk.status).toBe(200);
    expect(Buffer.from(desk.body, 'latin1').toString('utf8')).toContain('经纪人工作台');
    for (const host of [`bj.${R}`, `sh.${R}`]) {
      for (const path of ['/desk', '/desk/', '/desk?token=x']) {
        const res = await rawRequest(E2E.webPort, 'GET', path, host);
        expect(res.status, `${host}${path}`).toBe(404);
        expect(Buffer.from(res.body, 'latin1').toString('utf8'), `${host}${path}`).toContain('抱歉，您访问的页面不存在');
      }
    }
    // www and the bare root send a page path to the located city, where it is the 404 page above.
    for (const host of [R, `www.${R}`])
      expect((await rawRequest(E2E.webPort, 'GET', '/desk', host)).headers.location, host).toEqual([`http://bj.${R}/desk`]);
    for (const host of [`bj.${R}`, R, `www.${R}`, 'evil.com']) {
      const res = await rawRequest(E2E.webPort, 'GET', '/api/desk/me', host);
      expect(res.status, host).toBe(404);
      expect(JSON.parse(res.body), host).toMatchObject({ code: 4000000, succeed: false });
    }
    // On the desk host the desk's calls arrive: who is there is nobody yet (200, data null), the rest want a desk cookie.
    const me = await rawRequest(E2E.webPort, 'GET', '/api/desk/me', `desk.${R}`);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ succeed: true, data: null });
    expect((await rawRequest(E2E.webPort, 'GET', '/api/desk/conversations', `desk.${R}`)).status).toBe(401);
    // The desk host reaches no portal call, page or login; only its own and the public pictures.
    for (const path of ['/yjyz.web.api/v1/cities', '/sso/userInfo', '/api/conversations']) {
      expect((await rawRequest(E2E.webPort, 'GET', path, `desk.${R}`)).status, path).toBe(404);
    }
    for (const path of ['/ershoufang/', '/login', '/personal/account']) {
      const res = await rawRequest(E2E.webPort, 'GET', path, `desk.${R}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
    }
  });
});
