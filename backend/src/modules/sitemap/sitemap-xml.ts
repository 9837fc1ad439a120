/**
 * The sitemaps.org XML (https://www.sitemaps.org/protocol.html, schema 0.9), written piece by piece so a file is
 * streamed as its rows arrive. Addresses are ours (an origin of the portal and a path the codec or a channel made),
 * escaped all the same.
 */
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** W3C datetime as the protocol asks: `2026-11-27T13:57:00Z` (seconds are enough). */
const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: Date) =>
  `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${w3c(lastmod)}</lastmod>` : ''}</${tag}>\n`;

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const urlEntry = (loc: string, lastmod?: Date) => entry('url', loc, lastmod);

export function sitemapIndexXml(files: readonly { loc: string; lastmod?: Date }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${files
    .map((f) => entry('sitemap', f.loc, f.lastmod))
    .join('')}</sitemapindex>\n`;
}
