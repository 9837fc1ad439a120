import type { IncomingHttpHeaders } from 'node:http';
import { CHANNEL_LIST } from '@contracts/channels';
import { rootCookieDomain } from '../device-code';
import type { HostInfo } from '../host';
import type { WebSettings } from '../settings';

/**
 * spec §1: "On mobile browsers many pages redirect to the equivalent mobile-site pages". With MOBILE_SITE_ROOT set
 * (`m.youju.com`), a phone asking a city page that has a mobile equivalent is sent there; the rest stays. The
 * mobile site keeps the city as its first segment: `bj.youju.com/ershoufang/a2/` → `m.youju.com/bj/ershoufang/a2/`.
 * Its 电脑版 link comes back with `?pc=1`, which is remembered in PC_COOKIE so the phone is not sent away again.
 * Runs before the page cache (web-server.ts): a cached page would otherwise be served to the phone.
 */

export const PC_COOKIE = 'yj_pc';
export const PC_PARAM = 'pc';
const PC_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Phones, not tablets: an iPad or an Android tablet gets the PC site. */
const PHONE = /iPhone|iPod|Windows Phone|Android.*Mobile|HarmonyOS.*Mobile/i;

/** The pages with a mobile equivalent (the mapping table): home, lists with their filters, details, news, agents. */
const MOBILE_PAGES: RegExp[] = [
  /^\/$/,
  ...CHANNEL_LIST.map((c) => new RegExp(`^${c.listPath.replace(/\//g, '\\/')}`)),
  /^\/news(\/|$)/,
  /^\/agent\/\d+(\/|$)/,
];

export type MobileAnswer = { kind: 'redirect'; location: string } | { kind: 'remember-pc'; location: string; cookie: string };

/** What the front does for this request before anything else, or null to serve it as usual. */
export function mobileAnswer(
  method: string | undefined,
  url: string,
  headers: IncomingHttpHeaders,
  host: HostInfo,
  settings: Pick<WebSettings, 'mobileSiteRoot' | 'protocol' | 'rootDomain'>,
): MobileAnswer | null {
  if (!settings.mobileSiteRoot || host.kind !== 'city') return null;
  if (method !== 'GET' && method !== 'HEAD') return null;
  const parsed = new URL(url, 'http://x');
  if (parsed.searchParams.get(PC_PARAM) === '1') {
    parsed.searchParams.delete(PC_PARAM);
    const domain = rootCookieDomain(settings);
    const cookie = [
      `${PC_COOKIE}=1`,
      `Max-Age=${PC_COOKIE_MAX_AGE}`,
      'Path=/',
      'SameSite=Lax',
      ...(domain ? [`Domain=${domain}`] : []),
      ...(settings.protocol === 'https' ? ['Secure'] : []),
    ].join('; ');
    return { kind: 'remember-pc', location: `${settings.protocol}://${host.host}${parsed.pathname}${parsed.search}`, cookie };
  }
  // A client navigation's data request (RSC) or a prefetch comes from a page already shown here: leave it.
  if (headers.rsc || headers['next-router-prefetch'] || headers['next-router-state-tree']) return null;
  if (!PHONE.test(String(headers['user-agent'] ?? ''))) return null;
  if (/(?:^|;\s*)yj_pc=1(?:;|$)/.test(String(headers.cookie ?? ''))) return null;
  if (!MOBILE_PAGES.some((p) => p.test(parsed.pathname))) return null;
  return {
    kind: 'redirect',
    location: `${settings.protocol}://${settings.mobileSiteRoot}/${host.city}${parsed.pathname}${parsed.search}`,
  };
}
