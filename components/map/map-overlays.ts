import L from 'leaflet';
import type { MapBasemap } from '@contracts/map';
import type { MapCommute } from '@contracts/map-commute';
import { flatMarker } from './flat-marker';
import { mapMessages as M } from './map-messages';

/**
 * What the map draws over its base beside the bubbles: the chosen subway line and station, the area a commute
 * reaches, and the business-area labels. Plain functions on a layer, so map-search.tsx only calls them.
 */

type Line = MapBasemap['lines'][number];

/** How far the homes of a station are: the seed's nearest station is within this walk (seed-homes.ts). */
export const WALK_METRES = 1500;

function label(text: string, className: string): L.DivIcon {
  const span = document.createElement('span');
  span.className = className;
  // Text only: names come from the database and are never read as HTML.
  span.textContent = text;
  return L.divIcon({ html: span, className: 'map-label-icon', iconSize: undefined });
}

/** The line in its colour, its stations named, the chosen station ringed with its walking distance. */
export function drawSubwayLine(layer: L.LayerGroup, line: Line, stationId: number | null): void {
  layer.clearLayers();
  const points = line.stations.map((s) => [s.lat, s.lng] as [number, number]);
  L.polyline(points, { color: line.color, weight: 7, opacity: 0.9, interactive: false }).addTo(layer);
  line.stations.forEach((s, i) => {
    const chosen = s.id === stationId;
    if (chosen) {
      L.circle([s.lat, s.lng], {
        radius: WALK_METRES,
        color: line.color,
        weight: 1,
        fillOpacity: 0.08,
        interactive: false,
      }).addTo(layer);
    }
    L.circleMarker([s.lat, s.lng], {
      radius: chosen ? 9 : 5,
      color: chosen ? '#e4393c' : line.color,
      weight: chosen ? 4 : 2,
      fillColor: '#fff',
      fillOpacity: 1,
      interactive: false,
    }).addTo(layer);
    // Names alternate below and above the line, so that close stations in the centre do not print over each other.
    flatMarker([s.lat, s.lng], {
      icon: label(s.name, `map-station-label${i % 2 ? ' is-above' : ''}${chosen ? ' is-chosen' : ''}`),
      interactive: false,
      keyboard: false,
      zIndexOffset: chosen ? 1000 : 0,
    }).addTo(layer);
  });
}

/** The area a commute reaches: round each station reached, the walk left there; the workplace pinned. */
export function drawCommute(layer: L.LayerGroup, commute: MapCommute, colourOf: (lineId: number) => string): void {
  layer.clearLayers();
  for (const s of commute.stations) {
    if (s.radius <= 0) continue;
    L.circle([s.lat, s.lng], {
      radius: s.radius,
      stroke: false,
      fillColor: colourOf(s.lineId),
      fillOpacity: 0.18,
      interactive: false,
    }).addTo(layer);
  }
  for (const s of commute.stations) {
    L.circleMarker([s.lat, s.lng], { radius: 3, color: colourOf(s.lineId), weight: 2, fillOpacity: 1, interactive: false }).addTo(
      layer,
    );
  }
  const o = commute.origin;
  flatMarker([o.lat, o.lng], {
    icon: label(o.name ?? M.commuteWorkplacePoint, 'map-workplace'),
    interactive: false,
    keyboard: false,
  })
    .addTo(layer)
    .setZIndexOffset(1000);
}

/** Business-area names at their points: a label of the base map, not a control (the bubbles are those). */
export function drawAreaLabels(layer: L.LayerGroup, areas: MapBasemap['areas']): void {
  layer.clearLayers();
  for (const a of areas) {
    flatMarker([a.lat, a.lng], { icon: label(a.name, 'map-area-label'), interactive: false, keyboard: false }).addTo(layer);
  }
}
