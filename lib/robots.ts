/**
 * The crawl rules (robots.txt), one text for every host: public/robots.txt serves it as a file on hosts without a
 * city (tests/unit/robots.test.ts keeps the two equal); a city host's copy adds the line naming the city's sitemap
 * index (app/(desktop)/[city]/robots.txt/route.ts), an absolute address as the protocol asks.
 */
export const ROBOTS_RULES = `User-agent: *
Allow: /
Disallow: /personal/
Disallow: /login
Disallow: /auth/
`;

export const robotsFor = (origin: string | null) => (origin ? `${ROBOTS_RULES}\nSitemap: ${origin}/sitemap.xml\n` : ROBOTS_RULES);
