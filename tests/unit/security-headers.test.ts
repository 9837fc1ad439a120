import { describe, expect, it } from 'vitest';
import { securityHeaders } from '@/lib/front/security-headers';
import { loadSettings } from '@/lib/settings';

describe('securityHeaders', () => {
  it('keeps pages out of foreign frames, stops sniffing and trims the referrer', () => {
    const h = securityHeaders({ protocol: 'http' }, false);
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain("object-src 'none'");
    expect(h['content-security-policy']).toContain("form-action 'self'");
    expect(h['content-security-policy']).not.toContain('unsafe-eval');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security']).toBeUndefined();
  });
  it('pins https only when the portal is served over https', () => {
    expect(securityHeaders({ protocol: 'https' }, false)['strict-transport-security']).toMatch(
      /^max-age=\d{7,}; includeSubDomains$/,
    );
  });
  it('lets the browser post uploads to the Aliyun bucket when OSS_REGION and OSS_BUCKET are set, and only then', () => {
    const connectSrc = (env: Record<string, string>) =>
      securityHeaders(loadSettings(env), false)
        ['content-security-policy']!.split('; ')
        .find((d) => d.startsWith('connect-src'));
    expect(connectSrc({})).toBe("connect-src 'self'");
    expect(connectSrc({ OSS_BUCKET: 'youju-photos' })).toBe("connect-src 'self'");
    expect(connectSrc({ OSS_REGION: 'oss-cn-beijing', OSS_BUCKET: 'youju-photos' })).toBe(
      "connect-src 'self' https://youju-photos.oss-cn-beijing.aliyuncs.com",
    );
    // A value that would smuggle another source (or directive) into the header is refused at start.
    expect(() => loadSettings({ OSS_REGION: 'oss-cn-beijing', OSS_BUCKET: 'x; script-src *' })).toThrow(/OSS_BUCKET/);
    expect(() => loadSettings({ OSS_REGION: 'a b', OSS_BUCKET: 'youju-photos' })).toThrow(/OSS_REGION/);
  });
  it('allows eval and the dev socket in development only', () => {
    const dev = securityHeaders({ protocol: 'http' }, true)['content-security-policy'];
    expect(dev).toContain("'unsafe-eval'");
    expect(dev).toContain('ws:');
  });
});
