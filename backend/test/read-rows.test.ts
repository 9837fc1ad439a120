import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRows } from '../src/modules/map/map-aggregate';

/**
 * map-aggregate.ts readRows: the one text row of the map's queries (`id,place,station,walk;…` for a list order, six
 * numbers a cell for the grouped bubbles) read into typed arrays, as PostgreSQL's text of each number writes it.
 */
describe('the map’s queries read from their text', () => {
  const home = fc.tuple(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: -1, max: 99_999 }),
    fc.integer({ min: -1, max: 99_999 }),
  );

  it('reads back every home of a list order, -1 (none) included', () => {
    fc.assert(
      fc.property(fc.array(home, { maxLength: 300 }), (homes) => {
        const arrays = Array.from({ length: 4 }, () => new Int32Array(homes.length));
        readRows(homes.map((h) => h.join(',')).join(';'), arrays);
        expect(arrays.map((a) => [...a])).toEqual([0, 1, 2, 3].map((i) => homes.map((h) => h[i])));
      }),
    );
  });

  it('reads back every cell: sums past 2^31 and decimals (a numeric column’s sum) included', () => {
    const cell = fc.tuple(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: -1, max: 2 ** 31 - 1 }),
      fc.integer({ min: -1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 1, max: 100_000 }),
      fc.oneof(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10 ** 9 }).map((n) => n / 100),
      ),
      fc.integer({ min: 0, max: 100_000 }),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 200 }), (cells) => {
        const into = new Float64Array(cells.length * 6);
        readRows(cells.map((c) => c.join(',')).join(';'), [into]);
        const expected = cells.flat();
        expect([...into].map((x, i) => Math.abs(x - expected[i]!) <= Math.abs(expected[i]!) * 1e-12)).not.toContain(false);
      }),
    );
  });

  it('reads nothing from an empty list', () => {
    const arrays = Array.from({ length: 4 }, () => new Int32Array(0));
    readRows('', arrays);
    expect(arrays.every((a) => a.length === 0)).toBe(true);
  });
});
