import type { JsonLdObject } from '@/lib/seo/structured-data';

/**
 * Structured data for crawlers (lib/seo/structured-data.ts). The JSON is written into a script element, so `<` is
 * escaped: a listing's text can never close the element and become markup.
 */
export function JsonLd({ data }: { data: readonly JsonLdObject[] }) {
  if (data.length === 0) return null;
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
