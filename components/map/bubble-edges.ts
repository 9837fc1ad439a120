import type L from 'leaflet';

/**
 * A bubble in view is never cut by the map's edge (issue 22). A bubble is centred on its place, so one whose place
 * is near an edge or just beyond it was drawn half outside the map: at the top edge its centre sat under the filter
 * bar, which took the click. After each move (and each redraw) every bubble that shows at least in part is shifted
 * the least that puts it wholly inside the map; the others stay where they are (they are out of view).
 */
export function keepBubblesInside(map: L.Map, markers: Iterable<L.Marker>): void {
  const size = map.getSize();
  // All sizes are read before any shift is written: one layout, not one per bubble.
  const boxes: { box: HTMLElement; x: number; y: number; w: number; h: number }[] = [];
  for (const marker of markers) {
    const box = marker.getElement()?.firstElementChild;
    if (!(box instanceof HTMLElement)) continue;
    const at = map.latLngToContainerPoint(marker.getLatLng());
    boxes.push({ box, x: at.x, y: at.y, w: box.offsetWidth, h: box.offsetHeight });
  }
  for (const { box, x, y, w, h } of boxes) {
    const left = x - w / 2;
    const top = y - h / 2;
    const shows = left < size.x && left + w > 0 && top < size.y && top + h > 0;
    const dx = !shows ? 0 : left < 0 ? -left : left + w > size.x ? size.x - left - w : 0;
    const dy = !shows ? 0 : top < 0 ? -top : top + h > size.y ? size.y - top - h : 0;
    box.style.setProperty('--edge-x', `${Math.round(dx)}px`);
    box.style.setProperty('--edge-y', `${Math.round(dy)}px`);
  }
}
