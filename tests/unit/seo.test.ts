import { describe, expect, it } from 'vitest';
import { parseSitemapFileName, sitemapFileName } from '@contracts/sitemap';
import { clipDescription, pageMetadata } from '@/lib/seo/page-meta';
import { breadcrumbList, newsArticle, realEstateListing } from '@/lib/seo/structured-data';

const origin = 'http://bj.localhost:3000';

describe('page head', () => {
  it('gives the canonical address on the city origin and the same text to Open Graph', () => {
    const m = pageMetadata({ origin, path: '/ershoufang/dc1/', title: 'T', description: '  描述\n文字 ', siteName: '优居' });
    expect(m.alternates?.canonical).toBe('http://bj.localhost:3000/ershoufang/dc1/');
    expect(m.description).toBe('描述 文字');
    expect(m.openGraph).toMatchObject({
      url: 'http://bj.localhost:3000/ershoufang/dc1/',
      title: 'T',
      description: '描述 文字',
      locale: 'zh_CN',
    });
    expect(m.robots).toBeUndefined();
    expect(pageMetadata({ origin, path: '/', title: 'T', description: 'd', siteName: '优居', noindex: true }).robots).toEqual({
      index: false,
      follow: true,
    });
  });

  it('cuts a long description by characters, never inside a surrogate pair', () => {
    const long = '房'.repeat(130) + '𠀀';
    const cut = clipDescription(long);
    expect([...cut]).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(clipDescription('短')).toBe('短');
  });
});

describe('structured data', () => {
  it('numbers the breadcrumb from the home and makes every step absolute', () => {
    const b = breadcrumbList(origin, [
      { name: '北京找房', path: '/' },
      { name: '二手房', path: '/ershoufang/' },
    ]);
    expect(b).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: 'http://bj.localhost:3000/' },
        { position: 2, name: '二手房', item: 'http://bj.localhost:3000/ershoufang/' },
      ],
    });
  });

  it('describes a rent as an Offer per month with its area and place', () => {
    const l = realEstateListing(origin, {
      path: '/zufang/xiangqing/7',
      name: '整租',
      description: 'd',
      image: '/oss/a.jpg',
      price: 6500,
      perMonth: true,
      areaSqm: 79,
      place: { city: '北京', district: '朝阳区', area: '望京', street: '望京路1号' },
    });
    expect(l).toMatchObject({
      '@type': 'RealEstateListing',
      image: 'http://bj.localhost:3000/oss/a.jpg',
      offers: {
        '@type': 'Offer',
        price: 6500,
        priceCurrency: 'CNY',
        priceSpecification: { unitCode: 'MON' },
        itemOffered: {
          floorSize: { value: 79, unitCode: 'MTK' },
          address: { streetAddress: '望京路1号', addressLocality: '北京' },
        },
      },
    });
  });

  it('gives an article its publisher and dates for the news pages', () => {
    const a = newsArticle(
      origin,
      {
        path: '/news/loushikuaixun/3.html',
        headline: 'h',
        description: 'd',
        datePublished: '2026-11-01T00:00:00Z',
        author: '优居研究院',
      },
      '优居',
    );
    expect(a).toMatchObject({
      '@type': 'NewsArticle',
      dateModified: '2026-11-01T00:00:00Z',
      publisher: { name: '优居' },
      author: { name: '优居研究院' },
    });
  });
});

describe('sitemap file names', () => {
  it('round-trip, and anything else is no file', () => {
    expect(parseSitemapFileName(sitemapFileName('shop_sale', 3))).toEqual({ kind: 'shop_sale', part: 3 });
    for (const bad of ['esf-0.xml.gz', 'esf-1.xml', 'nope-1.xml.gz', 'esf-01.xml.gz', '../esf-1.xml.gz'])
      expect(parseSitemapFileName(bad)).toBeNull();
  });
});
