import { eq, inArray } from 'drizzle-orm';
import { rentListItemSchema, rentListQuerySchema, type RentListItem } from '@contracts/rent';
import { rentals } from '../../../db/schema';
import { listConditions, registerRent, rent, rentItemsByIds } from '../rent';
import { alertCard, perMonth } from './alert-card';
import type { ChannelModule } from './channel-module';
import { YUAN_PER_MONTH } from './prices';

/** 租房: homes to let (rentals), whole or a room, in their communities. */
export const rentModule = {
  code: 'rent',
  name: '租房',
  table: rentals,
  listQuery: rentListQuerySchema,
  where: listConditions,
  orderBy: rent.orderBy,
  items: rentItemsByIds,
  itemSchema: rentListItemSchema,
  stock: { table: rentals, named: 'community', namedIsRecord: false, describe: (n) => `在租${n}套`, propertyTypeName: '租房' },
  map: { price: rentals.monthlyRent, walk: rentals.stationDistance },
  priceText: perMonth,
  listedAt: rentals.listedAt,
  lastmod: rentals.listedAt,
  alertCard: alertCard('rent', perMonth, (db, ids) =>
    db
      .select({
        id: rentals.id,
        title: rentals.title,
        coverUrl: rentals.coverUrl,
        rooms: rentals.rooms,
        halls: rentals.halls,
        area: rentals.area,
        price: rentals.monthlyRent,
      })
      .from(rentals)
      .where(inArray(rentals.id, ids)),
  ),
  price: {
    column: rentals.monthlyRent,
    rule: { field: 'monthlyRent', name: '租金', max: 1_000_000, ...YUAN_PER_MONTH },
    history: true,
    suggested: false,
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: rentals.cityCode,
          title: rentals.title,
          previous: rentals.monthlyRent,
          deposit: rentals.deposit,
          communityId: rentals.communityId,
        })
        .from(rentals)
        .where(eq(rentals.id, id))
        .for('update');
      if (!row) return undefined;
      // The deposit is months of rent (押一 / 押二): it keeps its months at the new rent.
      const months = Math.max(1, Math.round(row.deposit / row.previous));
      await tx
        .update(rentals)
        .set({ monthlyRent: price, deposit: price * months })
        .where(eq(rentals.id, id));
      return row;
    },
  },
  register: registerRent,
} satisfies ChannelModule<'rent', RentListItem>;
