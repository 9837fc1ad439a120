import { inArray } from 'drizzle-orm';
import { estateListItemSchema, estateListQuerySchema, type EstateListItem } from '@contracts/estate';
import { communities } from '../../../db/schema';
import { estate, estateItemsByIds, listConditions, registerEstate } from '../estate';
import { alertCard, perSqm } from './alert-card';
import type { ChannelModule } from './channel-module';

/** 小区: residential communities, each a place of its own; its reference price follows its homes (no operator sets it). */
export const estateModule: ChannelModule<'estate', EstateListItem> = {
  code: 'estate',
  name: '小区',
  table: communities,
  listQuery: estateListQuerySchema,
  where: listConditions,
  orderBy: estate.orderBy,
  items: estateItemsByIds,
  itemSchema: estateListItemSchema,
  // The 小区 list lists communities: a district counts its communities, as `/xiaoqu/dc{id}/` finds them.
  stock: { table: communities, named: 'community', namedIsRecord: true, describe: (n) => `${n}个小区`, propertyTypeName: '小区' },
  // A community comes into a saved search only by a price change; the data has no date of its last change.
  priceText: perSqm,
  listedAt: null,
  alertCard: alertCard('estate', perSqm, (db, ids) =>
    db
      .select({ id: communities.id, title: communities.name, coverUrl: communities.coverUrl, price: communities.avgPrice })
      .from(communities)
      .where(inArray(communities.id, ids))
      .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null, area: null }))),
  ),
  register: registerEstate,
};
