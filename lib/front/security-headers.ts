import type { WebSettings } from '@/lib/settings';

/**
 * Headers every answer of the web process carries (docs/security.md): web-server.ts sets them on the
 * response before anyone writes it — the gate, the backend forwarder, Next, the proxy.
 *
 * CSP: scripts from our own origin only, plus inline scripts — Next's App Router streams its payload in
 * inline `<script>` tags, and the alternative (a per-request nonce) makes every page dynamic, which the
 * page cache of the speed work cannot serve. React escapes all text it renders and the code has no
 * `dangerouslySetInnerHTML`, which is what the inline allowance would otherwise expose. `frame-ancestors
 * 'none'` (and X-Frame-Options for older browsers) keeps the login page out of foreign frames; forms may
 * post only to our own origin. Images may come from https hosts too: the Aliyun OSS bucket and its CDN.
 */
function contentSecurityPolicy(dev: boolean, ossUploadOrigin?: string, statsScriptUrl?: string): string {
  // The statistics provider's script (STATS_SCRIPT_URL, spec §7) runs from its own origin and reports to it.
  const stats = statsScriptUrl ? ` ${new URL(statsScriptUrl).origin}` : '';
  return [
    "default-src 'self'",
    // next dev evaluates modules with eval() for fast refresh; a production build does not.
    `script-src 'self' 'unsafe-inline'${stats}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Uploads are posted by XHR to the ticket's host: this origin locally, the Aliyun bucket otherwise.
    `connect-src 'self'${ossUploadOrigin ? ` ${ossUploadOrigin}` : ''}${stats}${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const HSTS_MAX_AGE = 180 * 24 * 3600;

export function securityHeaders(
  settings: Pick<WebSettings, 'protocol' | 'ossUploadOrigin' | 'statsScriptUrl'>,
  dev = process.env.NODE_ENV === 'development',
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(dev, settings.ossUploadOrigin, settings.statsScriptUrl),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  // Only when the portal is served over https: HSTS on plain http would be ignored at best.
  if (settings.protocol === 'https') headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;
  return headers;
}
