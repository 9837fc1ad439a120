import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // `server-only` throws outside a React server bundle; unit tests import server modules directly.
  'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'contracts/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { name: 'components', environment: 'jsdom', include: ['tests/components/**/*.test.tsx'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          environment: 'node',
          include: ['backend/test/**/*.test.ts'],
          // Each file opens its own embedded database; seeding is the slow part, so allow for it.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
