import { describe, expect, it } from 'vitest';
import { tagsOf } from '@/lib/front/page-cache/handler';
import { cityPageOfRender, cityPageOfRequest, pageTags, pageTagsOf } from '@/lib/front/page-cache/page-tags';

/** A desktop 二手房 list as a city host shows it: what every other front's page of it must be tagged like. */
const ESF_LIST_BJ = ['city:bj', 'list:esf:bj', 'news:bj:loushikuaixun'];

describe('page tags: the city from the host kind and the route, not from the first path segment', () => {
  it('takes a city host’s city from the host, whatever the path says', () => {
    expect(cityPageOfRequest({ kind: 'city', city: 'bj' }, '/ershoufang/')).toEqual({ city: 'bj', route: '/ershoufang/' });
    expect(pageTags(cityPageOfRequest({ kind: 'city', city: 'bj' }, '/ershoufang/')!)).toEqual(ESF_LIST_BJ);
    // A path that starts with another city's domain is no list of that city on bj's host.
    expect(pageTags(cityPageOfRequest({ kind: 'city', city: 'bj' }, '/sh/ershoufang/')!)).toEqual(['city:bj']);
  });

  it('reads a mobile-style front’s city from the first segment of its path: /bj/ershoufang/ on m.{root}', () => {
    expect(cityPageOfRequest({ kind: 'mobile' }, '/bj/ershoufang/')).toEqual({ city: 'bj', route: '/ershoufang/' });
    expect(pageTags(cityPageOfRequest({ kind: 'mobile' }, '/bj/ershoufang/')!)).toEqual(ESF_LIST_BJ);
    expect(cityPageOfRequest({ kind: 'mobile' }, '/')).toBeNull();
  });

  it('takes a render’s city where its route has [city], after any prefix of its root', () => {
    const desktop = '/(desktop)/[city]/(default)/ershoufang/[[...slug]]/page';
    expect(cityPageOfRender('/bj/ershoufang/dc12', desktop)).toEqual({ city: 'bj', route: '/ershoufang/dc12' });
    // A front under a path prefix: the first segment is the prefix, not a city called "m".
    const prefixed = '/(mobile)/m/[city]/ershoufang/[[...slug]]/page';
    expect(pageTags(cityPageOfRender('/m/bj/ershoufang/', prefixed)!)).toEqual(ESF_LIST_BJ);
    expect(cityPageOfRender('/x/bj/ershoufang/', prefixed)).toBeNull();
    // The desk's pages show no city: no city tags, although its path has a first segment.
    expect(cityPageOfRender('/desk', '/(desk)/desk/page')).toBeNull();
    expect(cityPageOfRender('/desk/ershoufang', '/(desk)/desk/[...path]/page')).toBeNull();
  });

  it('tags an entry from the path and the route Next names in its implicit tags', () => {
    const nextTags = [
      '_N_T_/layout',
      '_N_T_/(desktop)/layout',
      '_N_T_/(desktop)/[city]/layout',
      '_N_T_/(desktop)/[city]/(default)/ershoufang/[[...slug]]/page',
      '_N_T_/bj/ershoufang/dc12',
    ];
    const tags = tagsOf({ headers: { 'x-next-cache-tags': nextTags.join(',') } }, {});
    expect(tags).toEqual([...nextTags, ...ESF_LIST_BJ]);
    const prefixed = ['_N_T_/(mobile)/m/[city]/ershoufang/[[...slug]]/page', '_N_T_/m/bj/ershoufang'];
    expect(tagsOf(null, { tags: prefixed })).toEqual([...prefixed, ...ESF_LIST_BJ]);
    const desk = ['_N_T_/(desk)/desk/page', '_N_T_/desk'];
    expect(tagsOf(null, { tags: desk })).toEqual(desk);
  });

  it('keeps the desktop render’s tags as they were', () => {
    expect(pageTagsOf('/bj/ershoufang/')).toEqual(ESF_LIST_BJ);
    expect(pageTagsOf('/_not-found')).toEqual([]);
  });
});
