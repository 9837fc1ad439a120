import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { UPLOAD_BUSY_MESSAGE, UPLOAD_CHECKS_PER_USER, UPLOAD_MAX_PIXELS, UPLOAD_PIXELS_MESSAGE } from '@contracts/upload';
import type { Config } from '../../config';
import { badRequest, tooManyRequests } from '../../http/errors';

/**
 * Every decode of bytes a user (or an agent's desk) sent goes through here: the user uploads' callback
 * (uploads/routes.ts) and the desk's images (im/desk.ts). The rules, and why:
 *
 * - **Pixels from the header first.** Decoding costs by pixels, not bytes: a 235 kB progressive JPEG of
 *   6320×6320 took 4.6 s and hundreds of MB. `metadata()` reads the header only; over UPLOAD_MAX_PIXELS the
 *   image is refused before a pixel is decoded (and libvips' own `limitInputPixels` says the same again).
 * - **A few at a time per process, UPLOAD_CHECKS_PER_USER per user.** sharp runs each call on one of libuv's
 *   threads (4 by default), where node:crypto's scrypt runs too: 8 decodes at once made password logins wait
 *   15 s. Image work takes at most IMAGE_DECODES threads, and never more than all but 2 of the pool, so hashing
 *   and file reads always find a thread free. A user's third check at once is a 429 at once; beyond the
 *   decodes a few callbacks wait their turn (IMAGE_WAITING, for at most IMAGE_WAIT_MS), then a 429 — never a
 *   queue that grows. The 429 leaves the posted object in place: the same callback may be sent again.
 * - **No cache, one thread a decode.** libvips' operation cache keeps past results for a pipeline that asks
 *   again (every upload is new bytes: it only holds memory), and one thread per decode makes the bound above
 *   also a bound in cores.
 */
sharp.cache(false);
sharp.concurrency(1);

/** Threads of libuv's pool that image work always leaves to the rest (scrypt, file reads). */
export const THREADS_LEFT_FOR_OTHERS = 2;

export interface ImageWorkLimits {
  /** Checks running at once in this process. */
  decodes: number;
  /** Checks that may wait for a running one to end. */
  waiting: number;
  /** How long one may wait. */
  waitMs: number;
  /** Checks one owner (a user, an agent's desk) may have running or waiting. */
  perOwner: number;
}

export function imageWorkLimits(
  config: Pick<Config, 'IMAGE_DECODES' | 'IMAGE_WAITING' | 'IMAGE_WAIT_MS' | 'UV_THREADPOOL_SIZE'>,
): ImageWorkLimits {
  return {
    decodes: Math.max(1, Math.min(config.IMAGE_DECODES, config.UV_THREADPOOL_SIZE - THREADS_LEFT_FOR_OTHERS)),
    waiting: config.IMAGE_WAITING,
    waitMs: config.IMAGE_WAIT_MS,
    perOwner: UPLOAD_CHECKS_PER_USER,
  };
}

const busy = () => tooManyRequests(UPLOAD_BUSY_MESSAGE);

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** The bound on image work of one backend process (one per app: buildApp makes it from the settings). */
export class ImageWork {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private readonly owners = new Map<string, number>();

  constructor(readonly limits: ImageWorkLimits) {}

  /** Checks running and waiting now (tests, the log). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Runs `work` in a turn of its own; a 429 (UPLOAD_BUSY_MESSAGE) when the owner or the process has no room. */
  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const mine = this.owners.get(owner) ?? 0;
    if (mine >= this.limits.perOwner) throw busy();
    if (this.running >= this.limits.decodes && this.queue.length >= this.limits.waiting) throw busy();
    this.owners.set(owner, mine + 1);
    try {
      await this.turn();
      try {
        return await work();
      } finally {
        this.next();
      }
    } finally {
      const left = (this.owners.get(owner) ?? 1) - 1;
      if (left > 0) this.owners.set(owner, left);
      else this.owners.delete(owner);
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.decodes) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The running count passes from the one that ends to this one (next()), unchanged.
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(busy());
        }, this.limits.waitMs),
      };
      this.queue.push(waiter);
    });
  }

  private next(): void {
    const waiter = this.queue.shift();
    if (waiter) waiter.start();
    else this.running--;
  }
}

/** What is kept of an image: the re-encoded bytes (and their size) and the card thumbnail. */
export interface CleanImage {
  stored: { data: Buffer; info: OutputInfo };
  thumb: Buffer;
}

/** Card thumbnails (列表卡片): 4:3, cropped to fill. */
export const THUMB_WIDTH = 360;
export const THUMB_HEIGHT = 270;

/** Bytes that are not a decodable jpg or png: the callers answer 图片无法识别 and drop them. */
export class UnreadableImage extends Error {}

/**
 * An image as it is kept and served: a re-encoding without metadata. A phone photo's EXIF carries the GPS
 * position of the home (and the camera, the time). `.rotate()` applies the EXIF orientation to the pixels, since
 * the tag itself goes; no `.withMetadata()`, so nothing else is carried over. In a turn of `work` for `owner`
 * (429 when there is none); over UPLOAD_MAX_PIXELS a 400 with UPLOAD_PIXELS_MESSAGE before any decoding;
 * UnreadableImage for bytes that are not a decodable jpg or png.
 */
export function cleanImage(work: ImageWork, owner: string, bytes: Buffer, kind: 'jpg' | 'png'): Promise<CleanImage> {
  return work.run(owner, async () => {
    let meta: Metadata;
    try {
      // The header alone, whatever size it claims: the limit below says no with its own words (libvips' own
      // limit would make a forged 60000×60000 header "unreadable" instead).
      meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
    } catch {
      throw new UnreadableImage('no image header');
    }
    if ((meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height)
      throw new UnreadableImage('not a jpg or png');
    if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw badRequest(UPLOAD_PIXELS_MESSAGE);
    try {
      const clean = sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
      const stored = await (kind === 'jpg' ? clean.jpeg({ quality: 90, mozjpeg: true }) : clean.png()).toBuffer({
        resolveWithObject: true,
      });
      const thumb = await sharp(stored.data)
        .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      return { stored, thumb };
    } catch (err) {
      throw new UnreadableImage(err instanceof Error ? err.message : 'decode failed');
    }
  });
}
