import type { NextConfig } from 'next';

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
  reactStrictMode: true,
};

export default nextConfig;
