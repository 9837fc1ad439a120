import { createHash, randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { UploadedPhoto, UploadsCleanupResult, UploadTicket } from '@contracts/upload';
import { runOps } from '../../scripts/ops';
import { sessions, users } from '../src/db/schema';
import { localStorage } from '../src/storage/local-storage';
import { createSingletons } from '../src/db/singleton';
import { cleanupOrphanUploads, ORPHAN_AGE_MS, startUploadCleanup } from '../src/modules/uploads/cleanup';
import { envelope, startHarness, type Harness } from './harness';

/**
 * Objects posted with a ticket and never named in a callback are deleted once older than the ticket's life plus
 * a margin (local storage mode: objects are files under DATA_DIR/oss, their age is the file's mtime).
 */
const TOKEN = 'cleanup-test-ops-token-0123456789';
let h: Harness;
let oss: string;
const storage = () => localStorage(oss);
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  oss = path.join(h.config.DATA_DIR, 'oss');
});
afterAll(() => h?.close());

let nextMobile = 13_700_500_000;
async function newUser() {
  const [user] = await h.database.db
    .insert(users)
    .values({ mobile: String(nextMobile++), userName: '' })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await h.database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { id: user!.id, auth: { authorization: `Bearer ${token}` } };
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .png()
    .toBuffer();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function post(t: UploadTicket, key: string, file: Buffer) {
  const boundary = `----yj${randomBytes(8).toString('hex')}`;
  const fields = { key, policy: t.policy, OSSAccessKeyId: t.accessId, success_action_status: '200', Signature: t.signature };
  const chunks: Buffer[] = Object.entries(fields).map(([n, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`),
  );
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await h.app.inject({
    method: 'POST',
    url: t.host,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Makes the object's file look written `ms` ago. */
async function age(key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  await utimes(path.join(oss, key), when, when);
}
const exists = async (key: string) => (await storage().get(key)) !== null;

/** One user's three posts: one called back (kept with its thumbnail), two never named (one old, one fresh). */
async function scene() {
  const u = await newUser();
  const tr = await h.app.inject({ method: 'GET', url: `${ApiPath.ossTicker}?uploadSize=3&userDir=ub/entrust`, headers: u.auth });
  const t = envelope<UploadTicket>(tr).data;
  const bytes = await png();
  const [kept, orphan, fresh] = t.keys.map((k) => `${k}.png`) as [string, string, string];
  for (const key of [kept, orphan, fresh]) await post(t, key, bytes);
  const cb = await h.app.inject({
    method: 'POST',
    url: ApiPath.ossCallback,
    payload: { uploads: [{ key: kept, md5: md5(bytes), suffix: 'png' }] },
    headers: u.auth,
  });
  expect(cb.statusCode, cb.body).toBe(200);
  const thumb = envelope<UploadedPhoto[]>(cb).data[0]!.thumbUrl.replace(/^\/oss\//, '');
  // A thumbnail-shaped object no row names (a callback that died between the thumbnail and the row).
  const strayThumb = kept.replace(/[0-9a-f]{24}\.png$/, `${'e'.repeat(24)}_thumb.jpg`);
  await storage().put(strayThumb, bytes, 'image/jpeg');
  const old = ORPHAN_AGE_MS + 60_000;
  for (const key of [kept, thumb, orphan, strayThumb]) await age(key, old);
  // Just inside the margin: a post whose callback may still come.
  await age(fresh, ORPHAN_AGE_MS - 120_000);
  // Seed photos are not uploads: old, under seed/, never touched.
  await age('seed/plan/3.svg', old);
  return { kept, thumb, orphan, fresh, strayThumb, auth: u.auth };
}

describe('orphan upload clean-up (local storage)', () => {
  it('deletes old objects no upload row names, keeps recorded ones, their thumbnails, fresh posts and seed files', async () => {
    const { auth, ...s } = await scene();
    for (const key of Object.values(s)) expect(await exists(key), key).toBe(true);
    const result = await cleanupOrphanUploads(h.database.db, storage());
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(result.sample).toEqual(expect.arrayContaining([s.orphan, s.strayThumb]));
    expect(result.scanned).toBeGreaterThanOrEqual(5);
    expect(await exists(s.orphan)).toBe(false);
    expect(await exists(s.strayThumb)).toBe(false);
    expect(await exists(s.kept)).toBe(true);
    expect(await exists(s.thumb)).toBe(true);
    expect(await exists(s.fresh)).toBe(true);
    expect(await exists('seed/plan/3.svg')).toBe(true);
    // The kept photo is still served (to its owner: it is private until published); the orphan's address is a 404.
    expect((await h.app.inject({ url: `/oss/${s.kept}`, headers: auth })).statusCode).toBe(200);
    expect((await h.app.inject({ url: `/oss/${s.orphan}`, headers: auth })).statusCode).toBe(404);
    // Again: nothing more to do for these.
    const again = await cleanupOrphanUploads(h.database.db, storage());
    expect(again.sample).not.toContain(s.kept);
    expect(again.sample).not.toContain(s.fresh);
  });

  it('`npm run ops -- uploads cleanup` runs it through the operator API; without the token it is refused', async () => {
    const s = await scene();
    const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(['uploads', 'cleanup'], {
      env: { BACKEND_URL: url, OPS_TOKEN: TOKEN },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      fetch,
    });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^uploads: \d+ objects under ub\/, [1-9]\d* orphans deleted$/);
    expect(out).toContain(`  ${s.orphan}`);
    expect(await exists(s.orphan)).toBe(false);
    expect(await exists(s.kept)).toBe(true);
    const refused = await h.app.inject({ method: 'POST', url: ApiPath.opsUploadsCleanup, payload: {} });
    expect(refused.statusCode).toBe(401);
    const usage = await runOps(['uploads', 'sweep'], {
      env: { BACKEND_URL: url, OPS_TOKEN: TOKEN },
      out: () => {},
      err: (l) => err.push(l),
      fetch,
    });
    expect(usage).toBe(2);
  });

  it('runs by itself on the backend interval', async () => {
    const s = await scene();
    const stop = startUploadCleanup(h.database.db, storage(), h.app.log, 50);
    try {
      await expect.poll(() => exists(s.orphan), { timeout: 5000 }).toBe(false);
      expect(await exists(s.kept)).toBe(true);
      expect(await exists(s.fresh)).toBe(true);
    } finally {
      stop();
    }
  });

  it('runs on the interval only in the process that owns the job (db/singleton.ts): another skips it', async () => {
    const s = await scene();
    const owner = createSingletons(h.database.db);
    const other = createSingletons(h.database.db);
    const asked: string[] = [];
    // The owner holds the job and never runs it here: only `other` runs on the interval.
    await owner.runAlone('upload-cleanup', async () => {});
    const stop = startUploadCleanup(h.database.db, storage(), h.app.log, 50, (name, work) => {
      asked.push(name);
      return other.runAlone(name, work);
    });
    try {
      await expect.poll(() => asked.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      expect(new Set(asked)).toEqual(new Set(['upload-cleanup']));
      expect(await exists(s.orphan)).toBe(true);
    } finally {
      stop();
      await Promise.all([owner.close(), other.close()]);
    }
  });

  it('answers the result envelope on the route', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: ApiPath.opsUploadsCleanup,
      payload: {},
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const data = envelope<UploadsCleanupResult>(res).data;
    expect(data.scanned).toBeGreaterThan(0);
    expect(data.deleted).toBeGreaterThanOrEqual(0);
  });
});
