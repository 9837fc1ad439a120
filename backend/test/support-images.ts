import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ApiPath } from '@contracts/paths';
import { UPLOAD_MAX_PIXELS, type UploadTicket } from '@contracts/upload';
import { envelope, type Harness } from './harness';
import type { TestUser } from './support-users';

/**
 * Images that cost the server by their pixels, not their bytes (the probe's pixel bomb: a 235 kB progressive
 * JPEG of 6320×6320 took 4.6 s to decode), and headers that claim more than they carry.
 */

/** A progressive JPEG of one flat colour: a few hundred kB for any size. `side` 5000 is exactly UPLOAD_MAX_PIXELS. */
export const flatJpeg = (side: number, shade = 90) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg({ progressive: true })
    .toBuffer();

/** The same as a PNG (deflate makes a flat picture tiny too). */
export const flatPng = (side: number, shade = 90) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: shade, g: 60, b: 30 } } })
    .png()
    .toBuffer();

/** Just over the limit: 5100×5100 = 26 MP. */
export const BOMB_SIDE = 5100;
/** Exactly the limit: 5000×5000 = 25 MP, accepted, and the most a decode may cost. */
export const LIMIT_SIDE = Math.floor(Math.sqrt(UPLOAD_MAX_PIXELS));

/** A small real JPEG whose frame header (SOF) claims `side`×`side`, its scan cut short: a header and no pixels. */
export async function forgedJpeg(side: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .jpeg({ progressive: true })
      .toBuffer(),
  );
  let at = 2;
  while (at < bytes.length && bytes[at + 1] !== 0xc0 && bytes[at + 1] !== 0xc2) at += 2 + bytes.readUInt16BE(at + 2);
  if (at >= bytes.length) throw new Error('no SOF in the fixture');
  bytes.writeUInt16BE(side, at + 5);
  bytes.writeUInt16BE(side, at + 7);
  return bytes.subarray(0, Math.floor(bytes.length * 0.8));
}

/** A small real PNG whose IHDR (with its CRC set right) claims `side`×`side`. */
export async function forgedPng(side: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(side, 16);
  bytes.writeUInt32BE(side, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** The hostile images every decode path must refuse before decoding (sweep.test.ts, upload.test.ts). */
export async function pixelBombs(): Promise<{ name: string; bytes: Buffer; kind: 'jpg' | 'png' }[]> {
  return [
    { name: `progressive JPEG ${BOMB_SIDE}×${BOMB_SIDE}`, bytes: await flatJpeg(BOMB_SIDE), kind: 'jpg' },
    { name: `PNG ${BOMB_SIDE}×${BOMB_SIDE}`, bytes: await flatPng(BOMB_SIDE), kind: 'png' },
    { name: 'JPEG header claiming 60000×60000', bytes: await forgedJpeg(60000), kind: 'jpg' },
    { name: 'PNG header claiming 100000×100000', bytes: await forgedPng(100000), kind: 'png' },
  ];
}

/** The browser's three steps of an upload (ticket, PostObject to the local host, callback) for one user. */
export function uploadSteps(h: Harness) {
  async function put(
    user: TestUser,
    bytes: Buffer,
    kind: 'jpg' | 'png',
    dir = 'ub/process',
  ): Promise<{ key: string; md5: string; suffix: string }> {
    const res = await h.app.inject({
      method: 'GET',
      url: `${ApiPath.ossTicker}?uploadSize=1&userDir=${dir}`,
      headers: user.cookie,
    });
    if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
    const t = envelope<UploadTicket>(res).data;
    const key = `${t.keys[0]}.${kind}`;
    const boundary = `----yj${randomBytes(8).toString('hex')}`;
    const fields = { key, policy: t.policy, OSSAccessKeyId: t.accessId, success_action_status: '200', Signature: t.signature };
    const chunks: Buffer[] = Object.entries(fields).map(([n, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`),
    );
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.${kind}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const posted = await h.app.inject({
      method: 'POST',
      url: t.host,
      payload: Buffer.concat(chunks),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.cookie },
    });
    if (posted.statusCode !== 200) throw new Error(`PostObject: ${posted.statusCode} ${posted.body}`);
    return { key, md5: createHash('md5').update(bytes).digest('hex'), suffix: kind };
  }
  const callback = (user: TestUser, item: { key: string; md5: string; suffix: string }, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url: ApiPath.ossCallback,
      payload: { uploads: [item] },
      headers: { ...user.cookie, ...headers },
    });
  return { put, callback };
}
