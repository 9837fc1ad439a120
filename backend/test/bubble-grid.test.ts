import { describe, expect, it } from 'vitest';
import { Prng } from '../src/db/prng';
import { bubbleGrid, positionsNear } from '../src/modules/map/bubble-grid';

/** map/bubble-grid.ts: a view's or drawn area's communities from the cells it covers, as the walk over all found them. */
describe('bubble grid', () => {
  const rng = new Prng(20261128);
  // 5,000 points over 北京's box, in a list order of their own.
  const points = Array.from({ length: 5000 }, () => ({ lng: 115.4 + rng.next() * 2.1, lat: 39.4 + rng.next() * 1.6 }));
  const grid = bubbleGrid(points);
  const inside = (p: { lng: number; lat: number }, b: { west: number; east: number; south: number; north: number }) =>
    p.lng >= b.west && p.lng <= b.east && p.lat >= b.south && p.lat <= b.north;

  it('finds every point inside a box, in the list’s order, for boxes from a street to a district, edges on cell lines too', () => {
    for (let i = 0; i < 300; i++) {
      const w = 0.001 + rng.next() * 0.3;
      const h = 0.001 + rng.next() * 0.2;
      const west = i % 10 === 0 ? 116.4 : 115.4 + rng.next() * 1.8;
      const south = i % 10 === 0 ? 39.9 : 39.4 + rng.next() * 1.4;
      const box = { west, east: west + w, south, north: south + h };
      const near = positionsNear(grid, box);
      expect(near).not.toBeNull();
      const found = near!.filter((j) => inside(points[j]!, box));
      const all = points.flatMap((p, j) => (inside(p, box) ? [j] : []));
      expect(found).toEqual(all);
      expect(near).toEqual([...near!].sort((a, b) => a - b));
    }
  });

  it('leaves a box over a whole city to the walk over the list', () => {
    expect(positionsNear(grid, { west: 115.4, east: 117.5, south: 39.4, north: 41 })).toBeNull();
  });
});
