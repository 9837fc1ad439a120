import { z } from 'zod';
import { parseAddressRanges, type AddressRanges } from '@contracts/address-ranges';
import { oldDomainCoversRoot } from './host';

/**
 * Web settings (.env.example "web"), as a pure parser so that both the proxy and server components can use
 * it; `lib/server/config.ts` is the server-only entry point. Everything is read when the process starts, never at
 * build time: one production build must serve any BACKEND_URL / PORTAL_ROOT_DOMAIN / PORT.
 */
const hostPattern = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/;

const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The address the web listens on (docs/deploy.md "The client address"): loopback, as the backend's BACKEND_HOST,
  // so that only a proxy on this machine reaches it; a private address for a proxy on another machine; 0.0.0.0 or ::
  // only behind a firewall that lets nothing else reach the port.
  WEB_HOST: z
    .string()
    .regex(/^[a-z0-9.:-]+$/i, 'must be an address (127.0.0.1, 10.0.0.5, ::1, 0.0.0.0) or a host name')
    .default('127.0.0.1'),
  PORTAL_ROOT_DOMAIN: z.string().toLowerCase().regex(hostPattern, 'must be a host name with an optional port').optional(),
  PORTAL_OLD_DOMAINS: z
    .string()
    .default('yjyz.localhost:3000')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(hostPattern, 'must be a comma list of host names'))),
  BACKEND_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000'),
  DEFAULT_CITY: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,30}$/, 'must be a city sub-domain such as bj')
    .default('bj'),
  PORTAL_PROTOCOL: z.enum(['http', 'https']).default('http'),
  ICP_FILING: z.string().max(64).default('京ICP备2026031588号-1'),
  // The app's store pages (/download shows each as a QR code and a link); a platform without one is 即将上架.
  APP_IOS_URL: z.url({ protocol: /^https$/ }).optional(),
  APP_ANDROID_URL: z.url({ protocol: /^https$/ }).optional(),
  // How many proxies (load balancers) stand in front of the web process and append to X-Forwarded-For.
  // 0: the visitor talks to us directly, so a visitor-sent X-Forwarded-For is ignored (web-server.ts).
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // The addresses those proxies connect from: a comma list of addresses, CIDRs and `loopback`. X-Forwarded-For is
  // believed only from them (lib/front/client-ip.ts): a visitor reaching the web's port directly is its socket address.
  TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((list, ctx) => {
      try {
        return parseAddressRanges(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
  // The page cache (lib/front/page-cache/): in this process, up to PAGE_CACHE_MB, or shared by every web process in Redis.
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PAGE_CACHE_MB: z.coerce.number().int().min(8).max(65536).default(256),
  // The most the page cache keeps in Redis (its own eviction, lib/front/page-cache/stores.ts), and never over half the
  // Redis's maxmemory: the backend's rate limits and password lock may share that Redis.
  PAGE_CACHE_REDIS_MB: z.coerce.number().int().min(1).max(65536).default(512),
  // Pages one client address (an IPv6 one by its /64) may have rendered (cache misses) per 10 s; past it, only cached
  // pages (0: no limit). The router's link prefetches have a window of their own, 4× larger (lib/front/render-budget.ts).
  PAGE_RENDERS_PER_ADDRESS: z.coerce.number().int().min(0).max(100000).default(30),
  // With REDIS_URL: how long a page waits for Redis to count its render before this process counts it alone.
  RENDER_BUDGET_REDIS_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  // Aliyun OSS (the backend's OSS_* settings): with region and bucket the browser posts uploads straight to the
  // bucket, so the CSP must let it connect there. The web needs neither access key.
  // spec §7: a statistics provider's page-view script (Baidu Tongji style, `https://hm.baidu.com/hm.js?<site id>`),
  // loaded anew on every route change (components/tracking/page-tracker.tsx). Empty: none.
  // spec §1: phones asking a page with a mobile equivalent go to this host (`m.youju.com`; lib/front/mobile-redirect.ts).
  // Empty: off.
  MOBILE_SITE_ROOT: z.string().toLowerCase().regex(hostPattern, 'must be a host name with an optional port').optional(),
  STATS_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  OSS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,63}$/, 'must be an OSS region such as oss-cn-beijing')
    .optional(),
  OSS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'must be an OSS bucket name')
    .optional(),
});

export interface WebSettings {
  port: number;
  /** The address the web server listens on (WEB_HOST). */
  webHost: string;
  /** `localhost:3000`: cities live at `{cityDomain}.{rootDomain}`. */
  rootDomain: string;
  oldDomains: string[];
  backendUrl: string;
  defaultCity: string;
  protocol: 'http' | 'https';
  icpFiling: string;
  /** The app's store pages (APP_IOS_URL, APP_ANDROID_URL), when the deployment has them. */
  appLinks: { ios?: string; android?: string };
  trustedProxyHops: number;
  /** The addresses the trusted proxies connect from (TRUSTED_PROXIES): X-Forwarded-For is believed from them only. */
  trustedProxies: AddressRanges;
  /** Set: cached pages are kept in this Redis, shared by every web process. */
  redisUrl?: string;
  /** Bytes of cached pages kept in this process when there is no Redis (a quarter of it beside one). */
  pageCacheBytes: number;
  /** Bytes the page cache keeps in Redis at most. */
  pageCacheRedisBytes: number;
  /** Pages one client address may have rendered per 10 s (lib/front/render-budget.ts); 0: no limit. */
  pageRendersPerAddress: number;
  /** How long a render waits for its count in Redis (RENDER_BUDGET_REDIS_MS) before it is counted in the process. */
  renderBudgetRedisMs: number;
  /** `https://{bucket}.{region}.aliyuncs.com` in Aliyun mode (the ticket's `host`): the CSP's connect-src allows it. */
  ossUploadOrigin?: string;
  /** The statistics provider's page-view script; its origin joins the CSP's script-src, img-src and connect-src. */
  statsScriptUrl?: string;
  /** The mobile site's host; unset: no phone is redirected. */
  mobileSiteRoot?: string;
}

export function loadSettings(env: Record<string, string | undefined>): WebSettings {
  // An empty variable means "use the default", as in .env.example.
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid web settings: ${lines.join('; ')}`);
  }
  const s = parsed.data;
  // Without an explicit root the portal lives on localhost at its own port, so `PORT=3100 next start` works.
  const rootDomain = s.PORTAL_ROOT_DOMAIN ?? `localhost:${s.PORT}`;
  const looping = s.PORTAL_OLD_DOMAINS.find((old) => oldDomainCoversRoot(old, rootDomain));
  if (looping)
    throw new Error(
      `Invalid web settings: PORTAL_OLD_DOMAINS: ${looping} covers PORTAL_ROOT_DOMAIN ${rootDomain} (every visit would be redirected)`,
    );
  return {
    port: s.PORT,
    webHost: s.WEB_HOST,
    rootDomain,
    oldDomains: s.PORTAL_OLD_DOMAINS,
    backendUrl: s.BACKEND_URL.replace(/\/+$/, ''),
    defaultCity: s.DEFAULT_CITY,
    protocol: s.PORTAL_PROTOCOL,
    icpFiling: s.ICP_FILING,
    appLinks: { ios: s.APP_IOS_URL, android: s.APP_ANDROID_URL },
    trustedProxyHops: s.TRUSTED_PROXY_HOPS,
    trustedProxies: s.TRUSTED_PROXIES,
    redisUrl: s.REDIS_URL,
    pageCacheBytes: s.PAGE_CACHE_MB * 1024 * 1024,
    pageCacheRedisBytes: s.PAGE_CACHE_REDIS_MB * 1024 * 1024,
    pageRendersPerAddress: s.PAGE_RENDERS_PER_ADDRESS,
    renderBudgetRedisMs: s.RENDER_BUDGET_REDIS_MS,
    // The same host the backend's PostObject ticket names (backend/src/storage/post-object.ts).
    ...(s.MOBILE_SITE_ROOT ? { mobileSiteRoot: s.MOBILE_SITE_ROOT } : {}),
    ...(s.STATS_SCRIPT_URL ? { statsScriptUrl: s.STATS_SCRIPT_URL } : {}),
    ...(s.OSS_REGION && s.OSS_BUCKET ? { ossUploadOrigin: `https://${s.OSS_BUCKET}.${s.OSS_REGION}.aliyuncs.com` } : {}),
  };
}

let cached: WebSettings | undefined;
/** Settings of this process, parsed once on first use. */
export function currentSettings(): WebSettings {
  cached ??= loadSettings(process.env);
  return cached;
}
