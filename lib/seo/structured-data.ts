/**
 * schema.org JSON-LD for crawlers (being found by search engines): plain objects, no framework, so that every page and the
 * news pages build theirs the same way. Pages render them with components/seo/json-ld.tsx; which page gets which
 * is decided in one place, lib/server/seo.ts.
 */

export type JsonLdObject = Record<string, unknown>;

/** One step of a breadcrumb: its name and its path on the city host (`/ershoufang/`). */
export interface Crumb {
  name: string;
  path: string;
}

/** A path or an address made absolute on the page's origin (images of the object store are same-origin paths). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** BreadcrumbList: every page has one, home first, the page itself last. */
export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(origin, c.path),
    })),
  };
}

/** The portal as an organisation: on the home page only (said once, not on every page). */
export function organization(origin: string, name: string, logoPath?: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name,
    url: `${origin}/`,
    ...(logoPath ? { logo: absoluteUrl(origin, logoPath) } : {}),
  };
}

/** Where a listing is: the city, its district and business area, and the street address when known. */
export interface ListingPlace {
  city: string;
  district: string;
  area?: string;
  street?: string;
  geo?: { lat: number; lng: number };
}

export interface ListingFacts {
  path: string;
  name: string;
  description: string;
  image?: string;
  /** ISO date-time the listing was published. */
  datePosted?: string;
  /** In 元 (CNY): a sale's total price, a rent's monthly rent. */
  price?: number;
  /** A rent's price is per month. */
  perMonth?: boolean;
  /** Floor area, ㎡. */
  areaSqm?: number;
  place: ListingPlace;
}

/** A listing (for sale or rent) as schema.org RealEstateListing with its Offer (price, area, place). */
export function realEstateListing(origin: string, f: ListingFacts, sellerName?: string): JsonLdObject {
  const url = absoluteUrl(origin, f.path);
  const address = {
    '@type': 'PostalAddress',
    addressCountry: 'CN',
    addressLocality: f.place.city,
    addressRegion: f.place.district,
    ...(f.place.street || f.place.area ? { streetAddress: f.place.street || f.place.area } : {}),
  };
  const place: JsonLdObject = {
    '@type': 'Place',
    address,
    ...(f.place.geo ? { geo: { '@type': 'GeoCoordinates', latitude: f.place.geo.lat, longitude: f.place.geo.lng } } : {}),
  };
  const offer: JsonLdObject | undefined =
    f.price === undefined
      ? undefined
      : {
          '@type': 'Offer',
          url,
          priceCurrency: 'CNY',
          price: f.price,
          availability: 'https://schema.org/InStock',
          ...(f.perMonth
            ? {
                priceSpecification: {
                  '@type': 'UnitPriceSpecification',
                  price: f.price,
                  priceCurrency: 'CNY',
                  unitCode: 'MON',
                },
              }
            : {}),
          ...(sellerName ? { seller: { '@type': 'RealEstateAgent', name: sellerName } } : {}),
          itemOffered: {
            '@type': 'Accommodation',
            name: f.name,
            ...(f.areaSqm ? { floorSize: { '@type': 'QuantitativeValue', value: f.areaSqm, unitCode: 'MTK' } } : {}),
            address,
          },
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: f.name,
    description: f.description,
    url,
    ...(f.image ? { image: absoluteUrl(origin, f.image) } : {}),
    ...(f.datePosted ? { datePosted: f.datePosted } : {}),
    contentLocation: place,
    ...(offer ? { offers: offer } : {}),
  };
}

/** A place without an offer of its own (a community, a new-home project): schema.org Residence / ApartmentComplex. */
export function residence(
  origin: string,
  f: { path: string; name: string; description: string; image?: string; place: ListingPlace },
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    name: f.name,
    description: f.description,
    url: absoluteUrl(origin, f.path),
    ...(f.image ? { image: absoluteUrl(origin, f.image) } : {}),
    address: {
      '@type': 'PostalAddress',
      addressCountry: 'CN',
      addressLocality: f.place.city,
      addressRegion: f.place.district,
      ...(f.place.street ? { streetAddress: f.place.street } : {}),
    },
    ...(f.place.geo ? { geo: { '@type': 'GeoCoordinates', latitude: f.place.geo.lat, longitude: f.place.geo.lng } } : {}),
  };
}

/** An agent's page: schema.org RealEstateAgent. */
export function realEstateAgent(origin: string, f: { path: string; name: string; image?: string; brand?: string }): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: f.name,
    url: absoluteUrl(origin, f.path),
    ...(f.image ? { image: absoluteUrl(origin, f.image) } : {}),
    ...(f.brand ? { parentOrganization: { '@type': 'Organization', name: f.brand } } : {}),
  };
}

/** An article (for the news pages): schema.org NewsArticle, published by the portal's organisation. */
export interface ArticleFacts {
  path: string;
  headline: string;
  description: string;
  image?: string;
  /** ISO date-times. */
  datePublished: string;
  dateModified?: string;
  author: string;
  section?: string;
  keywords?: readonly string[];
}

export function newsArticle(origin: string, f: ArticleFacts, publisherName: string, logoPath?: string): JsonLdObject {
  const url = absoluteUrl(origin, f.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: f.headline.slice(0, 110),
    description: f.description,
    ...(f.image ? { image: [absoluteUrl(origin, f.image)] } : {}),
    datePublished: f.datePublished,
    dateModified: f.dateModified ?? f.datePublished,
    author: { '@type': 'Person', name: f.author },
    publisher: {
      '@type': 'Organization',
      '@id': `${origin}/#organization`,
      name: publisherName,
      ...(logoPath ? { logo: { '@type': 'ImageObject', url: absoluteUrl(origin, logoPath) } } : {}),
    },
    ...(f.section ? { articleSection: f.section } : {}),
    ...(f.keywords?.length ? { keywords: f.keywords.join(',') } : {}),
  };
}
