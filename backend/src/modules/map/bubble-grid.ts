import type { MapBounds } from '@contracts/map';

/**
 * Where the bubbles of a list are, by square cells of GRID_DEG degrees, so that a view or a drawn area looks only at
 * the bubbles of the cells it covers instead of at every community of the city: 北京 has thousands of communities
 * with homes, a drawn area a few dozen. Profiled on the 200k bench (2026-11-28), the walk over the whole list was 11 %
 * of the backend's time on drawn areas. The positions come back in the list's own order (most homes first), so a
 * caller's limit keeps the same bubbles as the walk over the whole list did.
 */

/** ≈ 2 km: a drawn area (at most a few km across) covers a handful of cells, a street-zoom view a few dozen. */
const GRID_DEG = 0.02;
/** A box over more cells than this (a whole city at a low zoom) is answered by the walk over the whole list. */
const MAX_CELLS = 400;

const cellOf = (lng: number, lat: number) => cellKey(Math.floor(lng / GRID_DEG), Math.floor(lat / GRID_DEG));
const cellKey = (x: number, y: number) => (x + 20_000) * 40_000 + (y + 20_000);

export type BubbleGrid = Map<number, number[]>;

/** The positions in `points` of the points in each cell, each cell's in ascending order. */
export function bubbleGrid(points: readonly { lat: number; lng: number }[]): BubbleGrid {
  const grid: BubbleGrid = new Map();
  points.forEach((p, i) => {
    const key = cellOf(p.lng, p.lat);
    const cell = grid.get(key);
    if (cell) cell.push(i);
    else grid.set(key, [i]);
  });
  return grid;
}

/**
 * The positions, ascending, of the points in the cells `box` touches (a superset of those inside it: the caller
 * still tests each point), or null when the box covers more than MAX_CELLS cells.
 */
export function positionsNear(grid: BubbleGrid, box: MapBounds): number[] | null {
  const x0 = Math.floor(box.west / GRID_DEG);
  const x1 = Math.floor(box.east / GRID_DEG);
  const y0 = Math.floor(box.south / GRID_DEG);
  const y1 = Math.floor(box.north / GRID_DEG);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) return null;
  const found: number[] = [];
  for (let x = x0; x <= x1; x++)
    for (let y = y0; y <= y1; y++) {
      const cell = grid.get(cellKey(x, y));
      if (cell) for (const i of cell) found.push(i);
    }
  return found.sort((a, b) => a - b);
}
