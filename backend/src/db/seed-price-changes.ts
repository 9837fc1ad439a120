import { asc } from 'drizzle-orm';
import type { Db } from './client';
import { Prng } from './prng';
import { DEAL, esfListings, offices, priceChanges, rentals, shops } from './schema';
import { DAY } from './seed-homes';

/** The price changes draw from a generator of their own: every row seeded before them stays as it was. */
const PRICE_CHANGE_SEED = 20260124;
/** Share of listings on the market two weeks or more that have been repriced (the big portals show about a third). */
const REPRICED_SHARE = 0.3;
/** Most repricings are cuts: a seller who asked too much comes down; a few go up with the market. */
const CUT_SHARE = 0.8;
const MIN_DAYS_LISTED = 14;
const BATCH = 1000;

type Row = typeof priceChanges.$inferInsert;

interface Priced {
  id: number;
  price: number | null;
  listedAt: Date;
}

/** A price as the channel keeps it: 万元 with one decimal under 100万 and whole above, 元/月 to the 50. */
const roundPrice = (price: number, rent: boolean) =>
  rent ? Math.max(50, Math.round(price / 50) * 50) : price >= 100 ? Math.round(price) : Math.round(price * 10) / 10;

/**
 * The past changes of one listing, oldest first, ending at its current price; dates between its listing and
 * today, so 挂牌 date, days on market and the record agree. Worked backwards from the current price.
 */
function changesOf(rng: Prng, channel: string, l: Priced, rent: boolean, today: number): Row[] {
  if (l.price === null) return [];
  const listedDay = Math.floor(l.listedAt.getTime() / DAY) * DAY;
  const days = Math.floor((today - listedDay) / DAY);
  if (days < MIN_DAYS_LISTED || !rng.chance(REPRICED_SHARE)) return [];
  const count = rng.pick([1, 1, 1, 2, 2, 3]);
  const at = new Set<number>();
  for (let i = 0; i < count; i++) at.add(rng.int(3, days - 1));
  const dates = [...at].sort((a, b) => b - a).map((d) => new Date(listedDay + d * DAY + rng.int(9, 19) * 3_600_000));
  const out: Row[] = [];
  let newer = l.price;
  for (const changedAt of dates) {
    const pct = rng.chance(CUT_SHARE) ? -rng.int(2, 8) : rng.int(1, 4);
    const older = roundPrice(newer / (1 + pct / 100), rent);
    if (older === newer) continue;
    out.push({ channel, listingId: l.id, oldPrice: older, newPrice: newer, changedAt });
    newer = older;
  }
  return out.reverse();
}

async function insertAll(db: Db, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(priceChanges).values(rows.slice(i, i + BATCH));
}

/** 调价记录 for a share of the 二手房, 租房, 商铺 and 写字楼 already seeded (docs/data.md "price_changes"). */
export async function seedPriceChanges(db: Db, today: number): Promise<number> {
  const rng = new Prng(PRICE_CHANGE_SEED);
  const rows: Row[] = [];
  const esf = await db
    .select({ id: esfListings.id, price: esfListings.totalPrice, listedAt: esfListings.listedAt })
    .from(esfListings)
    .orderBy(asc(esfListings.id));
  for (const l of esf) rows.push(...changesOf(rng, 'esf', l, false, today));
  const rent = await db
    .select({ id: rentals.id, price: rentals.monthlyRent, listedAt: rentals.listedAt })
    .from(rentals)
    .orderBy(asc(rentals.id));
  for (const l of rent) rows.push(...changesOf(rng, 'rent', l, true, today));
  for (const [table, prefix] of [
    [shops, 'shop'],
    [offices, 'offices'],
  ] as const) {
    const units = await db
      .select({
        id: table.id,
        deal: table.deal,
        totalPrice: table.totalPrice,
        monthlyRent: table.monthlyRent,
        listedAt: table.listedAt,
      })
      .from(table)
      .orderBy(asc(table.id));
    for (const u of units) {
      const sale = u.deal === DEAL.SALE;
      const price = sale ? u.totalPrice : u.monthlyRent;
      rows.push(
        ...changesOf(rng, `${prefix}_${sale ? 'sale' : 'rent'}`, { id: u.id, price, listedAt: u.listedAt }, !sale, today),
      );
    }
  }
  await insertAll(db, rows);
  return rows.length;
}
