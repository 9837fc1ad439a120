import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';

/**
 * Issue 7 "keep working when something fails": a second web process of the same build, in front of a backend
 * that accepts connections and never answers (the worst kind of down: nothing fails fast). A page that needs
 * the backend is the 500 page, 网络繁忙，请稍后再试, in the HTML and on screen, after one API timeout (5 s) rather
 * than one per render pass; the web process stays up and answers what needs no backend.
 * (Serving a cached page stale while the backend is down comes with the page cache of issue 7.)
 */
const PORT = E2E.webPort + 7;
const ROOT = `localhost:${PORT}`;
let hung: Server;
const sockets = new Set<Socket>();
let web: ChildProcess;

test.beforeAll(async () => {
  hung = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const backendPort = (hung.address() as { port: number }).port;
  web = spawn(process.execPath, ['--import', 'tsx', 'web-server.ts'], {
    env: { ...process.env, PORT: String(PORT), BACKEND_URL: `http://127.0.0.1:${backendPort}`, PORTAL_ROOT_DOMAIN: ROOT },
    stdio: 'ignore',
  });
  await expect(async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/robots.txt`);
    expect(res.status).toBe(200);
  }).toPass({ timeout: 60_000 });
});

test.afterAll(async () => {
  web?.kill();
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => hung.close(() => resolve()));
});

test('with a backend that never answers, a page is the 500 page and the web process keeps serving', async ({ page, request }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const res = await page.goto(`http://bj.${ROOT}/ershoufang/`);
  expect(res?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: '网络繁忙，请稍后再试' })).toBeVisible();
  // 重试 reloads the page (the document is static: no Next runtime to reset).
  await expect(page.getByRole('link', { name: '重试' })).toHaveAttribute('href', '');
  console.log(`backend hung: the 500 page after ${Date.now() - started} ms`);

  // The text is in the server's HTML too, not only drawn by script.
  const html = await request.get(`http://127.0.0.1:${PORT}/loupan/`, { headers: { host: `bj.${ROOT}` } });
  expect(html.status()).toBe(500);
  expect(await html.text()).toContain('网络繁忙，请稍后再试');

  // Still up: what needs no backend is served, and another page fails the same way instead of hanging the process.
  expect((await request.get(`http://127.0.0.1:${PORT}/robots.txt`)).status()).toBe(200);
  expect((await request.get(`http://127.0.0.1:${PORT}/zufang/`, { headers: { host: `bj.${ROOT}` } })).status()).toBe(500);
});
