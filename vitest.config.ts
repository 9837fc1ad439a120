import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // `server-only` throws outside a React server bundle; unit tests import server modules directly.
  'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
};

/**
 * The backend suite's PGlite smoke (`YOUJU_BACKEND_SMOKE=1`): what `npm test` runs on the embedded database when the
 * whole backend suite runs on PostgreSQL (scripts/test.ts), instead of the whole suite a second time. The seeded
 * template (migrations applied, the seed loaded) is made on PGlite before any of them; the files are the calls where
 * the two drivers differ (bigint and float columns as each driver gives them, the map's one text row, day partitions,
 * the schema's references and its refusals of hostile input) and one representative file of each module: the listings'
 * list, detail and conditions, the map, logins and sessions, the owners' writes, reviews, the chat, tracking.
 * Without PostgreSQL the whole suite runs on PGlite (docs/testing.md).
 */
export const BACKEND_SMOKE = [
  'infra', // the envelope, hostile input refused before the database, /oss
  'references', // the schema's references and cascades: the migrations as applied
  'cache-changes', // the change feed: bigint ids as each driver gives them
  'esf', // a channel's conditions, list, detail and suggestions
  'map', // the map's aggregates read from one text row
  'sso', // SMS codes, logins, sessions
  'entrust', // a user's writes and reads of their own rows
  'project-reviews', // reviews: float and int casts as each driver gives them
  'im', // the chat's calls and its socket
  'tracking', // day partitions made and dropped, the roll-ups
].map((name) => `backend/test/${name}.test.ts`);

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
          include: process.env.YOUJU_BACKEND_SMOKE === '1' ? BACKEND_SMOKE : ['backend/test/**/*.test.ts'],
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
