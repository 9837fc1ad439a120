import { describe, expect, it } from 'vitest';
import { cityOrigin, parseHost } from '@/lib/host';

const settings = { rootDomain: 'localhost:3000', oldDomains: ['yjyz.localhost:3000'] };

describe('parseHost', () => {
  it('reads a city sub-domain', () => {
    expect(parseHost('bj.localhost:3000', settings)).toEqual({ kind: 'city', city: 'bj', host: 'bj.localhost:3000' });
    expect(parseHost('BJ.LOCALHOST:3000', settings)).toMatchObject({ kind: 'city', city: 'bj' });
  });
  it('tells www and the bare root apart', () => {
    expect(parseHost('www.localhost:3000', settings).kind).toBe('www');
    expect(parseHost('localhost:3000', settings).kind).toBe('root');
  });
  it('maps an old domain onto the new root, keeping the city', () => {
    expect(parseHost('bj.yjyz.localhost:3000', settings)).toEqual({ kind: 'old', host: 'bj.yjyz.localhost:3000', newHost: 'bj.localhost:3000' });
    expect(parseHost('yjyz.localhost:3000', settings)).toMatchObject({ kind: 'old', newHost: 'localhost:3000' });
  });
  it('treats everything else as unknown', () => {
    for (const h of ['127.0.0.1:3000', 'localhost:3100', 'a.b.localhost:3000', 'evil.com', '', null, undefined, '-x.localhost:3000', '1a.localhost:3000']) {
      expect(parseHost(h, settings).kind).toBe('unknown');
    }
  });
  it('works for a dotted production root', () => {
    const prod = { rootDomain: 'youju.com', oldDomains: ['yjyz.com'] };
    expect(parseHost('sh.youju.com', prod)).toMatchObject({ kind: 'city', city: 'sh' });
    expect(parseHost('sh.yjyz.com', prod)).toMatchObject({ kind: 'old', newHost: 'sh.youju.com' });
  });
  it('builds a city origin', () => {
    expect(cityOrigin('sh', { protocol: 'https', rootDomain: 'youju.com' })).toBe('https://sh.youju.com');
  });
});
