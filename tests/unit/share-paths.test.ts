import { describe, expect, it } from 'vitest';
import { verifyCodeOf } from '@contracts/verify-code';
import { pageTagsOf } from '@/lib/front/page-cache/page-tags';
import { isCityExempt, routeAlias } from '@/lib/redirect-rules';
import { INVALID_CODE, shareQueryRoute, validateQueryRoute } from '@/lib/share-paths';

const q = (s: string) => new URLSearchParams(s);

describe('/share and /validate by query (spec §2 fixed routes)', () => {
  it('rewrites a shared item to its path, from /share, /share/ and /share.html', () => {
    for (const p of ['/share', '/share/', '/share.html']) {
      expect(shareQueryRoute(p, q('type=esf&id=12'))).toBe('/share/esf/12');
      expect(shareQueryRoute(p, q('type=news&id=3'))).toBe('/share/news/3');
    }
    expect(shareQueryRoute('/share', q('type=agent&id=7&from=app'))).toBe('/share/agent/7');
  });

  it('leaves what names no item to /share itself (the city’s card), and other paths alone', () => {
    for (const s of [
      '',
      'type=esf',
      'id=12',
      'type=nope&id=1',
      'type=esf&id=012',
      'type=esf&id=1&id=2',
      'type=esf&id=9999999999',
    ]) {
      expect(shareQueryRoute('/share', q(s)), s).toBeNull();
    }
    expect(shareQueryRoute('/shares', q('type=esf&id=1'))).toBeNull();
    expect(routeAlias('/share.html')).toBe('/share');
    expect(isCityExempt('/share')).toBe(true);
    expect(isCityExempt('/share.html')).toBe(true);
    expect(isCityExempt('/validate')).toBe(false);
  });

  it('rewrites a code as typed to its canonical address, an id with its channel to its code', () => {
    const code = verifyCodeOf('rent', 345);
    expect(validateQueryRoute('/validate', q(`code=${code}`))).toBe(`/validate/${code}`);
    expect(validateQueryRoute('/validate', q(`code=${encodeURIComponent(` ${code.toLowerCase()} `)}`))).toBe(`/validate/${code}`);
    expect(validateQueryRoute('/validate', q('code=345&channel=rent'))).toBe(`/validate/${code}`);
    expect(validateQueryRoute('/validate', q('code=345'))).toBe(`/validate/${verifyCodeOf('esf', 345)}`);
    // What is no code at all shares one address, a mistyped check digit included: anyone can write endless such codes,
    // and each at its own address was a page kept a day (an attacker probe, 2026-11-29).
    const typo = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    expect(validateQueryRoute('/validate', q(`code=${typo}`))).toBe(`/validate/${INVALID_CODE}`);
    for (const s of ['code=hello', 'code=YJ', 'code=345&channel=new', 'code=<script>', `code=${'9'.repeat(40)}`]) {
      expect(validateQueryRoute('/validate', q(s)), s).toBe(`/validate/${INVALID_CODE}`);
    }
    expect(validateQueryRoute('/validate', q(''))).toBeNull();
    expect(validateQueryRoute('/validate', q('code=%20'))).toBeNull();
    expect(validateQueryRoute('/validate/x', q('code=1'))).toBeNull();
  });
});

describe('the page cache tags of the fixed pages', () => {
  it('drops a share page, a 核验 answer, the site map with what they show', () => {
    expect(pageTagsOf('/bj/share/esf/12')).toEqual(['city:bj', 'detail:esf:12']);
    expect(pageTagsOf('/bj/share/agent/3')).toEqual(['city:bj', 'agent:3']);
    expect(pageTagsOf('/bj/share/news/7')).toEqual(['city:bj', 'article:7']);
    expect(pageTagsOf('/bj/share')).toEqual(['city:bj', 'list:esf:bj']);
    const code = verifyCodeOf('shop_rent', 40);
    expect(pageTagsOf(`/bj/validate/${code}`)).toEqual(['city:bj', 'detail:shop_rent:40', 'list:shop_rent:bj']);
    expect(pageTagsOf('/bj/validate/invalid')).toEqual(['city:bj']);
    expect(pageTagsOf('/bj/sitemap')).toContain('list:estate:bj');
    expect(pageTagsOf('/bj/validate')).toContain('list:esf:bj');
  });
});
