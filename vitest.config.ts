import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // `server-only` throws outside a React server bundle; unit tests import server modules directly.
  'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
};

/** Unit and component tests take milliseconds; the limit only catches a hang, also on a machine busy with other work. */
const HANG_GUARD_MS = 60_000;

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is one worker (cores − 1), which leaves a core idle while a file waits on its
    // database or a socket. The files share nothing (each has its own database copy, port 0, its own Redis prefix).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: HANG_GUARD_MS,
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'contracts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'components',
          environment: 'jsdom',
          testTimeout: HANG_GUARD_MS,
          include: ['tests/components/**/*.test.tsx'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          environment: 'node',
          include: ['backend/test/**/*.test.ts'],
          // One seeded database for the suite; each file starts from a copy (backend/test/seeded-template.ts).
          globalSetup: ['backend/test/seeded-template.ts'],
          // Each file opens its own database, a copy of one seeded once. The limits only catch a hang: on a
          // machine busy with other work (load 8-15 on two cores) a seed takes 30-60 s and a test minutes.
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
