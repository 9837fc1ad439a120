import { eq, inArray } from 'drizzle-orm';
import { esfListItemSchema, esfListQuerySchema, type EsfListItem } from '@contracts/esf';
import { esfListings } from '../../../db/schema';
import { esf, listConditions, registerEsf } from '../esf';
import { listItemsByIds } from '../esf-items';
import { alertCard, wan } from './alert-card';
import type { ChannelModule } from './channel-module';
import { unitPriceOf, WAN } from './prices';

/** 二手房: homes for sale (esf_listings), in their communities. */
export const esfModule = {
  code: 'esf',
  name: '二手房',
  table: esfListings,
  listQuery: esfListQuerySchema,
  where: listConditions,
  orderBy: esf.orderBy,
  items: listItemsByIds,
  itemSchema: esfListItemSchema,
  stock: {
    table: esfListings,
    named: 'community',
    namedIsRecord: false,
    describe: (n) => `在售${n}套`,
    propertyTypeName: '二手房',
  },
  map: { price: esfListings.unitPrice, walk: esfListings.stationDistance },
  priceText: wan,
  listedAt: esfListings.listedAt,
  lastmod: esfListings.listedAt,
  alertCard: alertCard('esf', wan, (db, ids) =>
    db
      .select({
        id: esfListings.id,
        title: esfListings.title,
        coverUrl: esfListings.coverUrl,
        rooms: esfListings.rooms,
        halls: esfListings.halls,
        area: esfListings.area,
        price: esfListings.totalPrice,
      })
      .from(esfListings)
      .where(inArray(esfListings.id, ids)),
  ),
  price: {
    column: esfListings.totalPrice,
    rule: { field: 'totalPrice', name: '二手房总价', max: 100_000, ...WAN },
    history: true,
    suggested: false,
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: esfListings.cityCode,
          title: esfListings.title,
          area: esfListings.area,
          previous: esfListings.totalPrice,
          communityId: esfListings.communityId,
        })
        .from(esfListings)
        .where(eq(esfListings.id, id))
        .for('update');
      if (!row) return undefined;
      await tx
        .update(esfListings)
        .set({ totalPrice: price, unitPrice: unitPriceOf(price, row.area) })
        .where(eq(esfListings.id, id));
      return row;
    },
  },
  register: registerEsf,
} satisfies ChannelModule<'esf', EsfListItem>;
