'use client';
import L from 'leaflet';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type { MapBasemap } from '@contracts/map';
import { MAP_BOUNDS_MAX_DEGREES_CLIENT, MAP_ZOOM } from '@contracts/map-constants';
import type { MapViewBox } from '@/lib/swr/use-map-bubbles';
import { addBaseLayer, mapCrs } from './base-layer';
import { drawAreaLabels } from './map-overlays';
import type { MapSearchInfo } from './map-state';

/** The map's own layers, bottom to top: the commute's reach, the chosen subway line, the bubbles, the drawn area. */
export interface MapLayers {
  commute: L.LayerGroup;
  subway: L.LayerGroup;
  bubbles: L.LayerGroup;
  draw: L.LayerGroup;
}

/** Where the map looks after a move: its zoom, its box (a new one after every move) and the box bubbles are asked for. */
export interface MapView extends MapViewBox {
  key: string;
}

/** What the map tells its page, and asks of it. The latest of each is called (they may change between renders). */
export interface LeafletMapEvents {
  /** The state the map starts from: its place, or the drawn area to fit. */
  start: () => MapSearchInfo;
  /** The map has moved (pan, zoom, fit). */
  moved: (centre: { lat: number; lng: number }, zoom: number) => void;
  /** A click on the map itself, not on a bubble. */
  clicked: (at: { lat: number; lng: number }) => void;
  /** The page is being left (`false`) or the map removed (`true`): see useMapUrlState's settlePlace. */
  settle: (drop: boolean) => void;
}

/** The view to ask bubbles for: the map's bounds, clipped to the city and to the largest box the API takes. */
function viewBounds(map: L.Map, city: MapBasemap['bounds']): MapViewBox['bounds'] {
  const b = map.getBounds();
  const west = Math.max(b.getWest(), city.west - 0.2);
  const east = Math.min(b.getEast(), city.east + 0.2);
  const south = Math.max(b.getSouth(), city.south - 0.2);
  const north = Math.min(b.getNorth(), city.north + 0.2);
  if (west >= east || south >= north) return undefined;
  const c = map.getCenter();
  const half = MAP_BOUNDS_MAX_DEGREES_CLIENT / 2;
  return {
    west: Math.max(west, c.lng - half),
    east: Math.min(east, c.lng + half),
    south: Math.max(south, c.lat - half),
    north: Math.min(north, c.lat + half),
  };
}

/**
 * The Leaflet map of the map search on `holder`, once the city's base map has come: its base layer, the area labels
 * at street zoom, its own layers (`layers`) and its view (`view`, null until the first). Made in an effect and removed
 * in its cleanup, so React's second mount in development (strict mode) makes a fresh one on the same element; the
 * layers live in refs of this instance only.
 */
export function useLeafletMap(
  holder: RefObject<HTMLDivElement | null>,
  /** Where the map made is kept for its page (null while there is none). */
  mapRef: RefObject<L.Map | null>,
  basemap: MapBasemap | null,
  events: LeafletMapEvents,
) {
  const layers = useRef<MapLayers | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  // Leaflet's handlers are bound once per map: they call the latest of the page's.
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!basemap || !holder.current) return;
    const start = eventsRef.current.start();
    const b = basemap.bounds;
    const map = L.map(holder.current, {
      minZoom: MAP_ZOOM.min,
      maxZoom: MAP_ZOOM.max,
      maxBounds: L.latLngBounds([b.south - 0.5, b.west - 0.5], [b.north + 0.5, b.east + 0.5]),
      attributionControl: false,
      crs: mapCrs(),
      preferCanvas: true,
      zoomSnap: 1,
    });
    mapRef.current = map;
    // The base layer: tiles when a source is set, else the district outlines; the subway over it (base-layer.ts).
    addBaseLayer(map, basemap);
    // Business-area names label the base map where communities are drawn (below that zoom the area bubbles name them).
    const labels = L.layerGroup();
    drawAreaLabels(labels, basemap.areas);
    layers.current = {
      commute: L.layerGroup().addTo(map),
      subway: L.layerGroup().addTo(map),
      bubbles: L.layerGroup().addTo(map),
      draw: L.layerGroup().addTo(map),
    };
    const report = () => {
      const c = map.getCenter();
      const z = map.getZoom();
      if (z >= MAP_ZOOM.community) labels.addTo(map);
      else labels.remove();
      // Station names of a chosen line from the business-area zoom on; further out they would print over each other.
      map.getContainer().classList.toggle('is-near', z >= MAP_ZOOM.area);
      eventsRef.current.moved({ lat: c.lat, lng: c.lng }, z);
      // The bubbles of the view are asked for after a render that may yield to the drag's next events.
      const bounds = viewBounds(map, basemap.bounds);
      startTransition(() => setView({ zoom: z, key: map.getBounds().toBBoxString(), bounds }));
    };
    // A page left before the place is written (a reload, a link out) keeps the place it shows.
    const writeNow = () => eventsRef.current.settle(false);
    window.addEventListener('pagehide', writeNow);
    map.on('moveend', report);
    map.on('click', (e: L.LeafletMouseEvent) => eventsRef.current.clicked({ lat: e.latlng.lat, lng: e.latlng.lng }));
    // A drawn area's address (a saved 订阅's link) need not say where to look: the map shows the area.
    if (start.area && !start.centre)
      map.fitBounds(L.latLngBounds(start.area.map(([lng, lat]) => [lat, lng] as [number, number])), { padding: [40, 40] });
    else
      map.setView(
        start.centre ? [start.centre.lat, start.centre.lng] : [basemap.centre.lat, basemap.centre.lng],
        start.zoom ?? 11,
      );
    return () => {
      // A place not written yet is dropped: by now the URL may be another page's (a link followed in the app).
      eventsRef.current.settle(true);
      window.removeEventListener('pagehide', writeNow);
      map.off();
      map.remove();
      mapRef.current = null;
      layers.current = null;
    };
  }, [basemap, holder, mapRef]);

  return { layers, view };
}
