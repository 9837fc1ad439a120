import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inAddressRanges, parseAddressRanges } from '@contracts/address-ranges';
import { clientAddress, type ProxyTrust } from '@/lib/front/client-ip';
import { gateRequest, isWellFormedPath, NOT_FOUND_PATH } from '@/lib/front/request-gate';
import { loadSettings } from '@/lib/settings';

/** The web's defaults: nobody in front (TRUSTED_PROXY_HOPS=0), and proxies believed from loopback only. */
const NO_PROXY: ProxyTrust = { hops: 0, proxies: parseAddressRanges('loopback') };
/** A balancer (or two) on the private network in front of the web. */
const behind = (hops: number, proxies = '10.0.0.0/8'): ProxyTrust => ({ hops, proxies: parseAddressRanges(proxies) });

describe('clientAddress (TRUSTED_PROXY_HOPS, TRUSTED_PROXIES)', () => {
  it('with no trusted proxy, believes the socket only', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, NO_PROXY)).toBe('203.0.113.9');
  });
  it('with n trusted proxies, takes the address the outermost one saw', () => {
    // visitor-written, what LB1 saw, what LB2 saw; the socket peer is LB2's own address.
    const xff = '6.6.6.6, 198.51.100.7, 10.0.0.2';
    expect(clientAddress('10.0.0.3', xff, behind(1))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.3', xff, behind(2))).toBe('198.51.100.7');
    // More hops configured than present: the leftmost address there is.
    expect(clientAddress('10.0.0.3', '198.51.100.7', behind(5))).toBe('198.51.100.7');
  });
  it('names a visitor who reaches the port directly by its socket, whatever X-Forwarded-For it writes', () => {
    // Found by a probe: with TRUSTED_PROXY_HOPS=1 and the web on 0.0.0.0, anyone could be any address.
    expect(clientAddress('203.0.113.9', '198.51.100.7', behind(1))).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '198.51.100.7', { hops: 1, proxies: parseAddressRanges('loopback') })).toBe(
      '203.0.113.9',
    );
    expect(clientAddress('::ffff:203.0.113.9', '10.0.0.2, 198.51.100.7', behind(2))).toBe('203.0.113.9');
    // A proxy of ours on loopback (nginx on this machine), as a dual-stack socket names it, is believed.
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7', { hops: 1, proxies: parseAddressRanges('loopback') })).toBe(
      '198.51.100.7',
    );
    expect(clientAddress('::1', '2001:db8::7', { hops: 1, proxies: parseAddressRanges('loopback') })).toBe('2001:db8::7');
  });
  it('walks past a hop only while that hop is a proxy of ours', () => {
    // The peer is ours, the entry it wrote is an outside address: that outside address wrote the rest itself.
    expect(clientAddress('10.0.0.3', '6.6.6.6, 198.51.100.7', behind(2))).toBe('198.51.100.7');
    // Two proxies of ours, the outer one in another range of the list.
    expect(clientAddress('10.0.0.3', '6.6.6.6, 198.51.100.7, 192.168.1.4', behind(2, '10.0.0.0/8, 192.168.1.4'))).toBe(
      '198.51.100.7',
    );
  });
  it('reads the address of an entry a proxy wrote with its port, so visitors are not all taken for the proxy', () => {
    expect(clientAddress('10.0.0.3', '198.51.100.7:5555', behind(1))).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.3', '[2001:db8::7]:443', behind(1))).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '[2001:db8::7]', behind(1))).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '2001:db8::7', behind(1))).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '999.1.1.1:80', behind(1))).toBe('10.0.0.3');
  });
  it('stops at an entry that is no address', () => {
    expect(clientAddress('10.0.0.3', 'x, <script>', behind(1))).toBe('10.0.0.3');
    expect(clientAddress(undefined, undefined, NO_PROXY)).toBeUndefined();
  });
});

describe('the client address over a real socket (TRUSTED_PROXY_HOPS=1, TRUSTED_PROXIES=127.0.0.1)', () => {
  /** The address the gate names for a request from `localAddress` (a loopback address of its own) with this XFF. */
  async function named(localAddress: string, forwardedFor: string): Promise<string> {
    const settings = loadSettings({ TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXIES: '127.0.0.1' });
    const web = http.createServer((req, res) => {
      const gate = gateRequest(
        { method: req.method, url: req.url, headers: req.headers, peer: req.socket.remoteAddress },
        { hops: settings.trustedProxyHops, proxies: settings.trustedProxies },
      );
      res.end(gate.kind === 'pass' ? String(gate.headers['x-forwarded-for']) : 'refused');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      return await new Promise<string>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port: (web.address() as AddressInfo).port,
            path: '/',
            localAddress,
            headers: { host: 'bj.localhost:3000', 'x-forwarded-for': forwardedFor },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
      });
    } finally {
      web.close();
    }
  }
  it('names a peer that is no proxy of ours by its socket address, whatever X-Forwarded-For it writes', async () => {
    // Found by a probe: a visitor at the web's port, past nginx, was any address it wrote (60 renders of a limit of 30).
    expect(await named('127.0.0.2', '198.51.100.7')).toBe('127.0.0.2');
    expect(await named('127.0.0.2', '198.51.100.7, 127.0.0.1')).toBe('127.0.0.2');
  });
  it('believes the proxy in the list', async () => {
    expect(await named('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('parseAddressRanges (TRUSTED_PROXIES, BACKEND_TRUSTED_PROXIES)', () => {
  it('reads addresses, CIDRs and loopback, an IPv4-mapped address as its IPv4 one', () => {
    const ranges = parseAddressRanges(' loopback, 10.0.0.0/8,2001:db8:1::/48 , 192.0.2.7, ::ffff:172.16.0.0/108');
    for (const inside of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.200.0.1', '2001:db8:1:ff::1', '192.0.2.7'])
      expect(inAddressRanges(ranges, inside), inside).toBe(true);
    expect(inAddressRanges(ranges, '172.16.4.4')).toBe(true);
    for (const outside of ['11.0.0.1', '2001:db8:2::1', '192.0.2.8', '172.32.0.1', '::2', '', 'x', '10.1'])
      expect(inAddressRanges(ranges, outside), outside).toBe(false);
    expect(inAddressRanges(parseAddressRanges(''), '127.0.0.1')).toBe(false);
  });
  it('refuses what is no address or range, naming it', () => {
    for (const bad of ['10.0.0.0/33', '10.1', 'localhost', '2001:db8::/129', '10.0.0.0/8/1', '0x0a.0.0.1', '1.2.3.4/x'])
      expect(() => parseAddressRanges(`loopback, ${bad}`), bad).toThrow(bad);
  });
});

describe('gateRequest', () => {
  const input = (over: Partial<Parameters<typeof gateRequest>[0]> = {}) => ({
    method: 'GET',
    url: '/ershoufang/',
    headers: { host: 'bj.localhost:3000' },
    peer: '127.0.0.1',
    ...over,
  });
  it('passes an ordinary request, with the socket as the client', () => {
    const res = gateRequest(
      input({ headers: { host: 'bj.localhost:3000', 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8' } }),
      NO_PROXY,
    );
    expect(res).toMatchObject({ kind: 'pass', url: '/ershoufang/', backend: false });
    if (res.kind === 'pass') {
      expect(res.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(res.headers['x-real-ip']).toBeUndefined();
    }
  });
  it('believes X-Forwarded-For and X-Forwarded-Host only from a proxy in TRUSTED_PROXIES', () => {
    const headers = { host: 'bj.localhost:3000', 'x-forwarded-for': '116.224.10.20', 'x-forwarded-host': 'sh.localhost:3000' };
    const nginx = { hops: 1, proxies: parseAddressRanges('loopback') };
    // nginx on this machine: what it wrote is the visitor.
    const proxied = gateRequest(input({ headers, peer: '127.0.0.1' }), nginx);
    expect(proxied.kind === 'pass' && proxied.headers).toMatchObject({
      'x-forwarded-for': '116.224.10.20',
      'x-forwarded-host': 'sh.localhost:3000',
    });
    // A visitor at the web's port directly, past nginx: its socket address, and no forwarded host of its making.
    const direct = gateRequest(input({ headers, peer: '203.0.113.9' }), nginx);
    expect(direct.kind === 'pass' && direct.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(direct.kind === 'pass' && direct.headers['x-forwarded-host']).toBeUndefined();
  });
  it('strips headers only the proxy and Next may set', () => {
    const res = gateRequest(
      input({
        headers: {
          host: 'bj.localhost:3000',
          'x-portal-host': 'evil.com',
          'x-portal-path': '//evil.com',
          'x-middleware-subrequest': 'proxy',
          'x-forwarded-host': 'evil.com',
          cookie: 'a=b',
        },
      }),
      NO_PROXY,
    );
    expect(res.kind).toBe('pass');
    if (res.kind === 'pass') expect(Object.keys(res.headers).sort()).toEqual(['cookie', 'host', 'x-forwarded-for']);
  });
  it('answers methods Next cannot handle with 405, the envelope on backend paths', () => {
    const page = gateRequest(input({ method: 'TRACE' }), NO_PROXY);
    if (page.kind === 'reject') expect(page.headers.allow).toBe('GET, HEAD');
    expect(page).toMatchObject({ kind: 'reject', status: 405 });
    const api = gateRequest(input({ method: 'TRACE', url: '/yjyz.web.api/v1/cities' }), NO_PROXY);
    expect(api).toMatchObject({ kind: 'reject', status: 405 });
    if (api.kind === 'reject') expect(JSON.parse(api.body)).toMatchObject({ code: 405, succeed: false, data: null });
    for (const method of ['CONNECT', 'TRACK', 'PROPFIND', 'M-SEARCH'])
      expect(gateRequest(input({ method }), NO_PROXY).kind).toBe('reject');
  });
  it('sends paths whose escapes do not decode to the not-found page, but not backend paths', () => {
    for (const url of ['/ershoufang/key%E6/', '/about/%zz', '/ershoufang/xiangqing/%', '/x/%C0%AF?a=1']) {
      expect(isWellFormedPath(url.split('?')[0] ?? '')).toBe(false);
      expect(gateRequest(input({ url }), NO_PROXY)).toMatchObject({ kind: 'pass', url: NOT_FOUND_PATH });
    }
    expect(gateRequest(input({ url: '/yjyz.web.api/%zz' }), NO_PROXY)).toMatchObject({ kind: 'pass', url: '/yjyz.web.api/%zz' });
    expect(gateRequest(input({ url: '/ershoufang/key%E6%9C%9B/' }), NO_PROXY)).toMatchObject({
      kind: 'pass',
      url: '/ershoufang/key%E6%9C%9B/',
    });
  });
  it('refuses request targets that are not a path, or that resolve to a network path', () => {
    for (const url of ['http://evil.com/', '*', '//evil.com/x', '', '/\\evil.com', '/.//evil.com', '/%2e//evil.com']) {
      expect(gateRequest(input({ url }), NO_PROXY), url).toMatchObject({ kind: 'reject', status: 400 });
    }
    expect(gateRequest(input({ headers: {} }), NO_PROXY)).toMatchObject({ kind: 'reject', status: 400 });
  });
  it('resolves dot segments before deciding what a path is (no way out of the backend prefixes)', () => {
    for (const url of [
      '/sso/../openapi.json',
      '/sso/%2e%2e/openapi.json',
      '/oss/%2E%2E/healthz',
      '/yjyz.web.api/./../../openapi.json',
    ]) {
      const res = gateRequest(input({ url }), NO_PROXY);
      expect(res, url).toMatchObject({ kind: 'pass', backend: false });
      if (res.kind === 'pass') expect(res.url).toMatch(/^\/(openapi\.json|healthz)$/);
    }
    expect(gateRequest(input({ url: '/yjyz.web.api/v1/../v1/cities?x=1' }), NO_PROXY)).toMatchObject({
      kind: 'pass',
      backend: true,
      url: '/yjyz.web.api/v1/cities?x=1',
    });
  });
  it('lets pages and public files be read only', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(gateRequest(input({ method, url: '/robots.txt' }), NO_PROXY), method).toMatchObject({ kind: 'reject', status: 405 });
      expect(gateRequest(input({ method, url: '/sso/logout' }), NO_PROXY), method).toMatchObject({ kind: 'pass', backend: true });
    }
    expect(gateRequest(input({ method: 'HEAD' }), NO_PROXY)).toMatchObject({ kind: 'pass', backend: false });
  });
  it('refuses the image optimiser the portal does not use, and router-state headers Next cannot parse', () => {
    expect(gateRequest(input({ url: '/_next/image?url=%2Fnope.png&w=64&q=75' }), NO_PROXY)).toMatchObject({
      kind: 'reject',
      status: 404,
    });
    for (const tree of ['x', '%5B1%5D', '%7B%7D', '%5B%5D', ['a', 'b']]) {
      expect(
        gateRequest(input({ headers: { host: 'bj.localhost:3000', rsc: '1', 'next-router-state-tree': tree } }), NO_PROXY),
      ).toMatchObject({ kind: 'reject', status: 400 });
    }
    const good = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, 0]));
    expect(
      gateRequest(input({ headers: { host: 'bj.localhost:3000', rsc: '1', 'next-router-state-tree': good } }), NO_PROXY).kind,
    ).toBe('pass');
  });
});
