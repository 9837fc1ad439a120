import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';

/**
 * Nothing here may depend on the backend address or the root domain: both are read at `next start` time
 * (lib/settings.ts), and the proxy forwards backend paths at run time. Rewrites in this file would be
 * frozen into the build.
 */
const nextConfig: NextConfig = {
  // List URLs end with a slash (`/ershoufang/dc12/`), detail URLs do not; serve both forms as written
  // instead of Next's default slash redirect, which is built from the internal URL.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // A cached page may be served stale (while it is rendered again) for a day at most: the page cache keeps
  // entries that long (lib/front/page-cache/stores.ts), and a shared cache in front of us is told the same.
  expireTime: 24 * 60 * 60,
  reactStrictMode: true,
  // Turbopack merges small client chunks per layout/page/error boundary to save requests, copying shared
  // modules (lib/messages.ts was in four chunks of every page, ≈5 kB gzip each). A low request cost keeps
  // shared modules in shared chunks: first-load JS −12 kB gzip per route for ≈10 more small scripts
  // (docs/performance.md "First-load JavaScript").
  // One root layout per host kind (app/(desktop), app/(desk)) leaves no layout above them all to draw a 404 in: the
  // 404 page is app/global-not-found.tsx, which Next reads only with this flag.
  experimental: { turbopackChunking: { requestCost: 5000, minChunkSize: 2000 }, globalNotFound: true },
  // `npm test` type-checks the whole tree with tsc just before it builds (scripts/test.ts) and says so: the build does
  // not check it again. Every other build (npm start, a bare next build) checks types as usual.
  typescript: { ignoreBuildErrors: process.env.YOUJU_TYPES_CHECKED === '1' },
};

/**
 * The page cache (lib/front/page-cache/handler.ts) belongs to the running server: it follows the backend's change
 * feed and may talk to Redis, neither of which a build has. The build prerenders only the not-found page.
 */
export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_SERVER) return nextConfig;
  return {
    ...nextConfig,
    cacheHandler: path.join(import.meta.dirname, 'lib/front/page-cache/handler.ts'),
    cacheMaxMemorySize: 0,
  };
}
