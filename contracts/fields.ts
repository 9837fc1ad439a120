import { z } from 'zod';
import { contactDetailsMessage, hasContactDetails } from './contact-details';

/**
 * Field builders for request schemas: every text and number a caller sends is bounded here, once, so that no
 * input reaches the database in a form PostgreSQL refuses (which would be a 500 instead of a 400).
 * Column types: backend/src/db/schema/. Answer schemas stay plain: the backend writes those itself.
 */

/** Largest value of a PostgreSQL `integer` (int4) column: serial ids, parent ids. */
export const INT4_MAX = 2_147_483_647;
/** Largest value of a PostgreSQL `smallint` column: menu platform, flags, counts of rooms. */
export const SMALLINT_MAX = 32_767;

// PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00").
const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

interface TextOptions {
  /** Fewest characters after trimming; 0 by default. */
  min?: number;
  /** Trim surrounding white space first (default). Passwords keep theirs. */
  trim?: boolean;
  /** Message for a value too short or too long, instead of zod's. */
  message?: string;
}

/** A text field of at most `max` characters (after trimming), without NUL. */
export function text(max: number, { min = 0, trim = true, message }: TextOptions = {}) {
  const base = trim ? z.string().trim() : z.string();
  const bounded = min > 0 ? base.min(min, message).max(max, message) : base.max(max, message);
  return bounded.refine((s) => !s.includes(NUL), NUL_MESSAGE);
}

/**
 * An integer in [min, max]: a JSON number, or the decimal digits a query string carries (coerced). Nothing else is
 * read as a number: not `true`, `[13]`, `"0x1"` or `"1e3"`, which plain coercion would turn into ids.
 * `max` is the column's limit at most (INT4_MAX, SMALLINT_MAX) so that no value overflows it.
 */
export function int(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^-?\d+$/, 'must be an integer')])
    .pipe(z.coerce.number<string | number>().int().min(min).max(max));
}

/** A row id: a positive int4 (serial) column. */
export function id() {
  return int(1, INT4_MAX);
}

/**
 * A refinement for text the public reads (a nickname, a review, a listing's description, a contact name): no
 * mobile, landline, WeChat or QQ id in it (contracts/contact-details.ts), refused with the field's own words:
 * `.refine(...withoutContactDetails('房源描述'))`.
 */
export function withoutContactDetails(label: string) {
  return [(s: string) => !hasContactDetails(s), contactDetailsMessage(label)] as const;
}
