import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { ApiPath } from '@contracts/paths';
import type { UploadTicket } from '@contracts/upload';
import { envelope, type Harness } from './harness';
import type { TestUser } from './support-users';

/** Uploads as a browser makes them (ticket → PostObject → callback), for tests of what is done with them. */

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
export const png = (shade: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

export async function ticketOf(h: Harness, user: TestUser, dir: string): Promise<UploadTicket> {
  const res = await h.app.inject({
    method: 'GET',
    url: `${ApiPath.ossTicker}?uploadSize=1&userDir=${dir}`,
    headers: user.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<UploadTicket>(res).data;
}

/** A multipart body with `file` last, as the browser sends PostObject and the desk its image. */
export function multipart(
  fields: Record<string, string>,
  file: Buffer,
  filename = 'a.png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----yj${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([n, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`),
  );
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function postObject(h: Harness, t: UploadTicket, key: string, file: Buffer): Promise<LightMyRequestResponse> {
  const body = multipart(
    { key, policy: t.policy, OSSAccessKeyId: t.accessId, success_action_status: '200', Signature: t.signature },
    file,
  );
  return h.app.inject({ method: 'POST', url: t.host, ...body });
}

/** A png of `shade` uploaded by the user into `dir` and called back; its key. */
export async function uploadOf(h: Harness, user: TestUser, dir: string, shade = 120): Promise<string> {
  const t = await ticketOf(h, user, dir);
  const bytes = await png(shade);
  const key = `${t.keys[0]}.png`;
  expect((await postObject(h, t, key, bytes)).statusCode).toBe(200);
  const cb = await h.app.inject({
    method: 'POST',
    url: ApiPath.ossCallback,
    payload: { uploads: [{ key, md5: md5(bytes), suffix: 'png' }] },
    headers: user.cookie,
  });
  expect(cb.statusCode, cb.body).toBe(200);
  return key;
}

/** The card thumbnail the callback made beside an upload. */
export const thumbOf = (key: string) => key.replace(/\.[a-z]+$/, '_thumb.jpg');
