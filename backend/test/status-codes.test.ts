import { sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { AGENT_STATUS } from '@contracts/agent';
import {
  ENTRUST_BUSINESS_TYPES,
  ENTRUST_OPEN_STATUSES,
  ENTRUST_STATUSES,
  type EntrustBusinessType,
  type EntrustStatus,
} from '@contracts/entrust-rules';
import { IM_LAYOUT, type ImLayout } from '@contracts/im-constants';
import { SALE_STATUS, type SaleStatus } from '@contracts/new-home';
import { ARTICLE_STATUS as CONTRACT_ARTICLE_STATUS, type ArticleStatus } from '@contracts/news';
import { NEWS_KIND, type NewsKind } from '@contracts/project-pages';
import { NEW_HOME, RENT } from '@contracts/residential';
import {
  VIEWING_BUSINESS_TYPES,
  VIEWING_OPEN_STATUSES,
  VIEWING_SLOTS,
  VIEWING_STATUSES,
  type ViewingBusinessType,
  type ViewingSlot,
  type ViewingStatus,
} from '@contracts/viewing';
import {
  agents,
  ARTICLE_STATUS,
  articles,
  ENTRUST_STATUS,
  entrusts,
  imMessages,
  newProjects,
  PROJECT_NEWS_KIND,
  projectLayouts,
  projectNews,
  rentals,
  VIEWING_STATUS,
  viewings,
} from '../src/db/schema';
import { PROPERTY_TYPE, RENT_TYPE } from '../src/domain/residential-codes';
import { startHarness, type Harness } from './harness';

/**
 * The codes a status column may hold are written once, in contracts/, and the schema takes them from there. What the
 * migrated database itself says about them: no column has a CHECK constraint or an enum type (they are smallint and
 * integer columns), so the database's own lists are the predicates of the two one-open-row indexes; those must be
 * the contract's open codes. Every other tie is the schema's: its constants are the contract's objects, its columns
 * are typed with the contract's codes (checked by tsc), and every code the seed stored is one of them.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Rows<T> = { rows: T[] };
const query = async <T>(q: ReturnType<typeof sql>) => ((await h.database.db.execute(q)) as unknown as Rows<T>).rows;

const codes = (c: Record<string, number> | readonly number[]) => [...Object.values(c)].sort((a, b) => a - b);
/** The codes of a residential channel's filter: the contract's declaration names them (1 整租, 2 合租 …). */
const filterCodes = (channel: typeof RENT | typeof NEW_HOME, key: string) => {
  const filter = channel.filters.find((f) => f.key === key);
  if (!filter || !('options' in filter)) throw new Error(`${key}: no coded filter`);
  return codes(filter.options.map((o) => o.code));
};
const numbersIn = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);

interface StatusColumn {
  table: PgTable;
  column: PgColumn;
  codes: number[];
  /** The seed stores rows with codes in it: its distinct codes cannot be an empty (vacuous) set. */
  seeded: boolean;
}
const STATUS_COLUMNS: StatusColumn[] = [
  { table: viewings, column: viewings.status, codes: codes(VIEWING_STATUSES), seeded: false },
  { table: viewings, column: viewings.slot, codes: codes(VIEWING_SLOTS), seeded: false },
  { table: viewings, column: viewings.businessType, codes: codes(VIEWING_BUSINESS_TYPES), seeded: false },
  { table: entrusts, column: entrusts.status, codes: codes(ENTRUST_STATUSES), seeded: false },
  { table: entrusts, column: entrusts.businessType, codes: codes(ENTRUST_BUSINESS_TYPES), seeded: false },
  { table: articles, column: articles.status, codes: codes(CONTRACT_ARTICLE_STATUS), seeded: true },
  { table: newProjects, column: newProjects.saleStatus, codes: codes(SALE_STATUS), seeded: true },
  { table: projectLayouts, column: projectLayouts.saleStatus, codes: codes(SALE_STATUS), seeded: true },
  { table: projectNews, column: projectNews.kind, codes: codes(NEWS_KIND), seeded: true },
  { table: imMessages, column: imMessages.layout, codes: codes(IM_LAYOUT), seeded: false },
  { table: agents, column: agents.status, codes: codes(AGENT_STATUS), seeded: true },
  { table: rentals, column: rentals.rentType, codes: filterCodes(RENT, 'rentType'), seeded: true },
  { table: entrusts, column: entrusts.rentType, codes: filterCodes(RENT, 'rentType'), seeded: false },
  { table: newProjects, column: newProjects.propertyType, codes: filterCodes(NEW_HOME, 'propertyType'), seeded: true },
];
const label = (c: StatusColumn) => `${getTableConfig(c.table).name}.${c.column.name}`;

describe('status codes: contracts, schema and database agree', () => {
  it('takes the schema’s code constants from the contracts (one definition, not two equal ones)', () => {
    expect(VIEWING_STATUS).toBe(VIEWING_STATUSES);
    expect(ENTRUST_STATUS).toBe(ENTRUST_STATUSES);
    expect(ARTICLE_STATUS).toBe(CONTRACT_ARTICLE_STATUS);
    expect(PROJECT_NEWS_KIND).toBe(NEWS_KIND);
    // The domain's names for the codes the channels' declarations define (the seed writes them by these names).
    expect(codes(RENT_TYPE)).toEqual(filterCodes(RENT, 'rentType'));
    expect(codes(PROPERTY_TYPE)).toEqual(filterCodes(NEW_HOME, 'propertyType'));
  });

  it('types each status column with its contract’s codes (tsc checks these; a wider column type fails it)', () => {
    expectTypeOf<typeof viewings.$inferSelect.status>().toEqualTypeOf<ViewingStatus>();
    expectTypeOf<typeof viewings.$inferSelect.slot>().toEqualTypeOf<ViewingSlot>();
    expectTypeOf<typeof viewings.$inferSelect.businessType>().toEqualTypeOf<ViewingBusinessType>();
    expectTypeOf<typeof entrusts.$inferSelect.status>().toEqualTypeOf<EntrustStatus>();
    expectTypeOf<typeof entrusts.$inferSelect.businessType>().toEqualTypeOf<EntrustBusinessType>();
    expectTypeOf<typeof articles.$inferSelect.status>().toEqualTypeOf<ArticleStatus>();
    expectTypeOf<typeof newProjects.$inferSelect.saleStatus>().toEqualTypeOf<SaleStatus>();
    expectTypeOf<typeof projectLayouts.$inferSelect.saleStatus>().toEqualTypeOf<SaleStatus>();
    expectTypeOf<typeof projectNews.$inferSelect.kind>().toEqualTypeOf<NewsKind>();
    expectTypeOf<typeof imMessages.$inferSelect.layout>().toEqualTypeOf<ImLayout>();
  });

  it('builds the one-open-row indexes from the contract’s open codes, as the migrated database has them', async () => {
    expect(VIEWING_OPEN_STATUSES).toEqual([VIEWING_STATUSES.PENDING, VIEWING_STATUSES.CONFIRMED]);
    expect(ENTRUST_OPEN_STATUSES).toEqual([ENTRUST_STATUSES.REVIEWING, ENTRUST_STATUSES.PUBLISHED]);
    const rows = await query<{ name: string; predicate: string | null }>(sql`
      select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in ('viewings_open_idx', 'entrusts_open_idx')`);
    const predicate = (name: string) => rows.find((r) => r.name === name)?.predicate ?? '';
    // PostgreSQL keeps `status in (1, 2)` as `(status = ANY (ARRAY[1, 2]))`.
    expect(predicate('viewings_open_idx')).toMatch(/^\(?status = ANY \(ARRAY\[[\d, ]+\]\)\)?$/);
    expect(numbersIn(predicate('viewings_open_idx'))).toEqual(codes(VIEWING_OPEN_STATUSES));
    expect(predicate('entrusts_open_idx')).toMatch(/^\(?status = ANY \(ARRAY\[[\d, ]+\]\)\)?$/);
    expect(numbersIn(predicate('entrusts_open_idx'))).toEqual(codes(ENTRUST_OPEN_STATUSES));
  });

  it('finds each status column as a plain number column; any CHECK on it allows exactly the contract’s codes', async () => {
    for (const c of STATUS_COLUMNS) {
      const table = getTableConfig(c.table).name;
      const [type] = await query<{ data_type: string }>(sql`
        select data_type from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and column_name = ${c.column.name}`);
      // An enum type would be USER-DEFINED; then its pg_enum labels would be the list to compare.
      expect(type?.data_type, label(c)).toMatch(/^(smallint|integer)$/);
      const checks = await query<{ def: string }>(sql`
        select pg_get_constraintdef(k.oid) as def
        from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
        where k.contype = 'c' and k.conrelid = ${table}::regclass and a.attname = ${c.column.name}`);
      for (const check of checks) expect(numbersIn(check.def), `${label(c)}: ${check.def}`).toEqual(c.codes);
    }
  });

  it('stores only the contract’s codes in each status column', async () => {
    const seededColumns = STATUS_COLUMNS.filter((c) => c.seeded);
    expect(seededColumns.length).toBeGreaterThan(0);
    for (const c of STATUS_COLUMNS) {
      const table = getTableConfig(c.table).name;
      const stored = await query<{ code: number }>(
        sql`select distinct ${sql.identifier(c.column.name)} as code from ${sql.identifier(table)}
            where ${sql.identifier(c.column.name)} is not null order by 1`,
      );
      const found = stored.map((r) => Number(r.code));
      if (c.seeded) expect(found.length, `${label(c)}: the seed's codes`).toBeGreaterThan(0);
      for (const code of found) expect(c.codes, `${label(c)} holds ${code}`).toContain(code);
    }
  });
});
