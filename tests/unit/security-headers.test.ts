import { describe, expect, it } from 'vitest';
import { securityHeaders } from '@/lib/security-headers';

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
    expect(securityHeaders({ protocol: 'https' }, false)['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });
  it('allows eval and the dev socket in development only', () => {
    const dev = securityHeaders({ protocol: 'http' }, true)['content-security-policy'];
    expect(dev).toContain("'unsafe-eval'");
    expect(dev).toContain('ws:');
  });
});
