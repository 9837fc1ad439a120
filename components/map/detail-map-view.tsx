'use client';
import 'leaflet/dist/leaflet.css';
import './detail-map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapNearby } from '@contracts/map';
import { addBaseLayer, mapCrs } from './base-layer';
import { useBasemap } from './use-basemap';

export interface DetailMapViewProps {
  cityCode: string;
  lat: number;
  lng: number;
  name: string;
  /** The stations and places to mark; null until they have come. */
  nearby: MapNearby | null;
}

const ZOOM = 15;
const COLOURS = { stations: '#1f6fd1', schools: '#2f9e44', hospitals: '#d6336c', shopping: '#e67700' } as const;
const KINDS = Object.keys(COLOURS) as (keyof typeof COLOURS)[];

/** A label whose text is the name as text: names come from the database and are never read as HTML. */
function label(text: string, className: string): HTMLElement {
  const e = document.createElement('span');
  e.className = className;
  e.textContent = text;
  return e;
}

/** The Leaflet map of a detail page (components/detail/detail-map.tsx loads it when it scrolls into view). */
export function DetailMapView({ cityCode, lat, lng, name, nearby }: DetailMapViewProps) {
  const holder = useRef<HTMLDivElement>(null);
  const marks = useRef<L.LayerGroup | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const basemap = useBasemap(cityCode);

  // The map: made in an effect and removed in its cleanup (a fresh one on React's second mount in development).
  useEffect(() => {
    if (!basemap || !holder.current) return;
    const map = L.map(holder.current, {
      crs: mapCrs(),
      attributionControl: false,
      // SVG: a few dozen marks, each a focusable-free path with its tooltip (the map search draws hundreds on canvas).
      preferCanvas: false,
      scrollWheelZoom: false,
      minZoom: 11,
      maxZoom: 18,
      // Half steps: the 3 km circle then fills the frame instead of its middle third.
      zoomSnap: 0.5,
    });
    mapRef.current = map;
    addBaseLayer(map, basemap);
    marks.current = L.layerGroup().addTo(map);
    const pin = L.divIcon({
      className: 'detail-map__pin',
      // A fixed shape, no data: the name goes in the tooltip as text.
      html: '<span class="detail-map__pin-head"></span>',
      iconSize: [22, 30],
      iconAnchor: [11, 30],
    });
    L.marker([lat, lng], { icon: pin, keyboard: false, interactive: false })
      .bindTooltip(label(name, 'detail-map__pin-label'), { permanent: true, direction: 'top', offset: [0, -30] })
      .addTo(map);
    map.setView([lat, lng], ZOOM);
    return () => {
      map.remove();
      mapRef.current = null;
      marks.current = null;
    };
  }, [basemap, lat, lng, name]);

  useEffect(() => {
    const layer = marks.current;
    const map = mapRef.current;
    if (!layer || !map || !nearby) return;
    layer.clearLayers();
    // The radius looked in, and the view fitted to it: every listed place is on the map.
    L.circle([lat, lng], {
      radius: nearby.radius,
      color: '#e4393c',
      weight: 1,
      dashArray: '4 6',
      fill: false,
      interactive: false,
    }).addTo(layer);
    const dLat = (nearby.radius / 111_195) * 1.05;
    const dLng = dLat / Math.cos((lat * Math.PI) / 180);
    map.fitBounds([
      [lat - dLat, lng - dLng],
      [lat + dLat, lng + dLng],
    ]);
    for (const kind of KINDS) {
      for (const p of nearby[kind]) {
        L.circleMarker([p.lat, p.lng], { radius: 6, color: '#fff', weight: 2, fillColor: COLOURS[kind], fillOpacity: 1 })
          .bindTooltip(label(p.name, 'detail-map__place-label'), { direction: 'top' })
          .addTo(layer);
      }
    }
  }, [nearby, basemap, lat, lng]);

  return <div ref={holder} className="detail-map__canvas" data-testid="detail-map-canvas" />;
}
