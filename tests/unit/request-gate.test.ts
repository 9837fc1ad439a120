import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/front/client-ip';
import { gateRequest, isWellFormedPath, NOT_FOUND_PATH } from '@/lib/front/request-gate';

describe('clientAddress (TRUSTED_PROXY_HOPS)', () => {
  it('with no trusted proxy, believes the socket only', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, 0)).toBe('203.0.113.9');
  });
  it('with n trusted proxies, takes the address the outermost one saw', () => {
    // visitor-written, what LB1 saw, what LB2 saw; the socket peer is LB2's own address.
    const xff = '6.6.6.6, 198.51.100.7, 10.0.0.2';
    expect(clientAddress('10.0.0.3', xff, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.3', xff, 2)).toBe('198.51.100.7');
    // More hops configured than present: the leftmost address there is.
    expect(clientAddress('10.0.0.3', '198.51.100.7', 5)).toBe('198.51.100.7');
  });
  it('reads the address of an entry a proxy wrote with its port, so visitors are not all taken for the proxy', () => {
    expect(clientAddress('10.0.0.3', '198.51.100.7:5555', 1)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.3', '[2001:db8::7]:443', 1)).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '[2001:db8::7]', 1)).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '2001:db8::7', 1)).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.3', '999.1.1.1:80', 1)).toBe('10.0.0.3');
  });
  it('stops at an entry that is no address', () => {
    expect(clientAddress('10.0.0.3', 'x, <script>', 1)).toBe('10.0.0.3');
    expect(clientAddress(undefined, undefined, 0)).toBeUndefined();
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
      0,
    );
    expect(res).toMatchObject({ kind: 'pass', url: '/ershoufang/', backend: false });
    if (res.kind === 'pass') {
      expect(res.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(res.headers['x-real-ip']).toBeUndefined();
    }
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
      0,
    );
    expect(res.kind).toBe('pass');
    if (res.kind === 'pass') expect(Object.keys(res.headers).sort()).toEqual(['cookie', 'host', 'x-forwarded-for']);
  });
  it('answers methods Next cannot handle with 405, the envelope on backend paths', () => {
    const page = gateRequest(input({ method: 'TRACE' }), 0);
    if (page.kind === 'reject') expect(page.headers.allow).toBe('GET, HEAD');
    expect(page).toMatchObject({ kind: 'reject', status: 405 });
    const api = gateRequest(input({ method: 'TRACE', url: '/yjyz.web.api/v1/cities' }), 0);
    expect(api).toMatchObject({ kind: 'reject', status: 405 });
    if (api.kind === 'reject') expect(JSON.parse(api.body)).toMatchObject({ code: 405, succeed: false, data: null });
    for (const method of ['CONNECT', 'TRACK', 'PROPFIND', 'M-SEARCH'])
      expect(gateRequest(input({ method }), 0).kind).toBe('reject');
  });
  it('sends paths whose escapes do not decode to the not-found page, but not backend paths', () => {
    for (const url of ['/ershoufang/key%E6/', '/about/%zz', '/ershoufang/xiangqing/%', '/x/%C0%AF?a=1']) {
      expect(isWellFormedPath(url.split('?')[0] ?? '')).toBe(false);
      expect(gateRequest(input({ url }), 0)).toMatchObject({ kind: 'pass', url: NOT_FOUND_PATH });
    }
    expect(gateRequest(input({ url: '/yjyz.web.api/%zz' }), 0)).toMatchObject({ kind: 'pass', url: '/yjyz.web.api/%zz' });
    expect(gateRequest(input({ url: '/ershoufang/key%E6%9C%9B/' }), 0)).toMatchObject({
      kind: 'pass',
      url: '/ershoufang/key%E6%9C%9B/',
    });
  });
  it('refuses request targets that are not a path, or that resolve to a network path', () => {
    for (const url of ['http://evil.com/', '*', '//evil.com/x', '', '/\\evil.com', '/.//evil.com', '/%2e//evil.com']) {
      expect(gateRequest(input({ url }), 0), url).toMatchObject({ kind: 'reject', status: 400 });
    }
    expect(gateRequest(input({ headers: {} }), 0)).toMatchObject({ kind: 'reject', status: 400 });
  });
  it('resolves dot segments before deciding what a path is (no way out of the backend prefixes)', () => {
    for (const url of [
      '/sso/../openapi.json',
      '/sso/%2e%2e/openapi.json',
      '/oss/%2E%2E/healthz',
      '/yjyz.web.api/./../../openapi.json',
    ]) {
      const res = gateRequest(input({ url }), 0);
      expect(res, url).toMatchObject({ kind: 'pass', backend: false });
      if (res.kind === 'pass') expect(res.url).toMatch(/^\/(openapi\.json|healthz)$/);
    }
    expect(gateRequest(input({ url: '/yjyz.web.api/v1/../v1/cities?x=1' }), 0)).toMatchObject({
      kind: 'pass',
      backend: true,
      url: '/yjyz.web.api/v1/cities?x=1',
    });
  });
  it('lets pages and public files be read only', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(gateRequest(input({ method, url: '/robots.txt' }), 0), method).toMatchObject({ kind: 'reject', status: 405 });
      expect(gateRequest(input({ method, url: '/sso/logout' }), 0), method).toMatchObject({ kind: 'pass', backend: true });
    }
    expect(gateRequest(input({ method: 'HEAD' }), 0)).toMatchObject({ kind: 'pass', backend: false });
  });
  it('refuses the image optimiser the portal does not use, and router-state headers Next cannot parse', () => {
    expect(gateRequest(input({ url: '/_next/image?url=%2Fnope.png&w=64&q=75' }), 0)).toMatchObject({
      kind: 'reject',
      status: 404,
    });
    for (const tree of ['x', '%5B1%5D', '%7B%7D', '%5B%5D', ['a', 'b']]) {
      expect(
        gateRequest(input({ headers: { host: 'bj.localhost:3000', rsc: '1', 'next-router-state-tree': tree } }), 0),
      ).toMatchObject({ kind: 'reject', status: 400 });
    }
    const good = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, 0]));
    expect(gateRequest(input({ headers: { host: 'bj.localhost:3000', rsc: '1', 'next-router-state-tree': good } }), 0).kind).toBe(
      'pass',
    );
  });
});
