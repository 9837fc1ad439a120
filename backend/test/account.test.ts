import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type Account, type PasswordChanged } from '@contracts/account';
import { ApiPath } from '@contracts/paths';
import type { UserInfo } from '@contracts/user';
import { sessions, users } from '../src/db/schema';
import { PASSWORD_MAX_FAILURES } from '../src/modules/sso/password-throttle';
import { hashPassword } from '../src/domain/passwords';
import { LOGGED_OUT_CLOSE } from '../src/modules/im/hub';
import { envelope, startHarness, type Harness } from './harness';

let h: Harness;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  h = await startHarness();
  // The development SMS gateway is the log (as in sso.test.ts).
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

let seq = 0;
/** Each user its own mobile and client address, so no SMS or login limit is shared between tests. */
function nextUser() {
  seq += 1;
  return { mobile: `137${String(20_000_000 + seq * 7919).padStart(8, '0')}`, ip: `198.51.100.${seq}` };
}

const lastCode = (mobile: string) =>
  logged.findLast((l) => l.msg === 'sms code issued' && l.mobile === mobile)?.code as string | undefined;

/**
 * A new user as an SMS registration leaves them (no password), or with a password; no SMS code is spent, so the
 * account's own code can be asked for at once (codes to one mobile are 60 s apart).
 */
async function makeUser(mobile: string, password?: string): Promise<number> {
  const [user] = await h.database.db
    .insert(users)
    .values({ mobile, ...(password ? { passwordHash: await hashPassword(password) } : {}) })
    .returning({ id: users.id });
  return user!.id;
}

/** A session of the user, as a login on another device would start it. */
async function sessionOf(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await h.database.db
    .insert(sessions)
    .values({ tokenHash: createHash('sha256').update(token).digest('hex'), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** A new user registered by SMS (no password yet); returns a session token. */
async function register(mobile: string): Promise<string> {
  return sessionOf(await makeUser(mobile));
}

async function loginWithPassword(mobile: string, password: string, ip: string) {
  return h.app.inject({
    method: 'POST',
    url: ApiPath.loginByPassword,
    payload: { mobile, password },
    headers: { 'x-forwarded-for': ip },
  });
}

const post = (url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** Asks for a code to the user's own mobile and reads it from the log. */
async function accountCode(token: string, mobile: string): Promise<string> {
  const res = await post(ApiPath.accountSmsCode, token);
  expect(res.statusCode, res.body).toBe(200);
  const code = lastCode(mobile);
  if (!code) throw new Error('no code logged');
  return code;
}

describe('account overview', () => {
  it('answers the masked user and whether a password is set; 401 without a session', async () => {
    const { mobile } = nextUser();
    const token = await register(mobile);
    const res = await post(ApiPath.account, token);
    const account = envelope<Account>(res).data;
    expect(account.user.mobile).toBe(`${mobile.slice(0, 3)}***${mobile.slice(-4)}`);
    expect(account.hasPassword).toBe(false);
    expect(res.body).not.toContain(mobile);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const anonymous = await post(ApiPath.account, null);
    expect(anonymous.statusCode).toBe(401);
    expect(envelope(anonymous).code).toBe(4010011002);
  });

  it('answers a user without a mobile with an empty one (the personal pages then send them to login), not a 500', async () => {
    const token = await sessionOf(await makeUser(''));
    for (const path of [ApiPath.account, ApiPath.userInfo]) {
      const res = await post(path, token);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    expect(envelope<Account>(await post(ApiPath.account, token)).data.user.mobile).toBe('');
  });
});

describe('profile', () => {
  it('changes nickname and sex, shown by userInfo', async () => {
    const { mobile } = nextUser();
    const token = await register(mobile);
    const res = await post(ApiPath.accountProfile, token, { userName: ' 望京_小王 ', sex: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<UserInfo>(res).data).toMatchObject({ userName: '望京_小王', sex: '2' });
    const info = envelope<UserInfo>(await post(ApiPath.userInfo, token)).data;
    expect(info).toMatchObject({ userName: '望京_小王', sex: '2' });
    const secret = await post(ApiPath.accountProfile, token, { userName: 'Wang-01', sex: '' });
    expect(envelope<UserInfo>(secret).data).toMatchObject({ userName: 'Wang-01', sex: '' });
  });

  it.each([
    [{ userName: '王', sex: '1' }, ACCOUNT_MESSAGES.nickname.length],
    [{ userName: '一二三四五六七八九十一二三四五六七', sex: '1' }, ACCOUNT_MESSAGES.nickname.length],
    [{ userName: '小 王', sex: '1' }, ACCOUNT_MESSAGES.nickname.chars],
    [{ userName: '<script>', sex: '1' }, ACCOUNT_MESSAGES.nickname.chars],
    [{ userName: '王\u202e丽', sex: '1' }, ACCOUNT_MESSAGES.nickname.chars],
    [{ userName: '13800138000', sex: '1' }, ACCOUNT_MESSAGES.nickname.mobileLike],
    [{ userName: '小王1380013', sex: '1' }, ACCOUNT_MESSAGES.nickname.mobileLike],
    [{ userName: '小王', sex: '3' }, 'sex'],
    [{ userName: '小王', sex: 1 }, 'sex'],
    [{ userName: '小王' }, 'sex'],
    [{ userName: '小王', sex: '1', avatarUrl: 'https://evil.example/x.png' }, 'avatarUrl'],
    [{ userName: '小王', sex: '1', mobile: '13900000000' }, 'mobile'],
    [{ userName: 'x'.repeat(10_000), sex: '1' }, 'userName'], // far over any bound: 400, never 500
  ])('refuses bad profile #%# with a readable 400', async (payload, message) => {
    const { mobile } = nextUser();
    const token = await register(mobile);
    const res = await post(ApiPath.accountProfile, token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(envelope(res).msg).toContain(message);
    // Nothing changed.
    expect(envelope<UserInfo>(await post(ApiPath.userInfo, token)).data).toMatchObject({ userName: '', sex: '' });
  });

  it('needs a session (401) and refuses another site (403)', async () => {
    const { mobile } = nextUser();
    const token = await register(mobile);
    expect((await post(ApiPath.accountProfile, null, { userName: '小王', sex: '1' })).statusCode).toBe(401);
    expect((await post(ApiPath.accountProfile, 'not-a-token', { userName: '小王', sex: '1' })).statusCode).toBe(401);
    const crossSite = await post(
      ApiPath.accountProfile,
      token,
      { userName: '坏人改名', sex: '1' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(envelope<UserInfo>(await post(ApiPath.userInfo, token)).data.userName).toBe('');
  });
});

describe('password', () => {
  it('sets a first password by SMS code; the other sessions end, this one stays; the new password logs in', async () => {
    const { mobile, ip } = nextUser();
    const userId = await makeUser(mobile);
    const here = await sessionOf(userId);
    const elsewhere = await sessionOf(userId);
    const byPassword = await post(ApiPath.accountPassword, here, {
      method: 'password',
      currentPassword: 'whatever1',
      newPassword: 'Newpass123',
    });
    expect(byPassword.statusCode).toBe(400);
    expect(envelope(byPassword).msg).toBe(ACCOUNT_MESSAGES.noPasswordYet);

    // A chat socket of the session that is about to end (a chat socket never outlives its login).
    await h.app.ready();
    const socket = await h.app.injectWS(`${ApiPath.imRegister}?appId=youju&userId=${userId}&endType=2`, {
      headers: { authorization: `Bearer ${elsewhere}` },
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    const code = await accountCode(here, mobile);
    const res = await post(ApiPath.accountPassword, here, { method: 'sms', code, newPassword: 'Newpass123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope<PasswordChanged>(res).data).toEqual({ endedSessions: 1 });
    expect(await closed).toBe(LOGGED_OUT_CLOSE);
    expect((await post(ApiPath.userInfo, elsewhere)).statusCode).toBe(401);
    expect((await post(ApiPath.userInfo, here)).statusCode).toBe(200);
    expect(envelope<Account>(await post(ApiPath.account, here)).data.hasPassword).toBe(true);
    const login = await loginWithPassword(mobile, 'Newpass123', ip);
    expect(login.statusCode, login.body).toBe(200);
    // The code is used up.
    const again = await post(ApiPath.accountPassword, here, { method: 'sms', code, newPassword: 'Other4567' });
    expect(envelope(again).msg).toBe(ACCOUNT_MESSAGES.wrongCode);
  });

  it('changes the password with the current one; the old password no longer logs in', async () => {
    const { mobile, ip } = nextUser();
    const userId = await makeUser(mobile, 'Oldpass123');
    const here = await sessionOf(userId);
    const others = [await sessionOf(userId), await sessionOf(userId)];
    const res = await post(ApiPath.accountPassword, here, {
      method: 'password',
      currentPassword: 'Oldpass123',
      newPassword: 'Newpass456',
    });
    expect(envelope<PasswordChanged>(res).data).toEqual({ endedSessions: 2 });
    for (const token of others) expect((await post(ApiPath.account, token)).statusCode).toBe(401);
    expect((await post(ApiPath.account, here)).statusCode).toBe(200);
    expect((await loginWithPassword(mobile, 'Oldpass123', ip)).statusCode).toBe(400);
    expect((await loginWithPassword(mobile, 'Newpass456', ip)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, and the wrong ones count toward the login lock', async () => {
    const { mobile, ip } = nextUser();
    const userId = await makeUser(mobile, 'Oldpass123');
    const here = await sessionOf(userId);
    const other = await sessionOf(userId);
    const wrong = await post(ApiPath.accountPassword, here, {
      method: 'password',
      currentPassword: 'Wrong12345',
      newPassword: 'Newpass456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(envelope(wrong).msg).toBe(ACCOUNT_MESSAGES.wrongPassword);
    // Nothing ended, nothing changed.
    expect((await post(ApiPath.account, other)).statusCode).toBe(200);
    for (let i = 1; i < PASSWORD_MAX_FAILURES; i++) {
      await post(ApiPath.accountPassword, here, {
        method: 'password',
        currentPassword: `Wrong${i}2345`,
        newPassword: 'Newpass456',
      });
    }
    // Locked: even the right password is refused now, here and at the login.
    const locked = await post(ApiPath.accountPassword, here, {
      method: 'password',
      currentPassword: 'Oldpass123',
      newPassword: 'Newpass456',
    });
    expect(locked.statusCode).toBe(429);
    expect((await loginWithPassword(mobile, 'Oldpass123', ip)).statusCode).toBe(429);
  });

  it.each([
    ['short1', ACCOUNT_MESSAGES.password.length],
    ['a1'.repeat(11), ACCOUNT_MESSAGES.password.length],
    ['onlyletters', ACCOUNT_MESSAGES.password.weak],
    ['1234567890', ACCOUNT_MESSAGES.password.weak],
    ['pass word1', ACCOUNT_MESSAGES.password.chars],
    ['密码password1', ACCOUNT_MESSAGES.password.chars],
  ])('refuses the weak new password %j', async (newPassword, message) => {
    const { mobile } = nextUser();
    const here = await sessionOf(await makeUser(mobile, 'Oldpass123'));
    const res = await post(ApiPath.accountPassword, here, { method: 'password', currentPassword: 'Oldpass123', newPassword });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toContain(message);
  });

  it('refuses the same password, a wrong code, odd bodies', async () => {
    const { mobile } = nextUser();
    const here = await sessionOf(await makeUser(mobile, 'Oldpass123'));
    const same = await post(ApiPath.accountPassword, here, {
      method: 'password',
      currentPassword: 'Oldpass123',
      newPassword: 'Oldpass123',
    });
    expect(envelope(same).msg).toBe(ACCOUNT_MESSAGES.samePassword);
    const code = await accountCode(here, mobile);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await post(ApiPath.accountPassword, here, { method: 'sms', code: wrongCode, newPassword: 'Newpass456' });
    expect(envelope(bad).msg).toBe(ACCOUNT_MESSAGES.wrongCode);
    // Without a good code the answer says nothing of the current password: a stolen session cannot test guesses.
    const guess = await post(ApiPath.accountPassword, here, { method: 'sms', code: wrongCode, newPassword: 'Oldpass123' });
    expect(envelope(guess).msg).toBe(ACCOUNT_MESSAGES.wrongCode);
    // With the good code, the same password is refused (the code is used up by then).
    const sameBySms = await post(ApiPath.accountPassword, here, { method: 'sms', code, newPassword: 'Oldpass123' });
    expect(envelope(sameBySms).msg).toBe(ACCOUNT_MESSAGES.samePassword);
  });

  it('refuses odd bodies with a readable 400', async () => {
    const here = await sessionOf(await makeUser(nextUser().mobile, 'Oldpass123'));
    for (const payload of [
      {},
      { method: 'email', code: '123456', newPassword: 'Newpass456' },
      { method: 'sms', code: '12345', newPassword: 'Newpass456' },
      { method: 'sms', code: '123456', newPassword: 'Newpass456', userId: 1 },
      { method: 'password', currentPassword: '', newPassword: 'Newpass456' },
      { method: 'password', currentPassword: 'x'.repeat(300), newPassword: 'Newpass456' },
      { method: 'password', currentPassword: 'Oldpass123', newPassword: 12345678 },
    ]) {
      const res = await post(ApiPath.accountPassword, here, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).msg.length).toBeGreaterThan(0);
    }
  });

  it("needs a session (401), refuses another site (403), and sends codes only to the user's own mobile", async () => {
    const { mobile } = nextUser();
    const userId = await makeUser(mobile, 'Oldpass123');
    const here = await sessionOf(userId);
    const other = await sessionOf(userId);
    expect(
      (
        await post(ApiPath.accountPassword, null, {
          method: 'password',
          currentPassword: 'Oldpass123',
          newPassword: 'Newpass456',
        })
      ).statusCode,
    ).toBe(401);
    expect((await post(ApiPath.accountSmsCode, null)).statusCode).toBe(401);
    const crossSite = await post(
      ApiPath.accountPassword,
      here,
      { method: 'password', currentPassword: 'Oldpass123', newPassword: 'Newpass456' },
      { origin: 'http://evil.localhost.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await post(ApiPath.account, other)).statusCode).toBe(200);
    expect((await post(ApiPath.accountSmsCode, here, {}, { referer: 'https://evil.example/page' })).statusCode).toBe(403);
    // A mobile in the body is ignored: the code goes to the user's own mobile.
    const withMobile = await post(ApiPath.accountSmsCode, here, { mobile: '13900000001' });
    expect(withMobile.statusCode).toBe(200);
    expect(logged.findLast((l) => l.msg === 'sms code issued')?.mobile).toBe(mobile);
    // The second code within 60 s is refused.
    expect((await post(ApiPath.accountSmsCode, here)).statusCode).toBe(429);
  });
});
