import L from 'leaflet';
import type { MapBasemap } from '@contracts/map';
import { configuredTiles, DATA_DATUM, datumShift, type TileSource } from './datum';

/**
 * The base layer of every map (the map search and a detail page's map): with a tile source set
 * (NEXT_PUBLIC_MAP_TILES, docs/deploy.md) its tiles; without one the city's district outlines, drawn from
 * `/v1/ditu/basemap`. The seeded subway lines are drawn over either. Coordinates stay the data's (WGS-84) in
 * every layer: when the tiles are in another datum the map's CRS shifts each point on its way to the screen (and
 * back for a click or a drawn corner), so bubbles, pins and drawn areas need no conversion of their own.
 */

/** Web Mercator, or Web Mercator of the tiles' datum when it is not the data's. */
export function mapCrs(tiles: TileSource | null = configuredTiles()): L.CRS {
  const shift = datumShift(DATA_DATUM, tiles?.datum ?? null);
  if (!shift) return L.CRS.EPSG3857;
  const mercator = L.Projection.SphericalMercator;
  const projection: L.Projection = {
    bounds: mercator.bounds,
    project: (ll) => {
      const [lng, lat] = shift.forward([ll.lng, ll.lat]);
      return mercator.project(L.latLng(lat, lng));
    },
    unproject: (p) => {
      const ll = mercator.unproject(p);
      const [lng, lat] = shift.back([ll.lng, ll.lat]);
      return L.latLng(lat, lng);
    },
  };
  return L.Util.extend({}, L.CRS.EPSG3857, { projection }) as L.CRS;
}

export function addBaseLayer(map: L.Map, basemap: MapBasemap, tiles: TileSource | null = configuredTiles()): L.LayerGroup {
  const base = L.layerGroup().addTo(map);
  if (tiles) {
    L.tileLayer(tiles.url, { subdomains: tiles.subdomains, maxZoom: 18, className: 'map-tiles' }).addTo(base);
    if (tiles.attribution) L.control.attribution({ prefix: false }).addAttribution(tiles.attribution).addTo(map);
  } else {
    for (const d of basemap.districts) {
      for (const polygon of d.polygons) {
        L.polygon(
          polygon.map((ring) => ring.map(([lng, lat]) => [lat, lng] as [number, number])),
          { color: '#7a8ca5', weight: 1, fillColor: '#eef3f8', fillOpacity: 1, interactive: false },
        ).addTo(base);
      }
    }
  }
  for (const line of basemap.lines) {
    L.polyline(
      line.stations.map((s) => [s.lat, s.lng] as [number, number]),
      { color: line.color, weight: 3, opacity: 0.7, interactive: false },
    ).addTo(base);
  }
  return base;
}
