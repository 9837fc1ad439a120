import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHomes } from '../src/modules/map/map-aggregate';

/** map-aggregate.ts readHomes: the list order's one text row (`id,place,station,walk;…`) read into its arrays. */
describe('the list order read from its text', () => {
  const home = fc.tuple(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    fc.integer({ min: -1, max: 99_999 }),
    fc.integer({ min: -1, max: 99_999 }),
  );

  it('reads back every home as the query writes it, -1 (none) included', () => {
    fc.assert(
      fc.property(fc.array(home, { maxLength: 300 }), (homes) => {
        const arrays = Array.from({ length: 4 }, () => new Int32Array(homes.length));
        readHomes(homes.map((h) => h.join(',')).join(';'), arrays);
        expect(arrays.map((a) => [...a])).toEqual([0, 1, 2, 3].map((i) => homes.map((h) => h[i])));
      }),
    );
  });

  it('reads nothing from an empty list', () => {
    const arrays = Array.from({ length: 4 }, () => new Int32Array(0));
    readHomes('', arrays);
    expect(arrays.every((a) => a.length === 0)).toBe(true);
  });
});
