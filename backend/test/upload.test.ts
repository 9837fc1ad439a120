import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, OSS_POST_PATH, SESSION_COOKIE } from '@contracts/paths';
import {
  UPLOAD_DAILY_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TICKET_LIMIT,
  type UploadedPhoto,
  type UploadTicket,
} from '@contracts/upload';
import { configWith } from '../src/config';
import { sessions, uploads, users } from '../src/db/schema';
import { openPostSigner, v1Signature } from '../src/storage/post-object';
import { ownerNames } from '../src/modules/uploads/owner-names';
import { envelope, startHarness, type Harness } from './harness';

/** Uploads (spec §5 image upload): ticket → PostObject to the local OSS host → callback; the avatar. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let nextMobile = 13_700_300_000;
async function newUser(): Promise<{ id: number; auth: Record<string, string> }> {
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

const png = (w = 800, h2 = 600) =>
  sharp({ create: { width: w, height: h2, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const jpg = () =>
  sharp({ create: { width: 640, height: 960, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function ticker(auth: Record<string, string>, query = 'uploadSize=2') {
  const res = await h.app.inject({ method: 'GET', url: `${ApiPath.ossTicker}?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<UploadTicket>(res).data;
}

function form(
  fields: Record<string, string>,
  file: Buffer,
  filename = 'a.png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----yj${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postObject(
  t: UploadTicket,
  key: string,
  file: Buffer,
  over: Partial<Record<string, string>> = {},
  headers: Record<string, string> = {},
) {
  const fields = {
    key,
    policy: t.policy,
    OSSAccessKeyId: t.accessId,
    success_action_status: '200',
    Signature: t.signature,
    ...over,
  } as Record<string, string>;
  const f = form(fields, file);
  return h.app.inject({ method: 'POST', url: t.host, payload: f.payload, headers: { ...f.headers, ...headers } });
}

const callback = (
  auth: Record<string, string>,
  list: { key: string; md5: string; suffix: string }[],
  headers: Record<string, string> = {},
) =>
  h.app.inject({
    method: 'POST',
    url: ApiPath.ossCallback,
    payload: { uploads: list, userData: '', viewId: '' },
    headers: { ...auth, ...headers },
  });

describe('ticker', () => {
  it('answers a signed PostObject ticket with keys under the user prefix', async () => {
    const u = await newUser();
    const t = await ticker(u.auth, 'uploadSize=3&applyId=form1');
    expect(t.keys).toHaveLength(3);
    const folder = ownerNames(h.config.KEY_SECRET).folder(u.id);
    for (const k of t.keys) expect(k.startsWith(`ub/process/${folder}/`)).toBe(true);
    expect(new Set(t.keys).size).toBe(3);
    expect(t.host).toBe(OSS_POST_PATH);
    const policy = JSON.parse(Buffer.from(t.policy, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    expect(policy.conditions).toContainEqual(['starts-with', '$key', `ub/process/${folder}/`]);
    const left = Date.parse(policy.expiration) - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    const avatar = await ticker(u.auth, 'userDir=ub/avatar');
    expect(avatar.keys[0]!.startsWith(`ub/avatar/${folder}/`)).toBe(true);
  });

  it('refuses bad input and no session', async () => {
    const u = await newUser();
    for (const q of ['uploadSize=0', 'uploadSize=10', 'uploadSize=x', 'userDir=etc', 'userDir=ub/process/../x']) {
      const res = await h.app.inject({ method: 'GET', url: `${ApiPath.ossTicker}?${q}`, headers: u.auth });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await h.app.inject({ method: 'GET', url: ApiPath.ossTicker })).statusCode).toBe(401);
    expect(
      (await h.app.inject({ method: 'GET', url: ApiPath.ossTicker, headers: { cookie: `${SESSION_COOKIE}=dead` } })).statusCode,
    ).toBe(401);
  });

  it('gives a user at most UPLOAD_TICKET_LIMIT tickets an hour', async () => {
    const u = await newUser();
    for (let i = 0; i < UPLOAD_TICKET_LIMIT; i++) {
      const res = await h.app.inject({ method: 'GET', url: ApiPath.ossTicker, headers: u.auth });
      expect(res.statusCode).toBe(200);
    }
    const over = await h.app.inject({ method: 'GET', url: ApiPath.ossTicker, headers: u.auth });
    expect(over.statusCode).toBe(429);
    // GET and POST are one count: the other method is no way round it.
    expect((await h.app.inject({ method: 'POST', url: ApiPath.ossTicker, payload: {}, headers: u.auth })).statusCode).toBe(429);
    // Another user is counted on their own.
    expect((await h.app.inject({ method: 'GET', url: ApiPath.ossTicker, headers: (await newUser()).auth })).statusCode).toBe(200);
  });

  it('signs in Aliyun mode with ali-oss the way OSS checks it', () => {
    const config = configWith({
      OSS_REGION: 'oss-cn-hangzhou',
      OSS_BUCKET: 'youju-test',
      OSS_ACCESS_KEY_ID: 'LTAIexample',
      OSS_ACCESS_KEY_SECRET: 'secret-example-0123',
      DATA_DIR: '/tmp/never-written',
    });
    const signer = openPostSigner(config);
    expect(signer.mode).toBe('aliyun');
    expect(signer.host).toBe('https://youju-test.oss-cn-hangzhou.aliyuncs.com');
    const signed = signer.sign({
      expiration: '2030-01-01T00:00:00.000Z',
      conditions: [['starts-with', '$key', 'ub/process/u1/']],
    });
    expect(JSON.parse(Buffer.from(signed.policy, 'base64').toString())).toEqual({
      expiration: '2030-01-01T00:00:00.000Z',
      conditions: [['starts-with', '$key', 'ub/process/u1/']],
    });
    expect(signed.signature).toBe(v1Signature('secret-example-0123', signed.policy));
    expect(signer.verify(signed.policy, signed.signature)).toBe(true);
  });
});

describe('PostObject to the local host and the callback', () => {
  it('stores a png and a jpg, thumbnails them and records them', async () => {
    const u = await newUser();
    const t = await ticker(u.auth);
    const a = await png();
    const b = await jpg();
    expect((await postObject(t, `${t.keys[0]}.png`, a)).statusCode).toBe(200);
    expect((await postObject(t, `${t.keys[1]}.JPG`.toLowerCase(), b)).statusCode).toBe(200);
    const res = await callback(u.auth, [
      { key: `${t.keys[0]}.png`, md5: md5(a), suffix: 'png' },
      { key: `${t.keys[1]}.jpg`, md5: md5(b).toUpperCase(), suffix: 'jpg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const done = envelope<UploadedPhoto[]>(res).data;
    expect(done.map((d) => d.key)).toEqual([`${t.keys[0]}.png`, `${t.keys[1]}.jpg`]);
    // spec §3 Upload result: url, name, size, type, index beside our key and thumbnail.
    expect(done.map((d) => [d.name, d.type, d.index])).toEqual([
      [`${t.keys[0]!.split('/').pop()}.png`, 'image/png', 0],
      [`${t.keys[1]!.split('/').pop()}.jpg`, 'image/jpeg', 1],
    ]);
    // Named by nothing public yet: served to its owner (backend/test/private-objects.test.ts).
    const original = await h.app.inject({ url: done[0]!.url, headers: u.auth });
    expect(original.statusCode).toBe(200);
    // Stored re-encoded (no metadata), the same picture.
    const originalMeta = await sharp(original.rawPayload).metadata();
    expect([originalMeta.format, originalMeta.width, originalMeta.height]).toEqual(['png', 800, 600]);
    const servedJpg = await h.app.inject({ url: done[1]!.url, headers: u.auth });
    const thumb = await h.app.inject({ url: done[1]!.thumbUrl, headers: u.auth });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([360, 270]);
    const rows = await h.database.db.select().from(uploads).where(eq(uploads.userId, u.id));
    expect(rows.map((r) => [r.suffix, r.width, r.height, r.size]).sort()).toEqual([
      ['jpg', 640, 960, servedJpg.rawPayload.length],
      ['png', 800, 600, original.rawPayload.length],
    ]);
    expect(done.map((d) => d.size)).toEqual([original.rawPayload.length, servedJpg.rawPayload.length]);
    // The same callback again answers the same, once recorded.
    const again = await callback(u.auth, [{ key: `${t.keys[0]}.png`, md5: md5(a), suffix: 'png' }]);
    expect(envelope<UploadedPhoto[]>(again).data[0]).toEqual(done[0]);
    // Named second in another callback, it is that callback's index 1.
    const swapped = await callback(u.auth, [
      { key: `${t.keys[1]}.jpg`, md5: md5(b), suffix: 'jpg' },
      { key: `${t.keys[0]}.png`, md5: md5(a), suffix: 'png' },
    ]);
    expect(envelope<UploadedPhoto[]>(swapped).data.map((d) => [d.key, d.index])).toEqual([
      [`${t.keys[1]}.jpg`, 0],
      [`${t.keys[0]}.png`, 1],
    ]);
  });

  it('keeps no EXIF (GPS, camera) in what it stores and serves, and applies the orientation to the pixels', async () => {
    const u = await newUser();
    const t = await ticker(u.auth);
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 160, b: 60 } } })
      .jpeg()
      .toBuffer();
    // A phone photo: camera make, GPS position (IFD3), orientation 6 (shown rotated by 90°).
    const photo = await sharp(plain)
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'P1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '39/1 54/1 2724/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '116/1 23/1 4440/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const sent = await sharp(photo).metadata();
    // The fixture does carry what must go: the GPS IFD pointer (tag 0x8825), the make, the orientation.
    expect(sent.exif).toBeDefined();
    expect(sent.exif!.includes(Buffer.from([0x88, 0x25])) || sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(photo.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(sent.orientation).toBe(6);
    const key = `${t.keys[0]}.jpg`;
    expect((await postObject(t, key, photo)).statusCode).toBe(200);
    // The md5 is of the bytes the browser sent.
    const res = await callback(u.auth, [{ key, md5: md5(photo), suffix: 'jpg' }]);
    expect(res.statusCode, res.body).toBe(200);
    const served = await h.app.inject({ url: envelope<UploadedPhoto[]>(res).data[0]!.url, headers: u.auth });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    // Turned as the tag said: 640×480 shown as 480×640.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 640]);
    const [row] = await h.database.db.select().from(uploads).where(eq(uploads.key, key));
    expect([row!.width, row!.height, row!.size, row!.md5]).toEqual([480, 640, served.rawPayload.length, md5(photo)]);
    // A second callback for the same key answers from the record (the stored bytes no longer have the sent md5).
    const again = await callback(u.auth, [{ key, md5: md5(photo), suffix: 'jpg' }]);
    expect(again.statusCode).toBe(200);
  });

  it('serves nothing of a user folder before the callback has checked and recorded it', async () => {
    const u = await newUser();
    const t = await ticker(u.auth, 'uploadSize=1');
    const a = await png();
    const key = `${t.keys[0]}.png`;
    expect((await postObject(t, key, a)).statusCode).toBe(200);
    // Posted, not yet named in a callback: its bytes are the browser's as sent (EXIF and all) — not served.
    expect((await h.app.inject({ url: `/oss/${key}`, headers: u.auth })).statusCode).toBe(404);
    expect((await callback(u.auth, [{ key, md5: md5(a), suffix: 'png' }])).statusCode).toBe(200);
    expect((await h.app.inject({ url: `/oss/${key}`, headers: u.auth })).statusCode).toBe(200);
    expect((await h.app.inject({ url: `/oss/${key.replace('.png', '_thumb.jpg')}`, headers: u.auth })).statusCode).toBe(200);
    // The seed's pictures are outside the users' folders and served as ever.
    const [seedCover] = await h.database.db
      .execute(sql`select cover_url from esf_listings where cover_url like '/oss/seed/%' limit 1`)
      .then((r) => (r as unknown as { rows: { cover_url: string }[] }).rows);
    if (seedCover) expect((await h.app.inject(seedCover.cover_url)).statusCode).toBe(200);
  });

  it('keeps one upload per name: another extension of a recorded name is refused, and its thumbnail stays', async () => {
    const u = await newUser();
    const t = await ticker(u.auth, 'uploadSize=1');
    const first = await png();
    const key = `${t.keys[0]}.png`;
    expect((await postObject(t, key, first)).statusCode).toBe(200);
    const done = envelope<UploadedPhoto[]>(await callback(u.auth, [{ key, md5: md5(first), suffix: 'png' }])).data[0]!;
    const thumbBefore = (await h.app.inject({ url: done.thumbUrl, headers: u.auth })).rawPayload;
    expect((await sharp(thumbBefore).metadata()).width).toBe(360);
    // The same name as .jpg: the local host refuses to store it beside the recorded one …
    const other = await jpg();
    expect((await postObject(t, key.replace('.png', '.jpg'), other)).statusCode).toBe(403);
    // … and a callback naming such an object (as it could be on Aliyun, where OSS stores it) refuses it too.
    await h.storage.put(key.replace('.png', '.jpeg'), other, 'image/jpeg');
    const refused = await callback(u.auth, [{ key: key.replace('.png', '.jpeg'), md5: md5(other), suffix: 'jpg' }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await h.app.inject({ url: done.thumbUrl, headers: u.auth })).rawPayload.equals(thumbBefore)).toBe(true);
    expect(await h.storage.get(key.replace('.png', '.jpeg'))).toBeNull();
  });

  it('keeps at most UPLOAD_DAILY_BYTES a day per user: past it the callback answers 429 and deletes the object', async () => {
    const u = await newUser();
    await h.database.db.insert(uploads).values({
      userId: u.id,
      key: `ub/process/u${u.id}/${'a'.repeat(24)}.png`,
      suffix: 'png',
      size: UPLOAD_DAILY_BYTES - 1000,
      md5: '0'.repeat(32),
      width: 1,
      height: 1,
    });
    const t = await ticker(u.auth, 'uploadSize=1');
    const a = await png();
    const key = `${t.keys[0]}.png`;
    expect((await postObject(t, key, a)).statusCode).toBe(200);
    const res = await callback(u.auth, [{ key, md5: md5(a), suffix: 'png' }]);
    expect(res.statusCode, res.body).toBe(429);
    expect(envelope(res).msg).toBe(UPLOAD_QUOTA_MESSAGE);
    expect(await h.storage.get(key)).toBeNull();
  });

  it('refuses an expired ticket', async () => {
    const u = await newUser();
    const t = await ticker(u.auth);
    const policy = {
      expiration: new Date(Date.now() - 1000).toISOString(),
      conditions: [
        ['content-length-range', 1, UPLOAD_MAX_BYTES],
        ['starts-with', '$key', `ub/process/u${u.id}/`],
      ],
    };
    const signer = openPostSigner(h.config);
    const old = signer.sign(policy);
    const res = await postObject({ ...t, ...old }, `${t.keys[0]}.png`, await png());
    expect(res.statusCode).toBe(403);
    expect(envelope(res).msg).toMatch(/expired/);
  });

  it('refuses over-size by the policy, and over the body limit', async () => {
    const u = await newUser();
    const t = await ticker(u.auth);
    const big = Buffer.concat([await png(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await postObject(t, `${t.keys[0]}.png`, big);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('图片大小不能超过5MB！');
    const huge = await postObject(t, `${t.keys[0]}.png`, Buffer.alloc(UPLOAD_MAX_BYTES * 2));
    expect(huge.statusCode).toBe(413);
    expect((await h.app.inject(`/oss/${t.keys[0]}.png`)).statusCode).toBe(404);
  });

  it('refuses an empty file with its own message, not "too large"', async () => {
    const u = await newUser();
    const t = await ticker(u.auth);
    const res = await postObject(t, `${t.keys[0]}.png`, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('上传失败，文件为空');
    expect((await h.app.inject(`/oss/${t.keys[0]}.png`)).statusCode).toBe(404);
  });

  it('refuses a key outside the prefix, a tampered policy or signature, other names', async () => {
    const u = await newUser();
    const other = await newUser();
    const t = await ticker(u.auth);
    const a = await png();
    expect((await postObject(t, `ub/process/${ownerNames(h.config.KEY_SECRET).folder(other.id)}/x.png`, a)).statusCode).toBe(403);
    expect((await postObject(t, `${t.keys[0]}.svg`, a)).statusCode).toBe(403);
    expect((await postObject(t, `${t.keys[0]}.html`, a)).statusCode).toBe(403);
    const wider = Buffer.from(
      JSON.stringify({ expiration: '2099-01-01T00:00:00.000Z', conditions: [['starts-with', '$key', 'ub/']] }),
    ).toString('base64');
    expect(
      (await postObject(t, `ub/process/${ownerNames(h.config.KEY_SECRET).folder(other.id)}/x.png`, a, { policy: wider }))
        .statusCode,
    ).toBe(403);
    expect((await postObject(t, `${t.keys[0]}.png`, a, { Signature: `${t.signature.slice(0, -4)}AAA=` })).statusCode).toBe(403);
    expect((await postObject(t, `${t.keys[0]}.png`, a, { OSSAccessKeyId: 'someone' })).statusCode).toBe(403);
    // Only a ticket's own names: no sub-folder, no overlong name, no name the thumbnail uses (these were a 500 or a
    // way to put unchecked bytes beside checked ones).
    const prefix = t.keys[0]!.slice(0, t.keys[0]!.lastIndexOf('/') + 1);
    expect((await postObject(t, `${prefix}d/d/d.jpg`, a)).statusCode).toBe(403);
    expect((await postObject(t, `${prefix}${'a'.repeat(300)}.jpg`, a)).statusCode).toBe(403);
    expect((await postObject(t, `${t.keys[0]}_thumb.jpg`, a)).statusCode).toBe(403);
    expect((await postObject(t, `${t.keys[0]}.png/z.jpg`, a)).statusCode).toBe(403);
    // An object is written once: the bytes the callback checked stay the bytes served.
    expect((await postObject(t, `${t.keys[1]}.png`, a)).statusCode).toBe(200);
    expect((await postObject(t, `${t.keys[1]}.png`, Buffer.from('<html><script>alert(1)</script>'))).statusCode).toBe(403);
    const notForm = await h.app.inject({ method: 'POST', url: t.host, payload: { key: 'x' } });
    expect(notForm.statusCode).toBe(400);
    const broken = await h.app.inject({
      method: 'POST',
      url: t.host,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it("refuses a callback naming someone else's keys, recording nothing", async () => {
    const a = await newUser();
    const b = await newUser();
    const t = await ticker(a.auth);
    const bytes = await png();
    await postObject(t, `${t.keys[0]}.png`, bytes);
    const res = await callback(b.auth, [{ key: `${t.keys[0]}.png`, md5: md5(bytes), suffix: 'png' }]);
    expect(res.statusCode).toBe(403);
    // Mixed with one of its own: still nothing recorded.
    const tb = await ticker(b.auth);
    await postObject(tb, `${tb.keys[0]}.png`, bytes);
    const mixed = await callback(b.auth, [
      { key: `${tb.keys[0]}.png`, md5: md5(bytes), suffix: 'png' },
      { key: `${t.keys[0]}.png`, md5: md5(bytes), suffix: 'png' },
    ]);
    expect(mixed.statusCode).toBe(403);
    expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, b.id))).toHaveLength(0);
    // A key that was never posted.
    expect((await callback(b.auth, [{ key: `${tb.keys[1]}.png`, md5: md5(bytes), suffix: 'png' }])).statusCode).toBe(404);
    expect((await callback(b.auth, [{ key: `${tb.keys[0]}.png`, md5: 'f'.repeat(32), suffix: 'png' }])).statusCode).toBe(400);
  });

  it('refuses bytes that are not jpg or png whatever the name, and deletes them', async () => {
    const u = await newUser();
    const t = await ticker(u.auth, 'uploadSize=4');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    for (const [i, bytes] of [svg, html, gif, fakePng].entries()) {
      const key = `${t.keys[i]}.jpg`;
      expect((await postObject(t, key, bytes)).statusCode).toBe(200);
      const res = await callback(u.auth, [{ key, md5: md5(bytes), suffix: 'jpg' }]);
      expect(res.statusCode, key).toBe(400);
      expect((await h.app.inject(`/oss/${key}`)).statusCode).toBe(404);
    }
    expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, u.id))).toHaveLength(0);
  });

  it('needs a session and refuses cross-site posts', async () => {
    const u = await newUser();
    const bytes = await png();
    expect((await callback({}, [{ key: `ub/process/u${u.id}/a.png`, md5: md5(bytes), suffix: 'png' }])).statusCode).toBe(401);
    const t = await ticker(u.auth);
    const evil = { origin: 'https://evil.example' };
    expect((await postObject(t, `${t.keys[0]}.png`, bytes, {}, evil)).statusCode).toBe(403);
    await postObject(t, `${t.keys[0]}.png`, bytes);
    expect((await callback(u.auth, [{ key: `${t.keys[0]}.png`, md5: md5(bytes), suffix: 'png' }], evil)).statusCode).toBe(403);
    expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, u.id))).toHaveLength(0);
    expect((await callback(u.auth, [])).statusCode).toBe(400);
    expect((await callback(u.auth, [{ key: 'x', md5: 'nope', suffix: 'png' }])).statusCode).toBe(400);
  });
});

describe('avatar', () => {
  it("sets the user's avatar to their own upload; anyone else's is a 404", async () => {
    const u = await newUser();
    const other = await newUser();
    const t = await ticker(u.auth, 'userDir=ub/avatar&uploadSize=1');
    const bytes = await png(300, 300);
    const key = `${t.keys[0]}.png`;
    await postObject(t, key, bytes);
    expect((await callback(u.auth, [{ key, md5: md5(bytes), suffix: 'png' }])).statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'POST', url: ApiPath.userAvatar, payload: { key }, headers: other.auth })).statusCode,
    ).toBe(404);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: ApiPath.userAvatar,
          payload: { key: 'ub/avatar/u1/none.png' },
          headers: u.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: ApiPath.userAvatar, payload: { key } })).statusCode).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: ApiPath.userAvatar,
          payload: { key },
          headers: { ...u.auth, origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await h.app.inject({ method: 'POST', url: ApiPath.userAvatar, payload: { key }, headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(envelope<{ avatarUrl: string }>(res).data.avatarUrl).toBe(`/oss/${key}`);
    const [row] = await h.database.db
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(and(eq(users.id, u.id)));
    expect(row!.avatarUrl).toBe(`/oss/${key}`);
    const info = await h.app.inject({ method: 'POST', url: ApiPath.userInfo, headers: u.auth });
    expect(envelope<{ avatarUrl: string }>(info).data.avatarUrl).toBe(`/oss/${key}`);
  });
});
