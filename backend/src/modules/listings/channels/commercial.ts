import { and, eq, inArray } from 'drizzle-orm';
import { CHANNELS } from '@contracts/channels';
import {
  COMMERCIAL_SCHEMAS,
  commercialKindOf,
  commercialListQueryOf,
  type CommercialChannel,
  type CommercialListItem,
} from '@contracts/commercial';
import { OFFICES_RENT, OFFICES_SALE, SHOP_RENT, SHOP_SALE } from '@contracts/commercial-filters';
import { DEAL, offices, shops } from '../../../db/schema';
import { commercialList, type CommercialQuery } from '../commercial';
import { residentialChannel } from '../residential';
import { alertCard, perMonth, wan } from './alert-card';
import type { ChannelModule, HeadlinePrice } from './channel-module';
import { dailyRentOf, unitPriceOf, WAN, YUAN_PER_MONTH } from './prices';

/**
 * 商铺 and 写字楼, each for sale and for rent: four channels of one engine (listings/commercial.ts). A channel is a kind
 * (its table: shops or offices, named by its header menu) and a deal (its rows: deal 1 or 2, and its headline price:
 * the total for sale, the monthly rent to let).
 */

const KIND = {
  shop: { table: shops, name: '商铺' },
  office: { table: offices, name: '写字楼' },
} as const;

/** For sale the total (and 元/㎡ with it), to let the monthly rent (and 元/㎡·天). */
function headlinePrice(table: typeof shops | typeof offices, deal: 'sale' | 'rent', name: string): HeadlinePrice {
  const ofDeal = (id: number) => and(eq(table.id, id), eq(table.deal, deal === 'sale' ? DEAL.SALE : DEAL.RENT));
  const sale = deal === 'sale';
  return {
    column: sale ? table.totalPrice : table.monthlyRent,
    rule: sale
      ? { field: 'totalPrice', name: `${name}总价`, max: 1_000_000, ...WAN }
      : { field: 'monthlyRent', name: `${name}月租`, max: 10_000_000, ...YUAN_PER_MONTH },
    history: true,
    suggested: false,
    async apply(tx, id, price) {
      const [row] = await tx
        .select({
          cityCode: table.cityCode,
          title: table.title,
          area: table.area,
          previous: sale ? table.totalPrice : table.monthlyRent,
        })
        .from(table)
        .where(ofDeal(id))
        .for('update');
      if (!row) return undefined;
      await tx
        .update(table)
        .set(
          sale
            ? { totalPrice: price, unitPrice: unitPriceOf(price, row.area) }
            : { monthlyRent: price, dailyRent: dailyRentOf(price, row.area) },
        )
        .where(ofDeal(id));
      return row;
    },
  };
}

function commercialModule<C extends CommercialChannel>(code: C, query: CommercialQuery): ChannelModule<C, CommercialListItem> {
  const kind = KIND[commercialKindOf(code)];
  const { deal } = CHANNELS[code];
  const sale = deal === 'sale';
  const name = `${kind.name}${sale ? '出售' : '出租'}`;
  const t = kind.table;
  const list = commercialList(code, name, query);
  return {
    code,
    name,
    table: t,
    scope: list.scope,
    listQuery: commercialListQueryOf(code),
    where: list.where,
    orderBy: list.orderBy,
    items: list.items,
    itemSchema: COMMERCIAL_SCHEMAS[code].item,
    stock: {
      table: t,
      scope: list.scope,
      named: null,
      namedIsRecord: false,
      describe: (n) => (sale ? `在售${n}套` : `在租${n}套`),
      propertyTypeName: kind.name,
    },
    priceText: sale ? wan : perMonth,
    listedAt: t.listedAt,
    lastmod: t.listedAt,
    alertCard: alertCard(code, sale ? wan : perMonth, (db, ids) =>
      db
        .select({ id: t.id, title: t.title, coverUrl: t.coverUrl, area: t.area, price: sale ? t.totalPrice : t.monthlyRent })
        .from(t)
        .where(inArray(t.id, ids))
        .then((rows) => rows.map((r) => ({ ...r, rooms: null, halls: null }))),
    ),
    price: headlinePrice(t, deal, kind.name),
    register: list.register,
  };
}

// Each declaration bound to its kind's table: the compiler holds its columns to the table's.
export const shopSaleModule = commercialModule('shop_sale', residentialChannel(shops, SHOP_SALE));
export const shopRentModule = commercialModule('shop_rent', residentialChannel(shops, SHOP_RENT));
export const officesSaleModule = commercialModule('offices_sale', residentialChannel(offices, OFFICES_SALE));
export const officesRentModule = commercialModule('offices_rent', residentialChannel(offices, OFFICES_RENT));
