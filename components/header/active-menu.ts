import { sectionAt } from '@contracts/channel-sections';
import type { Menu } from '@contracts/city';

/**
 * The menu entry of the section a path is in (spec §2 Header). On a channel's pages — list,
 * filters, detail, dictionary, options — the entry is the channel's menu (registry `menuCode`: 商铺 for
 * /sp/buy/ and /sp/rent/ alike); elsewhere the entry whose jumpPage is the longest prefix of the path (the
 * home only for '/').
 */
export function activeMenu(menus: Menu[], path: string): string | undefined {
  const pathname = path.split('?')[0] || '/';
  const channel = sectionAt(pathname);
  if (channel) return channel.menuCode;
  let best: Menu | undefined;
  for (const m of menus) {
    const page = m.jumpPage.split('?')[0] ?? '';
    const hit = page === '/' ? pathname === '/' : pathname.startsWith(page.replace(/\/+$/, ''));
    if (hit && (!best || page.length > best.jumpPage.length)) best = m;
  }
  return best?.permiCode;
}
