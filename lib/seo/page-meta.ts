import type { Metadata } from 'next';
import { absoluteUrl } from './structured-data';

/**
 * A page's head for crawlers and shares (being found by search engines): its title, a meta description, the canonical URL
 * (the one address of lib/search-path.ts's codec, on the city's own host) and the Open Graph tags. Pure: which
 * page says what is decided in lib/server/seo.ts; the news pages call it the same way.
 */
export interface PageHead {
  /** The city's origin, `http://bj.localhost:3000`. */
  origin: string;
  /** The page's one address on that origin (`/ershoufang/dc1/`), never the visitor's other spelling. */
  path: string;
  /** The whole title, brand included. */
  title: string;
  description: string;
  siteName: string;
  image?: string;
  /** `article` for a news article; anything else is a `website`. */
  ogType?: 'website' | 'article';
  /** Pages no crawler should keep (a search with a keyword, an empty list): still followed, not indexed. */
  noindex?: boolean;
}

/** Search engines show about 80 to 120 Chinese characters of a description; longer text is cut at a sentence. */
export const DESCRIPTION_MAX = 120;

/** Whitespace folded and the text cut to DESCRIPTION_MAX characters (code points), with an ellipsis when cut. */
export function clipDescription(text: string, max = DESCRIPTION_MAX): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

export function pageMetadata(head: PageHead): Metadata {
  const url = absoluteUrl(head.origin, head.path);
  const description = clipDescription(head.description);
  return {
    title: head.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: head.ogType ?? 'website',
      url,
      title: head.title,
      description,
      siteName: head.siteName,
      locale: 'zh_CN',
      ...(head.image ? { images: [{ url: absoluteUrl(head.origin, head.image) }] } : {}),
    },
    ...(head.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
