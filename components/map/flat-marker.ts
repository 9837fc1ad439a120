import L from 'leaflet';

/**
 * A Leaflet marker placed by a 2D transform. Leaflet places every marker with `translate3d`, and a 3D transform makes
 * the browser give the element a compositing layer of its own: at street zoom the map search drew 430-odd bubbles and
 * 50 business-area labels as 461 layers, and every frame after a drag paid for them (layerizing, committing and hit
 * testing them was a good part of its long tasks; docs/performance.md, "Dragging at street zoom"). Placed in 2D they
 * paint into their pane's one layer, which the drag moves as before; a zoom still animates them (Leaflet's transition
 * is on `transform`, 2D or 3D).
 */
const FlatMarker = L.Marker.extend({
  _setPos(this: L.Marker, pos: L.Point) {
    // Leaflet's own first: it keeps the position for later reads and sets the z-index by it.
    (L.Marker.prototype as unknown as { _setPos(this: L.Marker, p: L.Point): void })._setPos.call(this, pos);
    const icon = this.getElement();
    if (icon) icon.style.transform = `translate(${pos.x}px, ${pos.y}px)`;
  },
}) as unknown as new (at: L.LatLngExpression, options?: L.MarkerOptions) => L.Marker;

export function flatMarker(at: L.LatLngExpression, options?: L.MarkerOptions): L.Marker {
  return new FlatMarker(at, options);
}
