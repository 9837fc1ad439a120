import { z } from 'zod';
import { int, INT4_MAX, SMALLINT_MAX } from './fields';

/** spec §3 City. Flags are 0/1 and default to 1. */
export const menuSchema: z.ZodType<Menu> = z.lazy(() =>
  z.object({
    permiName: z.string(),
    permiCode: z.string(),
    jumpPage: z.string(),
    children: z.array(menuSchema),
  }),
);
export interface Menu {
  permiName: string;
  /** Stable code: index, ershoufang, loupan, zufang, xiaoqu, sp, xzl, news, map … */
  permiCode: string;
  /** Path on the city's own domain, e.g. `/ershoufang/`. */
  jumpPage: string;
  children: Menu[];
}

const flag = z.union([z.literal(0), z.literal(1)]);

export const citySchema = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  /** Sub-domain: pinyin initials as the big portals use (bj, sh, gz, su …). */
  cityDomain: z.string(),
  minorCityCode: z.string(),
  /** Upper-case initial of the city's pinyin, for the "all cities by letter" grouping. */
  initial: z.string(),
  pinyin: z.string(),
  isShop: flag,
  isOffice: flag,
  isEsf: flag,
  isNewhouse: flag,
  isRent: flag,
});
export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.object({
  hot: z.array(citySchema),
  all: z.array(z.object({ initial: z.string(), list: z.array(citySchema) })),
});
export type CityList = z.infer<typeof cityListSchema>;

export const locationSchema = z.object({
  cityCode: z.string(),
  cityDomain: z.string(),
  cityName: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/**
 * A city's six-digit code (110000), the only meaning a request's cityCode has: the domain (bj) is the host's
 * business, and the web turns it into the code from the city list.
 */
export const cityCodeField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, '城市代码是六位数字');

export const menuRequestSchema = z.object({
  cityCode: cityCodeField(),
  /** 0: the top level; otherwise a menu id (int4). */
  parentId: int(0, INT4_MAX).default(0),
  /** A smallint column. */
  platform: int(0, SMALLINT_MAX).default(0),
});
export type MenuRequest = z.input<typeof menuRequestSchema>;

/**
 * spec §3 Hot cities: the footer tabs. Items carry a link as well as id and name. The link is an absolute
 * http(s) URL: the tabs lead to other cities' sub-domains (热门城市) and to other sites (友情链接), and the
 * footer is also drawn on www pages, where a path would be resolved against the wrong host.
 */
const footerLink = z.object({ id: z.string(), name: z.string(), url: z.url({ protocol: /^https?$/ }) });
export const bottomLinkSchema = z.object({
  hotCity: z.array(footerLink),
  hotEsfCity: z.array(footerLink),
  hotNewCity: z.array(footerLink),
  hotRentCity: z.array(footerLink),
  outSideLink: z.array(footerLink),
});
export type BottomLinks = z.infer<typeof bottomLinkSchema>;
export type FooterLink = z.infer<typeof footerLink>;

/** Optional city for the footer: hot second-hand / new / rent links are the city's own. */
export const cityScopedRequestSchema = z.object({ cityCode: cityCodeField() });
export const optionalCityRequestSchema = z.object({ cityCode: cityCodeField().optional() });
