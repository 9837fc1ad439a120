// ESLint flat config, run directly (`eslint .`): Next 16 removed `next lint`.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      '.bench-data/**',
      '.bench-nginx-data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'backend/drizzle/**',
    ],
  },
];

export default config;
