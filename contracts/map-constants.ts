/** 地图找房's constants without zod, for the browser (contracts/map.ts has the schemas). */

/** The map's channels and the spec's `/map?type=`: 0 二手房, 1 新房, 2 租房. */
export const MAP_CHANNELS = ['esf', 'new', 'rent'] as const;
export type MapChannel = (typeof MAP_CHANNELS)[number];

/** Zoom levels (Web Mercator, as Leaflet counts them) where the bubbles change from one kind of place to the next. */
export const MAP_ZOOM = { min: 9, max: 18, area: 13, community: 15 } as const;
export type BubbleLevel = 'district' | 'area' | 'community' | 'project';

/** What a zoom shows: districts up to 12, business areas 13–14, then communities (projects on 新房). */
export function bubbleLevelOf(channel: MapChannel, zoom: number): BubbleLevel {
  if (zoom < MAP_ZOOM.area) return 'district';
  if (zoom < MAP_ZOOM.community) return 'area';
  return channel === 'new' ? 'project' : 'community';
}

/** The largest box of the map the browser asks bubbles for, degrees a side (contracts/map.ts refuses more than 3). */
export const MAP_BOUNDS_MAX_DEGREES_CLIENT = 2.8;

/** 通勤找房's times (minutes by subway plus walking), contracts/map-commute.ts. */
export const COMMUTE_MINUTES = [15, 30, 45] as const;
