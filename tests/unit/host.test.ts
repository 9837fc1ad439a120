import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityOrigin, oldDomainCoversRoot, parseHost, splitHost, trustedHost } from '@/lib/host';

const settings = { rootDomain: 'localhost:3000', oldDomains: ['yjyz.localhost:3000'] };

describe('parseHost', () => {
  it('reads a city sub-domain', () => {
    expect(parseHost('bj.localhost:3000', settings)).toEqual({ kind: 'city', city: 'bj', host: 'bj.localhost:3000' });
    expect(parseHost('BJ.LOCALHOST:3000', settings)).toMatchObject({ kind: 'city', city: 'bj', host: 'bj.localhost:3000' });
    expect(parseHost('bj.localhost.:3000', settings)).toMatchObject({ kind: 'city', city: 'bj' });
  });
  it('reads the agent desk host before the cities: no city can take its label', () => {
    expect(parseHost('desk.localhost:3000', settings)).toEqual({ kind: 'desk', host: 'desk.localhost:3000' });
    expect(parseHost('DESK.localhost.:3000', settings)).toEqual({ kind: 'desk', host: 'desk.localhost:3000' });
    expect(parseHost('desk.youju.com', { rootDomain: 'youju.com', oldDomains: [] })).toEqual({
      kind: 'desk',
      host: 'desk.youju.com',
    });
    // Another port, a deeper name or a look-alike is not the desk.
    expect(parseHost('desk.localhost:3100', settings).kind).toBe('unknown');
    expect(parseHost('a.desk.localhost:3000', settings).kind).toBe('unknown');
    expect(parseHost('desks.localhost:3000', settings)).toMatchObject({ kind: 'city', city: 'desks' });
    // The desk on the old domain moves with everything else.
    expect(parseHost('desk.yjyz.localhost:3000', settings)).toMatchObject({ kind: 'old', newHost: 'desk.localhost:3000' });
    expect(trustedHost('desk.localhost:3000', settings)).toBe('desk.localhost:3000');
  });
  it('tells www and the bare root apart', () => {
    expect(parseHost('www.localhost:3000', settings).kind).toBe('www');
    expect(parseHost('localhost:3000', settings).kind).toBe('root');
  });
  it('maps an old domain onto the new root, keeping the city', () => {
    expect(parseHost('bj.yjyz.localhost:3000', settings)).toEqual({
      kind: 'old',
      host: 'bj.yjyz.localhost:3000',
      newHost: 'bj.localhost:3000',
    });
    expect(parseHost('yjyz.localhost:3000', settings)).toMatchObject({ kind: 'old', newHost: 'localhost:3000' });
    expect(parseHost('www.yjyz.localhost:3000', settings)).toMatchObject({ kind: 'old', newHost: 'www.localhost:3000' });
    // Not one city label: the bare root, never the visitor's text.
    expect(parseHost('a.b.yjyz.localhost:3000', settings)).toMatchObject({ kind: 'old', newHost: 'localhost:3000' });
  });
  it('matches an old domain written without a port on any port, as the whole name or a dot-suffix only', () => {
    const s = { rootDomain: 'localhost:3000', oldDomains: ['oldportal.localhost'] };
    // This host once became `bj.localhost:3000:3000` and answered 500.
    expect(parseHost('bj.oldportal.localhost:3000', s)).toMatchObject({ kind: 'old', newHost: 'bj.localhost:3000' });
    // …and the bare old domain redirected to itself.
    expect(parseHost('oldportal.localhost:3000', s)).toMatchObject({ kind: 'old', newHost: 'localhost:3000' });
    expect(parseHost('oldportal.localhost', s)).toMatchObject({ kind: 'old', newHost: 'localhost:3000' });
    // A name that merely ends with the old one is not it: here it is a city label of the new root.
    expect(parseHost('xoldportal.localhost:3000', s)).toMatchObject({ kind: 'city', city: 'xoldportal' });
  });
  it('treats hosts that only contain an old domain as unknown, answering with the root', () => {
    const s = { rootDomain: 'localhost:3000', oldDomains: ['oldportal.localhost'] };
    for (const h of [
      'evil.com#oldportal.localhost',
      'oldportal.localhost@evil.com',
      'evil.com/oldportal.localhost',
      'evil.com?.oldportal.localhost',
      'oldportal.localhost.evil.com',
      'evil.com oldportal.localhost',
    ]) {
      expect(parseHost(h, s)).toEqual({ kind: 'unknown', host: 'localhost:3000' });
    }
  });
  it('treats everything else as unknown', () => {
    for (const h of [
      '127.0.0.1:3000',
      'localhost:3100',
      'a.b.localhost:3000',
      'evil.com',
      '',
      null,
      undefined,
      '-x.localhost:3000',
      '1a.localhost:3000',
      'bj.localhost:3000:3000',
      'bj.localhost:99999',
      '[::1]:3000',
    ]) {
      expect(parseHost(h, settings).kind).toBe('unknown');
    }
  });
  it('works for a dotted production root', () => {
    const prod = { rootDomain: 'youju.com', oldDomains: ['yjyz.com'] };
    expect(parseHost('sh.youju.com', prod)).toMatchObject({ kind: 'city', city: 'sh' });
    expect(parseHost('sh.yjyz.com', prod)).toMatchObject({ kind: 'old', newHost: 'sh.youju.com' });
    expect(parseHost('sh.yjyz.com:8080', prod)).toMatchObject({ kind: 'old', newHost: 'sh.youju.com' });
    expect(parseHost('sh.youju.com:8080', prod).kind).toBe('unknown');
  });
  it('never hands back a host outside the configured root, whatever the header', () => {
    const s = { rootDomain: 'localhost:3000', oldDomains: ['oldportal.localhost', 'yjyz.localhost:3000'] };
    const ours = /^(([a-z][a-z0-9-]{0,30}|www|desk)\.)?localhost:3000$/;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl().map((u) => u.replace(/^https?:\/\//, '')),
          fc.domain(),
          fc.constantFrom(
            'bj.oldportal.localhost:3000',
            'x@oldportal.localhost',
            'desk.localhost:3000',
            'desk.oldportal.localhost',
          ),
        ),
        (raw) => {
          const info = parseHost(raw, s);
          expect(info.host).toMatch(info.kind === 'old' ? /./ : ours);
          if (info.kind === 'old') expect(info.newHost).toMatch(ours);
          expect(trustedHost(raw, s)).toMatch(ours);
        },
      ),
      { seed: 5, numRuns: 2000 },
    );
  });
});

describe('splitHost', () => {
  it('splits name and port, IPv6 literals included', () => {
    expect(splitHost('Bj.Localhost:3000')).toEqual({ name: 'bj.localhost', port: '3000' });
    expect(splitHost('youju.com')).toEqual({ name: 'youju.com', port: null });
    expect(splitHost('[::1]:3000')).toEqual({ name: '[::1]', port: '3000' });
  });
  it('refuses what is not a host', () => {
    for (const h of ['a b', 'a@b', 'a#b', 'a/b', 'a:b', 'a:0', 'a:65536', ':80', '.', 'x'.repeat(300), 'ä.com', 'a..b'])
      expect(splitHost(h)).toBeNull();
  });
});

describe('settings guards', () => {
  it('knows an old domain that would swallow the root', () => {
    expect(oldDomainCoversRoot('localhost', 'localhost:3000')).toBe(true);
    expect(oldDomainCoversRoot('com', 'youju.com')).toBe(true);
    expect(oldDomainCoversRoot('yjyz.localhost:3000', 'localhost:3000')).toBe(false);
    expect(oldDomainCoversRoot('oldportal.localhost', 'localhost:3000')).toBe(false);
  });
});

describe('cityOrigin', () => {
  it('builds a city origin', () => {
    expect(cityOrigin('sh', { protocol: 'https', rootDomain: 'youju.com' })).toBe('https://sh.youju.com');
  });
});
