import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';

/** Another web process of the same build, for tests that need their own backend address or cache settings. */
export async function startWebProcess(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const web = spawn(process.execPath, ['--import', 'tsx', 'web-server.ts'], {
    env: { ...process.env, REDIS_URL: '', ...env, PORT: String(port), PORTAL_ROOT_DOMAIN: `localhost:${port}` },
    stdio: 'ignore',
  });
  await expect(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/robots.txt`);
    expect(res.status).toBe(200);
  }).toPass({ timeout: 60_000 });
  return web;
}
