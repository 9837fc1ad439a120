import { describe, expect, it } from 'vitest';
import { UPLOAD_CHECKS_PER_USER } from '@contracts/constants';
import { limitConcurrency } from '@/lib/upload/callback-turns';

/** The web's upload callbacks go a few at a time: the backend answers 429 past UPLOAD_CHECKS_PER_USER at once. */
describe('limitConcurrency', () => {
  it(`runs a batch of nine ${UPLOAD_CHECKS_PER_USER} at a time, each started as one ends, all answered`, async () => {
    const run = limitConcurrency(UPLOAD_CHECKS_PER_USER);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, n) =>
        run(async () => {
          started.push(n);
          most = Math.max(most, ++now);
          await new Promise((r) => setTimeout(r, 5 + (n % 3)));
          now--;
          return n * 10;
        }),
      ),
    );
    expect(answers).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(most).toBe(UPLOAD_CHECKS_PER_USER);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives the turn on when a task fails', async () => {
    const run = limitConcurrency(1);
    const failed = run(() => Promise.reject(new Error('429')));
    const next = run(async () => 'next');
    await expect(failed).rejects.toThrow('429');
    expect(await next).toBe('next');
  });
});
