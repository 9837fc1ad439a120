import { UPLOAD_CHECKS_PER_USER } from '@contracts/constants';

/** Runs at most `n` tasks at once; the others start in the order they came, each as one ends. */
export function limitConcurrency(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < n) running++;
    // The running count passes from the task that ends to this one, unchanged.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * The page's upload callbacks (photo upload, chat images): the backend checks UPLOAD_CHECKS_PER_USER images of a
 * user at once and answers 429 past that, so a batch of nine goes through that many at a time.
 */
export const inCallbackTurn = limitConcurrency(UPLOAD_CHECKS_PER_USER);
