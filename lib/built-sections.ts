/**
 * The sections of the spec that pages link to (the header's 地图找房, 资讯 and 下载APP; spec §2 Header and fixed
 * routes) but whose routes a later change builds. Until a section is built no page links into it: the link would
 * be a 404 for the visitor, and Next's prefetch of a link in view logs a console error on every page.
 *
 * The one place that decides: the change that builds a section's routes turns its `built` to true, and the
 * header's entries (and any other link into it, through `linkable`) appear.
 */
export const SECTIONS = {
  /** 地图找房: /map?type=0 and the map routes. */
  map: { path: '/map', built: true },
  /** 资讯: the news front page, categories and articles. */
  news: { path: '/news', built: true },
  /** 下载APP: the app page. */
  app: { path: '/download', built: true },
} as const satisfies Record<string, { path: string; built: boolean }>;

export type SectionName = keyof typeof SECTIONS;

export const sectionBuilt = (name: SectionName): boolean => SECTIONS[name].built;

/** The section a same-site href leads into (`/news/`, `/map?type=0`, `/download`), if it is one of SECTIONS. */
export function sectionOf(href: string): SectionName | undefined {
  const path = href.split(/[?#]/)[0] ?? '';
  return (Object.keys(SECTIONS) as SectionName[]).find((name) => {
    const root = SECTIONS[name].path;
    return path === root || path.startsWith(`${root}/`);
  });
}

/** False for a link into a section not built yet: such a link is left out of the page. */
export function linkable(href: string): boolean {
  const section = sectionOf(href);
  return section === undefined || sectionBuilt(section);
}
