import type L from 'leaflet';

/** A bubble's size as measured, and the shift last written to it. */
interface Placed {
  w: number;
  h: number;
  dx: number;
  dy: number;
}

// Per bubble element: a kept bubble shows the same words for its life (map-search.tsx keys it by what it shows), so
// its size is read once. Reading every bubble's size after each move forced a layout of all of them, and writing
// every bubble's shift, changed or not, had the browser restyle them all: together the largest part of the long
// tasks while dragging at street zoom (docs/performance.md, "Dragging at street zoom").
const placed = new WeakMap<HTMLElement, Placed>();

/**
 * A bubble in view is never cut by the map's edge (issue 22). A bubble is centred on its place, so one whose place
 * is near an edge or just beyond it was drawn half outside the map: at the top edge its centre sat under the filter
 * bar, which took the click. After each move (and each redraw) every bubble that shows at least in part is shifted
 * the least that puts it wholly inside the map; the others stay where they are (they are out of view). Only a shift
 * that changed is written.
 */
export function keepBubblesInside(map: L.Map, markers: Iterable<L.Marker>): void {
  const size = map.getSize();
  const boxes: { box: HTMLElement; x: number; y: number }[] = [];
  for (const marker of markers) {
    const box = marker.getElement()?.firstElementChild;
    if (!(box instanceof HTMLElement)) continue;
    const at = map.latLngToContainerPoint(marker.getLatLng());
    boxes.push({ box, x: at.x, y: at.y });
  }
  // The sizes not known yet are all read before any shift is written: one layout, not one per bubble. A bubble not
  // laid out (0 × 0: the map hidden) is measured again next time (it needs no shift).
  const sizes = boxes.map(({ box }) => placed.get(box) ?? { w: box.offsetWidth, h: box.offsetHeight, dx: 0, dy: 0 });
  boxes.forEach(({ box, x, y }, i) => {
    const at = sizes[i]!;
    if (at.w > 0 && at.h > 0) placed.set(box, at);
    const left = x - at.w / 2;
    const top = y - at.h / 2;
    const shows = left < size.x && left + at.w > 0 && top < size.y && top + at.h > 0;
    const dx = Math.round(!shows ? 0 : left < 0 ? -left : left + at.w > size.x ? size.x - left - at.w : 0);
    const dy = Math.round(!shows ? 0 : top < 0 ? -top : top + at.h > size.y ? size.y - top - at.h : 0);
    // A bubble never shifted has none written (the stylesheet's 0px).
    if (dx !== at.dx) box.style.setProperty('--edge-x', `${dx}px`);
    if (dy !== at.dy) box.style.setProperty('--edge-y', `${dy}px`);
    at.dx = dx;
    at.dy = dy;
  });
}
