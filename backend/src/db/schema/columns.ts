import { sql } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';

/**
 * Every searchable name carries `pinyin` (toneless, no spaces, lower case) and `initials` so that `wj`,
 * `wangjing` and `望京` all find 望京 (spec §3 search suggestion); `text_pattern_ops` btree
 * indexes make their prefix search an index range scan.
 */
export const searchable = {
  name: text('name').notNull(),
  pinyin: text('pinyin').notNull(),
  initials: text('initials').notNull(),
};
export const prefixIndexes = (table: string, t: { pinyin: unknown; initials: unknown; cityCode: unknown }) => [
  index(`${table}_pinyin_idx`).using('btree', sql`${t.cityCode}`, sql`${t.pinyin} text_pattern_ops`),
  index(`${table}_initials_idx`).using('btree', sql`${t.cityCode}`, sql`${t.initials} text_pattern_ops`),
];

/** A photo of a home, project or community; `kind` groups a project's album (效果图, 实景图, 样板间, 户型图 …). */
export type ListingPhoto = { url: string; title: string; kind?: string };
