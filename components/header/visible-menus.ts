import { CHANNEL_LIST, channelIsOn } from '@contracts/channels';
import type { City, Menu } from '@contracts/city';
import { linkable } from '@/lib/built-sections';

/**
 * spec §2 Header: channel entries follow the city's flags (shops and offices only where the city has them);
 * an entry goes when every channel behind it is off in the city, or when it leads into a section not built yet
 * (lib/built-sections.ts: the backend's menu names 资讯 whether or not this build has it).
 */
export function visibleMenus(menus: Menu[], city: City): Menu[] {
  const isOff = (permiCode: string) => {
    const behind = CHANNEL_LIST.filter((c) => c.menuCode === permiCode);
    return behind.length > 0 && behind.every((c) => !channelIsOn(city, c.code));
  };
  // The map has its own button.
  return menus.filter((m) => m.permiCode !== 'map' && !isOff(m.permiCode) && linkable(m.jumpPage));
}
