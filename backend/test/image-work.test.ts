import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '@contracts/paths';
import { UPLOAD_BUSY_MESSAGE, UPLOAD_CHECKS_PER_USER, UPLOAD_PIXELS_MESSAGE } from '@contracts/upload';
import { configWith } from '../src/config';
import { uploads } from '../src/db/schema';
import { DEMO_USER } from '../src/db/seed';
import { ApiError } from '../src/http/errors';
import { mallocWarning } from '../src/malloc';
import { ImageWork, imageWorkLimits } from '../src/modules/uploads/image-work';
import { envelope, startHarness, type Harness } from './harness';
import { flatJpeg, LIMIT_SIDE, pixelBombs, uploadSteps } from './support-images';
import { newTestUser } from './support-users';

/**
 * Decoding users' images (uploads/image-work.ts): pixels checked from the header before any decoding, a bound
 * per process and per user that answers 429 instead of queueing, and password logins that never wait behind it.
 */

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => opened.then(() => 'done') };
}
const busyOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ran',
    (err: unknown) => (err instanceof ApiError ? `${err.statusCode} ${err.message}` : String(err)),
  );
const tick = () => new Promise((r) => setTimeout(r, 0));
/** Tests that decode: a 25 MP image takes 2.5 s of a quiet core and far longer on a busy shared machine. */
const SLOW = 180_000;

describe('the bound itself (ImageWork)', () => {
  it('runs `decodes` at once; one more waits its turn; past the waiting room a 429 at once', async () => {
    const work = new ImageWork({ decodes: 2, waiting: 1, waitMs: 60_000, perOwner: 2 });
    const gates = [gate(), gate(), gate()];
    const first = work.run('a', gates[0]!.work);
    const second = work.run('b', gates[1]!.work);
    const third = work.run('c', gates[2]!.work);
    expect(work.load).toEqual({ running: 2, waiting: 1 });
    expect(await busyOf(work.run('d', async () => 'never'))).toBe(`429 ${UPLOAD_BUSY_MESSAGE}`);
    gates[0]!.open();
    expect(await first).toBe('done');
    await tick();
    // The turn passed straight to the waiting one.
    expect(work.load).toEqual({ running: 2, waiting: 0 });
    gates[1]!.open();
    gates[2]!.open();
    expect([await second, await third]).toEqual(['done', 'done']);
    expect(work.load).toEqual({ running: 0, waiting: 0 });
  });

  it(`gives one owner ${UPLOAD_CHECKS_PER_USER} at once (running or waiting); the next is a 429 at once, others are not touched`, async () => {
    const work = new ImageWork({ decodes: 1, waiting: 5, waitMs: 60_000, perOwner: 2 });
    const a1 = gate();
    const a2 = gate();
    const r1 = work.run('a', a1.work);
    const r2 = work.run('a', a2.work);
    expect(await busyOf(work.run('a', async () => 'never'))).toBe(`429 ${UPLOAD_BUSY_MESSAGE}`);
    const other = work.run('b', async () => 'b ran');
    a1.open();
    a2.open();
    expect([await r1, await r2, await other]).toEqual(['done', 'done', 'b ran']);
    // Its turns are given back, also when the work fails.
    await expect(work.run('a', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await work.run('a', async () => 'again')).toBe('again');
    expect(work.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 to one that waited waitMs, and lets it go from the room', async () => {
    const work = new ImageWork({ decodes: 1, waiting: 1, waitMs: 50, perOwner: 2 });
    const long = gate();
    const running = work.run('a', long.work);
    const waited = busyOf(work.run('b', async () => 'never'));
    expect(await waited).toBe(`429 ${UPLOAD_BUSY_MESSAGE}`);
    expect(work.load).toEqual({ running: 1, waiting: 0 });
    const next = work.run('b', async () => 'b ran');
    long.open();
    expect([await running, await next]).toEqual(['done', 'b ran']);
  });

  it("never lets image work take more than all but 2 of libuv's threads", () => {
    expect(imageWorkLimits(configWith({})).decodes).toBe(2);
    expect(imageWorkLimits(configWith({ IMAGE_DECODES: '8' })).decodes).toBe(2);
    expect(imageWorkLimits(configWith({ IMAGE_DECODES: '8', UV_THREADPOOL_SIZE: '16' })).decodes).toBe(8);
    expect(imageWorkLimits(configWith({ IMAGE_DECODES: '3', UV_THREADPOOL_SIZE: '3' })).decodes).toBe(1);
    // libuv reads an empty or unreadable value as 1 thread: so does the setting.
    expect(configWith({ UV_THREADPOOL_SIZE: '' }).UV_THREADPOOL_SIZE).toBe(1);
  });

  it('warns at start on glibc without MALLOC_MMAP_THRESHOLD_ (freed image memory would stay with the process)', () => {
    expect(mallocWarning({}, true)).toMatch(/^MALLOC_MMAP_THRESHOLD_ is not set/);
    expect(mallocWarning({ MALLOC_MMAP_THRESHOLD_: '131072' }, true)).toBeNull();
    expect(mallocWarning({}, false)).toBeNull();
  });

  it('is the one place that decodes: no other backend module imports sharp', () => {
    const root = path.join(import.meta.dirname, '../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const importers = files.filter((f) =>
      /from 'sharp'|require\('sharp'\)|import\('sharp'\)/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(importers).toEqual([path.join('modules', 'uploads', 'image-work.ts')]);
  });
});

describe('the callback under the bound (2 decodes, 1 waiting, per user 2)', () => {
  let h: Harness;
  let steps: ReturnType<typeof uploadSteps>;
  /** 25 MP, the most one decode may cost (seconds on this machine); each upload of it is a key of its own. */
  let largest: Buffer;
  /** 9 MP: decodes long enough (a second or more) for requests sent together to meet in the bound. */
  let photo: Buffer;
  beforeAll(async () => {
    largest = await flatJpeg(LIMIT_SIDE);
    photo = await flatJpeg(3000);
    // A long wait, so that who waits and who is refused does not depend on how fast this machine decodes.
    h = await startHarness({ config: { IMAGE_DECODES: '2', IMAGE_WAITING: '1', IMAGE_WAIT_MS: '60000' } });
    steps = uploadSteps(h);
  });
  afterAll(() => h?.close());

  const statusAndMsg = (res: LightMyRequestResponse) => [res.statusCode, envelope(res).msg];

  it('refuses an image over 25 megapixels from its header, before decoding: 400 with its own message, the object dropped', async () => {
    const user = await newTestUser(h);
    const bombs = await pixelBombs();
    expect(bombs.length).toBeGreaterThan(3);
    for (const bomb of bombs) {
      const item = await steps.put(user, bomb.bytes, bomb.kind);
      // CPU time of this process (every thread: the app, PGlite, sharp's own), not the clock: the callback is the only
      // work in flight, and a busy machine makes it wait, not work more.
      const cpuBefore = process.cpuUsage();
      const res = await steps.callback(user, item);
      const cpu = process.cpuUsage(cpuBefore);
      expect(statusAndMsg(res), bomb.name).toEqual([400, UPLOAD_PIXELS_MESSAGE]);
      // The work of a header read (milliseconds), not of a decode (2.5 s or more of a core for 26 MP).
      expect((cpu.user + cpu.system) / 1000, bomb.name).toBeLessThan(1500);
      expect(await h.storage.get(item.key), bomb.name).toBeNull();
    }
    expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(0);
  });

  it(
    `takes exactly 25 megapixels (${LIMIT_SIDE}×${LIMIT_SIDE})`,
    async () => {
      const user = await newTestUser(h);
      const res = await steps.callback(user, await steps.put(user, largest, 'jpg'));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await h.database.db.select().from(uploads).where(eq(uploads.userId, user.id));
      expect([row!.width, row!.height]).toEqual([LIMIT_SIDE, LIMIT_SIDE]);
    },
    SLOW,
  );

  it(
    'checks 2 images of one user at once: their third and fourth are 429 上传失败 at once, kept, and taken when sent again',
    async () => {
      const user = await newTestUser(h);
      const items = await Promise.all([0, 1, 2, 3].map(() => steps.put(user, photo, 'jpg')));
      const answers = await Promise.all(items.map((item) => steps.callback(user, item)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(2);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(2);
      for (const r of refused) expect(envelope(r)).toEqual({ code: 429, succeed: false, msg: UPLOAD_BUSY_MESSAGE, data: null });
      // A refusal for being busy keeps the posted object: the same callback, sent again, is taken.
      const again = items.filter((_, n) => codes[n] === 429);
      for (const item of again) expect(await h.storage.get(item.key)).not.toBeNull();
      for (const item of again) expect((await steps.callback(user, item)).statusCode).toBe(200);
      expect(await h.database.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(4);
    },
    SLOW,
  );

  it(
    'checks 2 at once in the process and lets 1 wait: of 4 users at once, 3 are taken and 1 is 429',
    async () => {
      const users = await Promise.all([0, 1, 2, 3].map(() => newTestUser(h)));
      const items = await Promise.all(users.map((u) => steps.put(u, photo, 'jpg')));
      const answers = await Promise.all(users.map((u, n) => steps.callback(u, items[n]!)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
      expect(statusAndMsg(answers.find((r) => r.statusCode === 429)!)).toEqual([429, UPLOAD_BUSY_MESSAGE]);
    },
    SLOW,
  );

  it(
    'answers password logins while image work is saturated, before any image is done',
    async () => {
      const users = await Promise.all([0, 1, 2].map(() => newTestUser(h)));
      const items = await Promise.all(
        users.flatMap((u) => [0, 1].map(async () => ({ user: u, item: await steps.put(u, largest, 'jpg') }))),
      );
      let firstImageDone = Number.POSITIVE_INFINITY;
      let refused = 0;
      const callbacks = items.map(({ user, item }) =>
        steps.callback(user, item).then((res) => {
          if (res.statusCode === 200) firstImageDone = Math.min(firstImageDone, performance.now());
          if (res.statusCode === 429) refused += 1;
          return res.statusCode;
        }),
      );
      // Image work is saturated: a callback is refused only while two decode and one waits.
      await vi.waitFor(() => expect(refused).toBeGreaterThan(0), { timeout: 30_000 });
      for (let n = 0; n < 5; n++) {
        const res = await h.app.inject({
          method: 'POST',
          url: ApiPath.loginByPassword,
          payload: { mobile: DEMO_USER.mobile, password: DEMO_USER.password },
          headers: { 'x-forwarded-for': `10.77.0.${n + 1}` },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const loginsDone = performance.now();
      const codes = await Promise.all(callbacks);
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2);
      // Hashing found a thread free: every login was answered while the first images were still being decoded (when
      // they shared the pool a login waited 19 s behind six decodes). An order of events, not a budget; how long each
      // login takes under the same load is `npm run bench:images`' figure.
      expect(loginsDone).toBeLessThan(firstImageDone);
    },
    SLOW,
  );
});
