import { describe, expect, it } from 'vitest';
import { pageTagsOf } from '@/lib/front/page-cache/page-tags';
import { articlePath, categoryPath, parseNewsSlug } from '@/lib/news-paths';
import { isCityExempt, newsQueryRoute } from '@/lib/redirect-rules';

/** The 资讯 addresses (lib/news-paths.ts), the proxy's rewrite of the query routes, and the pages' cache tags. */
describe('资讯 addresses', () => {
  it('writes and reads a category page and an article, one spelling each', () => {
    expect(categoryPath('loushikuaixun')).toBe('/news/loushikuaixun/');
    expect(categoryPath('loushikuaixun', 1)).toBe('/news/loushikuaixun/');
    expect(categoryPath('zhishifenxiang', 3)).toBe('/news/zhishifenxiang/pg3/');
    expect(articlePath('shichangzhengce', 12)).toBe('/news/shichangzhengce/12.html');
    expect(parseNewsSlug(undefined)).toEqual({ page: 1 });
    expect(parseNewsSlug(['pg3'])).toEqual({ page: 3 });
    expect(parseNewsSlug(['12.html'])).toEqual({ articleId: 12 });
    for (const bad of [['pg1'], ['pg0'], ['012.html'], ['12'], ['12.htm'], ['pg2', 'x'], ['9999999999.html'], ['pg1000']])
      expect(parseNewsSlug(bad), bad.join('/')).toBeNull();
  });

  it('rewrites the query routes to a path of the article, and nothing else', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(newsQueryRoute('/news/detail', q('id=12'))).toBe('/news/detail/12');
    expect(newsQueryRoute('/news/detailHouseCard/', q('id=7&from=app'))).toBe('/news/detailHouseCard/7');
    expect(newsQueryRoute('/news/detailWxArt', q('id=3'))).toBe('/news/detailWxArt/3');
    for (const [path, query] of [
      ['/news/detail', ''],
      ['/news/detail', 'id=0'],
      ['/news/detail', 'id=1&id=2'],
      ['/news/detail', 'id=12abc'],
      ['/news/detail', 'id=3000000000'],
      ['/news/loushikuaixun', 'id=12'],
      ['/news/detail/12', 'id=12'],
    ] as const)
      expect(newsQueryRoute(path, q(query)), `${path}?${query}`).toBeNull();
  });

  it('serves the article and /news/detail on www (spec §2), not the category pages', () => {
    expect(isCityExempt('/news/loupingdaogou/12.html')).toBe(true);
    expect(isCityExempt('/news/detail')).toBe(true);
    expect(isCityExempt('/news/loupingdaogou/')).toBe(false);
    expect(isCityExempt('/news')).toBe(false);
  });

  it('tags the news pages with the city’s news and an article’s pages with the article', () => {
    expect(pageTagsOf('/bj/news')).toEqual(['city:bj', 'news:bj']);
    expect(pageTagsOf('/bj/news/loushikuaixun/pg2/')).toEqual(['city:bj', 'news:bj']);
    expect(pageTagsOf('/sh/news/loushikuaixun/12.html')).toEqual(['city:sh', 'news:sh', 'article:12']);
    expect(pageTagsOf('/bj/news/detailWxArt/12')).toEqual(['city:bj', 'news:bj', 'article:12']);
    expect(pageTagsOf('/bj/')).toContain('news:bj');
  });
});
