'use client';
import dynamic from 'next/dynamic';
import type { MapSearchProps } from './map-search';

/**
 * The map's JavaScript (Leaflet and the map search) loads only here, in the browser: a map route's page is a
 * shell for everyone, and no other route's first-load JavaScript carries it.
 */
const MapSearch = dynamic(() => import('./map-search').then((m) => m.MapSearch), {
  ssr: false,
  loading: () => <div className="map-search map-search--loading" aria-busy="true" />,
});

export function MapSearchLoader(props: MapSearchProps) {
  return <MapSearch {...props} />;
}
