import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from '@contracts/paths';

// Settings are read once per process: point the backend at a closed port so locating falls back to DEFAULT_CITY.
const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    PORT: '3000',
    PORTAL_ROOT_DOMAIN: 'localhost:3000',
    BACKEND_URL: 'http://127.0.0.1:9',
    DEFAULT_CITY: 'bj',
    PORTAL_OLD_DOMAINS: 'yjyz.localhost:3000',
  });
});
afterAll(() => {
  process.env = saved;
});

/** A request as `next start` sees it behind a proxy: internal URL, public Host header. */
function req(host: string, path: string, cookies: Record<string, string> = {}) {
  const headers = new Headers({ host });
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  if (cookie) headers.set('cookie', cookie);
  return new NextRequest(new URL(path, 'http://127.0.0.1:8123'), { headers });
}

/** Path + query of an internal rewrite (Next normalises the internal host name). */
function rewritten(res: Response): string {
  const u = new URL(res.headers.get('x-middleware-rewrite') ?? 'http://none/');
  return `${u.pathname}${u.search}`;
}

async function run(host: string, path: string, cookies?: Record<string, string>) {
  const { proxy } = await import('@/proxy');
  return proxy(req(host, path, cookies));
}

describe('proxy', () => {
  it('rewrites a city host into app/(desktop)/[city] and passes the public host on', async () => {
    const res = await run('bj.localhost:3000', '/ershoufang/p3/?x=1');
    expect(rewritten(res)).toBe('/bj/ershoufang/p3/?x=1');
    expect(res.headers.get('x-middleware-request-x-portal-host')).toBe('bj.localhost:3000');
    expect(res.headers.get('x-middleware-request-x-portal-path')).toBe('/ershoufang/p3/?x=1');
  });
  it('sets no cookie on a page, for a first visit either: the device code comes with the first API call', async () => {
    for (const host of ['bj.localhost:3000', 'www.localhost:3000']) {
      const first = await run(host, host.startsWith('www') ? '/about' : '/');
      expect(first.headers.get('set-cookie'), host).toBeNull();
      expect(first.headers.get('x-middleware-request-cookie'), host).toBeNull();
    }
  });
  it('redirects legacy paths on the public host, keeping the query', async () => {
    const res = await run('bj.localhost:3000', '/sellhouse/dc1/?a=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('http://bj.localhost:3000/ershoufang/dc1/?a=1');
    expect((await run('bj.localhost:3000', '/zufang/detail/9')).headers.get('location')).toBe('http://bj.localhost:3000/zufang/');
    expect((await run('bj.localhost:3000', '/personal')).headers.get('location')).toBe(
      'http://bj.localhost:3000/personal/account',
    );
  });
  it('sends personal pages without a session cookie to login with the full original path', async () => {
    const res = await run('sh.localhost:3000', '/personal/account?tab=1&b=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://sh.localhost:3000/login?prePath=%2Fpersonal%2Faccount%3Ftab%3D1%26b%3D2');
    const withCookie = await run('sh.localhost:3000', '/personal/account', { [SESSION_COOKIE]: 't' });
    expect(withCookie.headers.get('x-middleware-rewrite')).toContain('/sh/personal/account');
  });
  it('gives an old domain a 303 to the new one, same path and query', async () => {
    const res = await run('bj.yjyz.localhost:3000', '/ershoufang/?a=b');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://bj.localhost:3000/ershoufang/?a=b');
  });
  it('sends www to the located city (DEFAULT_CITY when the backend is unreachable)', async () => {
    const res = await run('www.localhost:3000', '/ershoufang/?q=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://bj.localhost:3000/ershoufang/?q=1');
    expect((await run('localhost:3000', '/')).headers.get('location')).toBe('http://bj.localhost:3000/');
  });
  it('serves the exempt paths on www', async () => {
    const res = await run('www.localhost:3000', '/about/aboutuj');
    expect(rewritten(res)).toBe('/bj/about/aboutuj');
  });
  it('serves /index.html as the home page, on a city and on www', async () => {
    expect(rewritten(await run('bj.localhost:3000', '/index.html'))).toMatch(/^\/bj\/?$/);
    expect(rewritten(await run('www.localhost:3000', '/index.html'))).toMatch(/^\/bj\/?$/);
  });
  it('redirects an unknown host to the located city on the configured root, never to the host as sent', async () => {
    for (const host of ['evil.com', 'evil.com#yjyz.localhost:3000', 'yjyz.localhost:3000@evil.com', 'bj.localhost:3000:3000']) {
      const res = await run(host, '/auth/expired?prePath=/');
      expect(res.headers.get('location'), host).toBe('http://bj.localhost:3000/auth/expired?prePath=/');
    }
  });
  it('passes public files through untouched, but not a page path hidden under assets/', async () => {
    // A city's robots.txt names its sitemap (app/(desktop)/[city]/robots.txt); elsewhere it is the file.
    expect(rewritten(await run('bj.localhost:3000', '/robots.txt'))).toBe('/bj/robots.txt');
    expect((await run('www.localhost:3000', '/robots.txt')).headers.get('x-middleware-next')).toBe('1');
    expect((await run('bj.localhost:3000', '/assets/logo.png')).headers.get('x-middleware-next')).toBe('1');
    expect(rewritten(await run('bj.localhost:3000', '/assets/auth/expired'))).toBe('/bj/assets/auth/expired');
  });
  it('serves the agent desk on its own host: / is the desk, anything else beside it (the 404 page)', async () => {
    const res = await run('desk.localhost:3000', '/', { [SESSION_COOKIE]: 'user', [DESK_COOKIE]: 'desk' });
    expect(rewritten(res)).toBe('/desk');
    expect(res.headers.get('x-middleware-request-x-portal-host')).toBe('desk.localhost:3000');
    // No device code for the desk, and the page is rendered without any cookie.
    expect(res.cookies.get(DEVICE_COOKIE)).toBeUndefined();
    expect(res.headers.get('x-middleware-request-cookie')).toBeNull();
    expect(rewritten(await run('desk.localhost:3000', '/personal/account'))).toBe('/desk/personal/account');
    expect(rewritten(await run('desk.localhost:3000', '/ershoufang/'))).toBe('/desk/ershoufang/');
    expect((await run('desk.localhost:3000', '/robots.txt')).headers.get('x-middleware-next')).toBe('1');
  });
  it('never serves the desk on a city host or the root: their /desk is the 404 page', async () => {
    // app/(desktop)/[city] has no desk: /bj/desk is not found.
    expect(rewritten(await run('bj.localhost:3000', '/desk'))).toBe('/bj/desk');
    expect(rewritten(await run('bj.localhost:3000', '/desk/x'))).toBe('/bj/desk/x');
    const root = await run('localhost:3000', '/desk');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('http://bj.localhost:3000/desk');
  });
});
