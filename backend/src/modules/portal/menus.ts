import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { menuRequestSchema, menuSchema, type Menu } from '@contracts/city';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { requireCity } from '../cities/cities';

type MenuFlag = 'isEsf' | 'isNewhouse' | 'isRent' | 'isShop' | 'isOffice';

/** spec §2 Header / §6: the menu shows only the sections the city has (its flags). */
export function registerMenus(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.menuIcon,
    summary: "The city's header menu, filtered by its flags",
    tags: ['portal'],
    input: menuRequestSchema,
    output: z.array(menuSchema),
    handler: async (input) => {
      const city = await requireCity(db, input.cityCode);
      const rows = await db
        .select()
        .from(menus)
        .where(eq(menus.platform, input.platform))
        .orderBy(asc(menus.sort), asc(menus.id));
      const visible = rows.filter((m) => !m.requiresFlag || city[m.requiresFlag as MenuFlag] === 1);
      const childrenOf = (parentId: number): Menu[] =>
        visible
          .filter((m) => m.parentId === parentId)
          .map((m) => ({ permiName: m.permiName, permiCode: m.permiCode, jumpPage: m.jumpPage, children: childrenOf(m.id) }));
      return childrenOf(input.parentId);
    },
  });
}
