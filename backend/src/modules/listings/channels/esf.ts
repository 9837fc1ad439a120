import { eq, inArray } from 'drizzle-orm';
import { esfListItemSchema, esfListQuerySchema, type EsfListItem } from '@contracts/esf';
import { listings } from '../../../db/schema';
import { esf, listConditions, registerEsf } from '../esf';
import { listItemsByIds } from '../esf-items';
import { alertCard, wan } from './alert-card';
import type { ChannelModule } from './channel-module';
import { unitPriceOf, WAN } from './prices';

/** 二手房: homes for sale (esf_listings), in their communities. */
export const esfModule = {
  code: 'esf',
  name: '二手房',
  table: listings,
  listQuery: esfListQuerySchema,
  where: listConditions,
  orderBy: esf.orderBy,
  items: listItemsByIds,
  itemSchema: esfListItemSchema,
  stock: { table: listings, named: 'community', namedIsRecord: false, describe: (n) => `在售${n}套`, propertyTypeName: '二手房' },
  map: { price: listings.unitPrice, walk: listings.stationDistance },
  priceText: wan,
  listedAt: listings.listedAt,
  lastmod: listings.listedAt,
  alertCard: alertCard('esf', wan, (db, ids) =>
    db
      .select({
        id: listings.id,
        title: listings.title,
        coverUrl: listings.coverUrl,
        rooms: listings.rooms,
        halls: listings.halls,
        area: listings.area,
        price: listings.totalPrice,
      })
      .from(listings)
      .where(inArray(listings.id, ids)),
  ),
  price: {
    column: listings.totalPrice,
    rule: { field: 'totalPrice', name: '二手房总价', max: 100_000, ...WAN },
    history: true,
    suggested: false,
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: listings.cityCode,
          title: listings.title,
          area: listings.area,
          previous: listings.totalPrice,
          communityId: listings.communityId,
        })
        .from(listings)
        .where(eq(listings.id, id))
        .for('update');
      if (!row) return undefined;
      await tx
        .update(listings)
        .set({ totalPrice: price, unitPrice: unitPriceOf(price, row.area) })
        .where(eq(listings.id, id));
      return row;
    },
  },
  register: registerEsf,
} satisfies ChannelModule<'esf', EsfListItem>;
