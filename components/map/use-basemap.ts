'use client';
import { useEffect, useState } from 'react';
import type { MapBasemap } from '@contracts/map';
import { browserContext } from '@/lib/client/api';
import { fetchMapBasemap } from '@/lib/client/api-endpoints';

/**
 * The city's base map (district outlines, business areas, subway lines) for every map of the site: the map search
 * and a detail page's map. Null until it has come; a failed call leaves it null (the map is then not drawn).
 */
export function useBasemap(cityCode: string): MapBasemap | null {
  const [basemap, setBasemap] = useState<MapBasemap | null>(null);
  useEffect(() => {
    let live = true;
    fetchMapBasemap(browserContext(), cityCode)
      .then((b) => live && setBasemap(b))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [cityCode]);
  return basemap;
}
