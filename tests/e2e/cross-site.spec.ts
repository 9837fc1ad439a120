import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cityUrl, logInWithPassword } from './support';

/**
 * A page on another site (127.0.0.1 is a different site from bj.localhost) tries what an attacker probe found
 * working: navigating the visitor to a URL that ended their session, posting a form to /sso/logout,
 * posting the demo credentials to log them in as someone else, and framing the login page. Nothing of it
 * may change the visitor's state or show the login page in its frame.
 */
let attacker: Server;
let attackerOrigin = '';

const pages: Record<string, (target: (path: string) => string) => string> = {
  '/navigate': (t) => `<script>location.href = ${JSON.stringify(t('/auth/expired?prePath=/'))};</script>`,
  '/logout-form': (t) =>
    `<form id="f" method="post" action="${t('/sso/logout')}"><input name="x" value="1"></form><script>f.submit()</script>`,
  '/logout-json': (t) =>
    `<form id="f" method="post" enctype="text/plain" action="${t('/sso/logout')}"><input name='{"a":"' value='"}'></form><script>f.submit()</script>`,
  '/login-form': (t) =>
    `<form id="f" method="post" enctype="text/plain" action="${t('/sso/login/password')}"><input name='{"mobile":"13800138000","password":"youju2026","x":"' value='"}'></form><script>f.submit()</script>`,
  '/frame': (t) => `<h1>attacker</h1><iframe name="victim" src="${t('/login')}" width="800" height="600"></iframe>`,
};

test.beforeAll(async () => {
  attacker = http.createServer((req, res) => {
    const make = pages[(req.url ?? '').split('?')[0] ?? ''];
    res.writeHead(make ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(make ? `<!doctype html><meta charset="utf-8"><body>${make((p) => cityUrl('bj', p))}</body>` : 'no');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => attacker.close());

/** Logged in: the account page opens and the session cookie is the one we started with. */
async function expectStillLoggedIn(page: Page, context: BrowserContext, token: string | undefined): Promise<void> {
  expect((await context.cookies()).find((c) => c.name === 'yj_token')?.value).toBe(token);
  await page.goto(cityUrl('bj', '/personal/account'));
  await expect(page).toHaveURL(cityUrl('bj', '/personal/account'));
}

test('navigations and form posts from another site leave the session as it was', async ({ page, context }) => {
  await logInWithPassword(page);
  const token = (await context.cookies()).find((c) => c.name === 'yj_token')?.value;
  expect(token).toBeTruthy();

  // A top-level navigation to the expired-session URL: the session is alive, so it is kept.
  await page.goto(`${attackerOrigin}/navigate`);
  await page.waitForURL(cityUrl('bj', '/'));
  await expectStillLoggedIn(page, context, token);

  for (const path of ['/logout-form', '/logout-json']) {
    const refused = page.waitForResponse((r) => r.url().endsWith('/sso/logout'));
    await page.goto(`${attackerOrigin}${path}`);
    const res = await refused;
    expect(res.status(), path).toBe(403);
    expect((await res.headers())['set-cookie'], path).toBeUndefined();
    await expectStillLoggedIn(page, context, token);
  }
});

test('a cross-site form cannot log a visitor in as someone else', async ({ page, context }) => {
  const refused = page.waitForResponse((r) => r.url().endsWith('/sso/login/password'));
  await page.goto(`${attackerOrigin}/login-form`);
  const res = await refused;
  expect(res.status()).toBe(403);
  expect((await context.cookies()).find((c) => c.name === 'yj_token')).toBeUndefined();
  await page.goto(cityUrl('bj', '/personal/account'));
  await expect(page).toHaveURL(/\/login\?prePath=/);
});

test('another site cannot frame the login page', async ({ page }) => {
  const framed = page.waitForResponse((r) => r.url() === cityUrl('bj', '/login'));
  await page.goto(`${attackerOrigin}/frame`);
  const res = await framed;
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { name: 'attacker' })).toBeVisible();
  const frame = page.frame({ name: 'victim' });
  expect(frame).not.toBeNull();
  // Chromium replaces a refused frame with its own error page: no login form is there to be clicked.
  await expect.poll(() => frame?.url()).not.toBe(cityUrl('bj', '/login'));
  await expect(frame!.getByPlaceholder('请输入手机号')).toHaveCount(0);
  // The same page opened as a page of its own does show the form (the check above could not pass by accident).
  await page.goto(cityUrl('bj', '/login'));
  await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
});
