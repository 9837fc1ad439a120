import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterOption } from '@contracts/bands';
import { isRowFilter, optionsOf, type FilterRowsOf, type ResidentialDecl, type ResidentialFilter } from '@contracts/residential';
import { communities } from '../../db/schema';
import { recentCutIds } from './price-cuts';
import { bandCondition, rangeBandCondition, roomsCondition, type ListingTable } from './common';

/**
 * A residential channel's declaration (contracts/residential.ts) bound to its table: the filter rows and sorts of
 * its conditions answer, the WHERE of its list's filters and the ORDER BY of a sort code, all read from the one
 * declaration, so the backend cannot disagree with the codec, the request schema or the filter bar.
 */

/** The calendar in 中国 (UTC+8): a build age and a trend month turn over at Beijing midnight, not London's. */
export function chinaToday(now = Date.now()): { year: number; month: number } {
  const d = new Date(now + 8 * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** The column names of a table, as its declaration may use them. */
type ColumnName<T extends ListingTable> = keyof T['_']['columns'] & string;

export interface ResidentialChannelQuery<D extends ResidentialDecl> {
  /** The conditions answer's filter rows for a city of this price tier, in the declaration's order. */
  rows: (priceTier: number) => FilterRowsOf<D>;
  /** The conditions answer's sorts: code (the position) and label. */
  sorts: FilterOption[];
  /** The WHERE of the chosen filters: codes OR-ed within a filter, filters AND-ed. */
  where: (input: Record<string, unknown>, priceTier: number) => SQL | undefined;
  /** The ORDER BY of a sort code; a code past the list (the API takes 0–9) sorts as the default, code 0. */
  orderBy: (sort: number | undefined) => SQL[];
}

/**
 * Binds `decl` to `table`. The compiler holds every declared column to the table's; the check below catches at
 * start-up what it cannot (a column the table object lacks at run time, bands of unequal length across tiers).
 */
export function residentialChannel<T extends ListingTable, D extends ResidentialDecl<string, ColumnName<T>>>(
  table: T,
  decl: D,
): ResidentialChannelQuery<D> {
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const column = (name: string): AnyPgColumn => {
    const found = columns[name];
    if (!found) throw new Error(`${getTableName(table)}: no column "${name}" for the declaration`);
    return found;
  };
  for (const f of decl.filters.filter(isRowFilter)) {
    const counts = [1, 2, 3].map((priceTier) => optionsOf(f, { priceTier, year: 2000 }).length);
    if (new Set(counts).size !== 1) throw new Error(`filter ${f.key}: the price tiers have ${counts.join('/')} bands`);
  }

  const whereOf = (f: ResidentialFilter<string, ColumnName<T>>, codes: number[] | undefined, priceTier: number) => {
    const at = { priceTier, year: chinaToday().year };
    switch (f.kind) {
      case 'band':
        return bandCondition(column(f.column), f.bands(at), codes);
      case 'rangeBand':
        return rangeBandCondition(column(f.min), column(f.max), f.bands(at), codes);
      case 'code':
        return codes?.length ? inArray(column(f.column), codes) : undefined;
      case 'atLeastLast':
        return roomsCondition(column(f.column), codes, f.options.length);
      case 'yesNo':
        return codes?.length ? or(...codes.map((code) => eq(column(f.column), code === 1))) : undefined;
      case 'words': {
        const words = (codes ?? []).flatMap((code) => f.words[code - 1] ?? []);
        return words.length ? inArray(column(f.column), words) : undefined;
      }
      case 'tags': {
        // Each chosen tag must be there (AND), any of its words naming it (满二: 满二 or 满五唯一).
        const each = (codes ?? []).map((code) => f.words[code - 1]).filter((w) => w !== undefined);
        return each.length ? and(...each.map((words) => arrayOverlaps(column(f.column), [...words]))) : undefined;
      }
      case 'communityBand': {
        const inBand = bandCondition(communities[f.communityColumn], f.bands(at), codes);
        if (!inBand) return undefined;
        const community = column('communityId');
        return inArray(community, sql`(select ${communities.id} from ${communities} where ${inBand})`);
      }
      case 'recentCut':
        return codes?.length ? inArray(table.id, recentCutIds(f.channel, f.days)) : undefined;
      case 'bound': {
        const n = codes?.[0];
        if (n === undefined) return undefined;
        return f.end === 'from' ? gte(column(f.column), n) : lte(column(f.column), n);
      }
    }
  };

  const orders = decl.sorts.map(({ column: name, dir, nullsLast }) => {
    const by = column(name);
    const first = nullsLast ? sql`${by} ${sql.raw(dir)} nulls last` : dir === 'asc' ? asc(by) : desc(by);
    // The id breaks ties, so pages never overlap; a sort by the id itself needs nothing more.
    if (name === 'id') return [first];
    return [first, dir === 'asc' ? asc(table.id) : desc(table.id)];
  });

  return {
    rows: (priceTier) =>
      Object.fromEntries(
        decl.filters.filter(isRowFilter).map((f) => [f.key, optionsOf(f, { priceTier, year: chinaToday().year })]),
      ) as FilterRowsOf<D>,
    sorts: decl.sorts.map(({ label }, code) => ({ code, label })),
    where: (input, priceTier) => and(...decl.filters.map((f) => whereOf(f, input[f.key] as number[] | undefined, priceTier))),
    orderBy: (sort) => orders[sort ?? 0] ?? orders[0]!,
  };
}
