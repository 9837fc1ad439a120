'use client';
import L from 'leaflet';
import { useEffect, type RefObject } from 'react';
import type { MapBasemap } from '@contracts/map';
import type { MapCommute } from '@contracts/map-commute';
import type { AreaPoint } from '@contracts/map-constants';
import { drawCommute, drawSubwayLine } from './map-overlays';
import type { MapLayers } from './use-leaflet-map';

/**
 * What the map search draws over the base map besides the bubbles: the chosen subway line (its stations named, the
 * chosen one ringed), the commute's reach, the area being drawn (a dashed line) or the drawn area searched. Drawn
 * again when the map's layers are made (`mapReady`).
 */
export function useMapOverlays({
  layers,
  mapReady,
  chosenLine,
  station,
  commute,
  lineColour,
  drawing,
  area,
}: {
  layers: RefObject<MapLayers | null>;
  mapReady: boolean;
  chosenLine: MapBasemap['lines'][number] | null;
  station: number | null;
  commute: MapCommute | null;
  lineColour: (lineId: number) => string;
  drawing: [number, number][] | null;
  area: AreaPoint[] | null;
}) {
  useEffect(() => {
    const layer = layers.current?.subway;
    if (!layer) return;
    if (chosenLine) drawSubwayLine(layer, chosenLine, station);
    else layer.clearLayers();
  }, [layers, chosenLine, station, mapReady]);

  useEffect(() => {
    const layer = layers.current?.commute;
    if (!layer) return;
    if (commute) drawCommute(layer, commute, lineColour);
    else layer.clearLayers();
  }, [layers, commute, lineColour, mapReady]);

  useEffect(() => {
    const layer = layers.current?.draw;
    if (!layer) return;
    layer.clearLayers();
    const pts = (drawing ?? []).map(([lng, lat]) => [lat, lng] as [number, number]);
    if (drawing && pts.length) L.polyline(pts, { color: '#e4393c', dashArray: '4 4' }).addTo(layer);
    if (!drawing && area) {
      L.polygon(
        area.map(([lng, lat]) => [lat, lng] as [number, number]),
        { color: '#e4393c', fillOpacity: 0.08 },
      ).addTo(layer);
    }
  }, [layers, drawing, area, mapReady]);
}
