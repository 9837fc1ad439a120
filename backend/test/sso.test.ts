import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath, SESSION_COOKIE } from '@contracts/paths';
import type { LoginResult, UserInfo } from '@contracts/user';
import { DEMO_USER } from '../src/db/seed';
import { users } from '../src/db/schema';
import { isDeskSource, isPortalSource } from '../src/http/same-site';
import { hashPassword } from '../src/domain/passwords';
import { sessionCookieOptions } from '../src/http/sessions';
import { configWith } from '../src/config';
import { envelope, startHarness, type Harness } from './harness';

let h: Harness;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  h = await startHarness();
  // Read the development SMS gateway (the log) as the browser tests do.
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  const pino = (await import('pino')).default;
  const logger = pino({ level: 'info' }, sink);
  h.app.addHook('onRequest', async (request) => {
    request.log = logger.child({ reqId: request.id });
  });
});
afterAll(() => h?.close());

let ipSeq = 0;
/** Each test its own client IP (X-Forwarded-For from loopback is trusted), so rate limits do not leak between tests. */
const nextIp = () => `203.0.113.${++ipSeq}`;

/** The session token from the login answer's Set-Cookie: the body does not carry it. */
function sessionTokenOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in the answer`);
  return cookie.value;
}

async function requestCode(mobile: string, ip: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: ApiPath.smsCode,
    payload: { mobile },
    headers: { 'x-forwarded-for': ip },
  });
  const line = logged.findLast((l) => l.msg === 'sms code issued' && l.mobile === mobile);
  return { res, code: line?.code as string | undefined };
}

describe('sms login', () => {
  it('registers a new mobile, sets the session cookie, answers userInfo, and logout ends it', async () => {
    const ip = nextIp();
    const { res, code } = await requestCode('13912345678', ip);
    expect(envelope(res).data).toEqual({ resendAfter: 60, expiresIn: 300 });
    expect(code).toMatch(/^\d{6}$/);
    const login = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginBySms,
      payload: { mobile: '13912345678', code },
      headers: { 'x-forwarded-for': ip },
    });
    const result = envelope<LoginResult>(login).data;
    expect(result.registered).toBe(true);
    // The mobile goes out masked (spec §3), and the token only in the HttpOnly cookie.
    expect(result.user).toMatchObject({ mobile: '139***5678', userName: '' });
    expect(result).not.toHaveProperty('token');
    expect(login.body).not.toContain('13912345678');
    const hours = (Date.parse(result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(29.9);
    const token = sessionTokenOf(login);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(login.body).not.toContain(token);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=108000/);
    expect(cookie).not.toMatch(/Domain=/);

    const byBearer = await h.app.inject({ method: 'POST', url: ApiPath.userInfo, headers: { authorization: `Bearer ${token}` } });
    expect(envelope<UserInfo>(byBearer).data.mobile).toBe('139***5678');
    expect(byBearer.body).not.toContain('13912345678');
    const byCookie = await h.app.inject({ method: 'GET', url: ApiPath.userInfo, cookies: { [SESSION_COOKIE]: token } });
    expect(envelope<UserInfo>(byCookie).data.userId).toBe(result.user.userId);
    // A personal answer is kept by no shared cache (http/personal-answers.ts); a public one is never marked personal
    // (the city list is marked shared instead).
    expect(byCookie.headers['cache-control']).toBe('private, no-store');
    expect(byBearer.headers['cache-control']).toBe('private, no-store');
    expect((await h.app.inject(ApiPath.cities)).headers['cache-control']).toBe('public, max-age=60');

    const logout = await h.app.inject({ method: 'POST', url: ApiPath.logout, headers: { authorization: `Bearer ${token}` } });
    expect(envelope(logout).succeed).toBe(true);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const after = await h.app.inject({ method: 'GET', url: ApiPath.userInfo, headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect(envelope(after)).toMatchObject({ code: 4010011002, succeed: false });
    // A dead token presented as a cookie is cleared.
    expect(String(after.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('logs in an existing mobile without registering again', async () => {
    const ip = nextIp();
    const { code } = await requestCode(DEMO_USER.mobile, ip);
    const login = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginBySms,
      payload: { mobile: DEMO_USER.mobile, code },
      headers: { 'x-forwarded-for': ip },
    });
    expect(envelope<LoginResult>(login).data).toMatchObject({ registered: false, user: { userName: DEMO_USER.userName } });
  });

  it('refuses a second code within 60 s', async () => {
    const ip = nextIp();
    expect((await requestCode('13700000001', ip)).res.statusCode).toBe(200);
    const again = await requestCode('13700000001', ip);
    expect(again.res.statusCode).toBe(429);
    expect(envelope(again.res)).toMatchObject({ code: 429, succeed: false });
    expect(envelope(again.res).msg).toMatch(/秒后再试/);
  });

  it('fails a wrong code, and kills the code after five wrong tries', async () => {
    const ip = nextIp();
    const mobile = '13600000002';
    const { code } = await requestCode(mobile, ip);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.loginBySms,
        payload: { mobile, code: wrong },
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: 4010011001, msg: '验证码错误或已过期' });
    }
    const right = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginBySms,
      payload: { mobile, code },
      headers: { 'x-forwarded-for': ip },
    });
    expect(envelope(right).code).toBe(4010011001);
  });

  it('validates mobile and code', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.smsCode,
      payload: { mobile: '12345' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('mobile: mobile must be an 11-digit mainland number');
    const code = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginBySms,
      payload: { mobile: '13900000000', code: 'abc' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(envelope(code).msg).toBe('code: code must be 6 digits');
  });
});

describe('password login', () => {
  it('logs in the demo user and refuses a wrong password', async () => {
    const ip = nextIp();
    const ok = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginByPassword,
      payload: { mobile: DEMO_USER.mobile, password: DEMO_USER.password },
      headers: { 'x-forwarded-for': ip },
    });
    expect(envelope<LoginResult>(ok).data.user.mobile).toBe('138***8000');
    for (const payload of [
      { mobile: DEMO_USER.mobile, password: 'wrong-pass' },
      { mobile: '13999999999', password: DEMO_USER.password },
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.loginByPassword,
        payload,
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: 4010011001, msg: '手机号或密码错误' });
    }
  });

  it('locks one account after five wrong passwords, from any address', async () => {
    // A mobile of its own: the other tests' wrong tries on the demo account would count here.
    const login = (password: string) =>
      h.app.inject({
        method: 'POST',
        url: ApiPath.loginByPassword,
        payload: { mobile: '13655550000', password },
        headers: { 'x-forwarded-for': nextIp() },
      });
    for (let i = 0; i < 5; i++) expect((await login('wrong-pass')).statusCode).toBe(400);
    const locked = await login('another-guess');
    expect(locked.statusCode).toBe(429);
    expect(envelope(locked).msg).toBe('密码错误次数过多，请15分钟后再试，或使用验证码登录');
  });

  it('rate-limits logins per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // A different mobile each time, so the per-mobile lock (below) does not answer first.
      const mobile = `139999999${String(i).padStart(2, '0')}`;
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.loginByPassword,
        payload: { mobile, password: 'nopenope' },
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('userInfo without a session', () => {
  it('answers 401 / 4010011002 on GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.app.inject({ method, url: ApiPath.userInfo });
      expect(res.statusCode).toBe(401);
      expect(envelope(res)).toMatchObject({ code: 4010011002, succeed: false, data: null });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('session cookie attributes', () => {
  it('sets Domain only for a dotted root, and Secure over https', () => {
    expect(sessionCookieOptions(configWith({ PORTAL_ROOT_DOMAIN: 'localhost:3000' }))).not.toHaveProperty('domain');
    expect(sessionCookieOptions(configWith({ PORTAL_ROOT_DOMAIN: 'youju.localhost:3000' })).domain).toBe('youju.localhost');
    expect(sessionCookieOptions(configWith({ PORTAL_PROTOCOL: 'https' })).secure).toBe(true);
  });

  it('caps codes per mobile at ten a day, whatever address asks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const mobile = '13700000077';
      for (let i = 0; i < 10; i++) {
        expect((await requestCode(mobile, nextIp())).res.statusCode).toBe(200);
        vi.setSystemTime(Date.now() + 61_000);
      }
      const over = await requestCode(mobile, nextIp());
      expect(over.res.statusCode).toBe(429);
      expect(envelope(over.res).msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('password login timing', () => {
  it('takes as long for an unknown mobile as for a wrong password (one scrypt either way)', async () => {
    // Ten accounts with a password, one try each: the per-mobile lock must not answer first.
    const hash = await hashPassword('right-password');
    const known = Array.from({ length: 10 }, (_, i) => `1350000${String(i).padStart(4, '0')}`);
    await h.database.db.insert(users).values(known.map((mobile) => ({ mobile, passwordHash: hash })));
    // CPU time of this process (every thread: scrypt runs in libuv's pool), not the clock: one login is in flight at
    // a time, and a busy machine makes it wait, not work more.
    const timed = async (mobile: string) => {
      const start = process.cpuUsage();
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.loginByPassword,
        payload: { mobile, password: 'wrong-password' },
        headers: { 'x-forwarded-for': nextIp() },
      });
      expect(envelope(res)).toMatchObject({ code: 4010011001, msg: '手机号或密码错误' });
      const cpu = process.cpuUsage(start);
      return (cpu.user + cpu.system) / 1000;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (const [i, mobile] of known.entries()) {
      knownMs.push(await timed(mobile));
      unknownMs.push(await timed(`1360000${String(i).padStart(4, '0')}`));
    }
    // Before the dummy hash: about 47 ms against 2 ms (one scrypt against none). A loose bound.
    expect(median(unknownMs)).toBeGreaterThan(median(knownMs) * 0.5);
  });
});

describe('cross-site requests', () => {
  const login = async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.loginByPassword,
      payload: { mobile: DEMO_USER.mobile, password: DEMO_USER.password },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(res.statusCode).toBe(200);
    return sessionTokenOf(res);
  };
  const userInfo = (token: string) =>
    h.app.inject({ method: 'GET', url: ApiPath.userInfo, cookies: { [SESSION_COOKIE]: token } });

  it('refuses a state change from another site with 403, and the session stays', async () => {
    const token = await login();
    const foreign = [
      { origin: 'http://evil.example' },
      { referer: 'http://evil.example/page.html' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'http://evillocalhost:3000' },
      { origin: 'https://bj.localhost:3000' },
      { origin: 'http://bj.localhost:3001' },
      // Origin wins over a same-site Referer.
      { origin: 'http://evil.example', referer: 'http://bj.localhost:3000/' },
    ];
    for (const headers of foreign) {
      const res = await h.app.inject({ method: 'POST', url: ApiPath.logout, cookies: { [SESSION_COOKIE]: token }, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(envelope(res)).toEqual({ code: 403, succeed: false, msg: '跨站请求已拒绝', data: null });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A cross-site HTML form can only send these three types: refused before the body is read (403, not 415).
    const forms = [
      { type: 'application/x-www-form-urlencoded', payload: 'a=b' },
      {
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      },
      { type: 'text/plain', payload: 'a=b' },
    ];
    for (const { type, payload } of forms) {
      const res = await h.app.inject({
        method: 'POST',
        url: ApiPath.logout,
        cookies: { [SESSION_COOKIE]: token },
        headers: { origin: 'http://evil.example', 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(403);
    }
    expect(envelope<UserInfo>(await userInfo(token)).code).toBe(200);
  });

  it('lets requests from the portal and requests without Origin or Referer through', async () => {
    const token = await login();
    const own = [
      { origin: 'http://bj.localhost:3000' },
      { origin: 'http://localhost:3000' },
      { origin: 'HTTP://WWW.LOCALHOST:3000' },
      { referer: 'http://sh.localhost:3000/ershoufang/' },
      {},
    ];
    for (const headers of own) {
      const res = await h.app.inject({ method: 'POST', url: ApiPath.userInfo, cookies: { [SESSION_COOKIE]: token }, headers });
      expect(envelope(res).code, JSON.stringify(headers)).toBe(200);
    }
    // Reads are not checked: a cross-site GET changes nothing.
    const read = await h.app.inject({
      method: 'GET',
      url: ApiPath.userInfo,
      cookies: { [SESSION_COOKIE]: token },
      headers: { origin: 'http://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const logout = await h.app.inject({
      method: 'POST',
      url: ApiPath.logout,
      cookies: { [SESSION_COOKIE]: token },
      headers: { origin: 'http://bj.localhost:3000' },
    });
    expect(envelope(logout).succeed).toBe(true);
    expect((await userInfo(token)).statusCode).toBe(401);
  });

  it('compares scheme, host and port of a dotted https root', () => {
    const root = new URL('https://youju.com');
    expect(isPortalSource('https://bj.youju.com', root)).toBe(true);
    expect(isPortalSource('https://youju.com:443/x', root)).toBe(true);
    expect(isPortalSource('https://BJ.YouJu.com', root)).toBe(true);
    expect(isPortalSource('http://bj.youju.com', root)).toBe(false);
    expect(isPortalSource('https://bj.youju.com:8443', root)).toBe(false);
    expect(isPortalSource('https://youju.com.evil.cn', root)).toBe(false);
    expect(isPortalSource('https://notyouju.com', root)).toBe(false);
    expect(isPortalSource('null', root)).toBe(false);
    expect(isPortalSource('', root)).toBe(false);
    // The agent desk is on the same site but not the portal, and only it is the desk.
    expect(isPortalSource('https://desk.youju.com', root)).toBe(false);
    expect(isDeskSource('https://DESK.youju.com/x', root)).toBe(true);
    expect(isDeskSource('https://bj.youju.com', root)).toBe(false);
    expect(isDeskSource('http://desk.youju.com', root)).toBe(false);
    expect(isDeskSource('https://desk.youju.com.evil.cn', root)).toBe(false);
    expect(isDeskSource('https://a.desk.youju.com', root)).toBe(false);
  });
});
