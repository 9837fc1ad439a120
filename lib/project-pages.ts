import { CHANNELS } from '@contracts/channels';
import { messages } from '@/lib/messages';

/**
 * The pages of one new-home project (spec §2 "New-home detail"): the detail page and its sub-pages, in
 * the order of the tab bar. `dynamic` serves the same feed as `dongtai` (both are spec routes); the tab bar links
 * `dongtai`. Labels are copy.md's "new-home sub-pages" (messages.loupanSubPages).
 */
const L = messages.loupanSubPages;
export const PROJECT_TABS = [
  { key: 'home', segment: '', label: messages.newHome.projectHome },
  { key: 'dongtai', segment: 'dongtai', label: L.dongtai },
  { key: 'xinxi', segment: 'xinxi', label: L.xinxi },
  { key: 'huxing', segment: 'huxing', label: L.huxing },
  { key: 'dianping', segment: 'dianping', label: L.dianping },
  { key: 'xiangce', segment: 'xiangce', label: L.xiangce },
  { key: 'zhoubian', segment: 'zhoubian', label: L.zhoubian },
] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number]['key'];

/** `/loupan/xiangqing/12`, `/loupan/xiangqing/12/dongtai`, `/loupan/xiangqing/12/dianping/2` (page 1 has no number). */
export function projectPath(projectId: number, tab: ProjectTab | 'dianping/add' = 'home', page = 1): string {
  const base = `${CHANNELS.new.detailPrefix}${projectId}`;
  const segment =
    tab === 'home' ? '' : tab === 'dianping/add' ? 'dianping/add' : PROJECT_TABS.find((t) => t.key === tab)!.segment;
  if (!segment) return base;
  return page > 1 ? `${base}/${segment}/${page}` : `${base}/${segment}`;
}

/**
 * The page number of a sub-page's optional last segment: none is page 1, `2` is page 2. Anything else (`0`,
 * `02`, `x`, two segments) is not an address of ours: null, and the page answers 404.
 */
export function subPageNumber(rest: string[] | undefined): number | null {
  if (!rest || rest.length === 0) return 1;
  if (rest.length > 1 || !/^[1-9]\d{0,3}$/.test(rest[0]!)) return null;
  return Number(rest[0]);
}
