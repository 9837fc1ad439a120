import { eq, inArray } from 'drizzle-orm';
import { newHomeListItemSchema, newHomeListQuerySchema, type NewHomeListItem } from '@contracts/new-home';
import { newProjects } from '../../../db/schema';
import { itemsByIds, listConditions, newHome, registerNewHome } from '../new-home';
import { alertCard, perSqm } from './alert-card';
import type { ChannelModule } from './channel-module';

/** 新房: new-home projects (楼盘), each a place of its own. */
export const newHomeModule: ChannelModule<'new', NewHomeListItem> = {
  code: 'new',
  name: '新房',
  table: newProjects,
  listQuery: newHomeListQuerySchema,
  where: listConditions,
  orderBy: newHome.orderBy,
  items: itemsByIds,
  itemSchema: newHomeListItemSchema,
  stock: { table: newProjects, named: 'project', namedIsRecord: true, describe: (n) => `${n}个楼盘`, propertyTypeName: '新房' },
  map: { price: newProjects.avgPrice, walk: newProjects.stationDistance },
  // A project comes into a saved search only by a price change.
  priceText: perSqm,
  listedAt: null,
  lastmod: newProjects.updatedAt,
  alertCard: alertCard('new', perSqm, (db, ids) =>
    db
      .select({ id: newProjects.id, title: newProjects.name, coverUrl: newProjects.coverUrl, price: newProjects.avgPrice })
      .from(newProjects)
      .where(inArray(newProjects.id, ids))
      .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null, area: null }))),
  ),
  price: {
    column: newProjects.avgPrice,
    rule: { field: 'avgPrice', name: '新房均价', unit: '元/㎡', max: 1_000_000, decimals: 0 },
    // A project's average is no asking price: no 调价记录.
    history: false,
    suggested: true,
    async apply(tx, id, price) {
      const [row] = await tx
        .select({ cityCode: newProjects.cityCode, title: newProjects.name, previous: newProjects.avgPrice })
        .from(newProjects)
        .where(eq(newProjects.id, id))
        .for('update');
      if (!row) return undefined;
      await tx.update(newProjects).set({ avgPrice: price }).where(eq(newProjects.id, id));
      return row;
    },
  },
  register: registerNewHome,
};
