/**
 * The rows of a raw statement (`db.execute(sql…)`): both drivers, node-postgres and PGlite, answer `{ rows }`, which
 * drizzle types per driver. The caller names the columns its SQL selects; values come as that driver gives them
 * (node-postgres has bigint and numeric as text, PGlite as numbers), so a caller converts what it reads.
 */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
