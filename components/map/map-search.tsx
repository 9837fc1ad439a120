'use client';
import 'leaflet/dist/leaflet.css';
import './map-search.css';
import L from 'leaflet';
import Link from 'next/link';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { AlertSearchAdd } from '@contracts/alerts';
import { detailPath } from '@contracts/channels';
import type { MapArea, MapBasemap, MapBubble, MapBubbles, MapSuggestion } from '@contracts/map';
import type { MapCommute } from '@contracts/map-commute';
import {
  bubbleLevelOf,
  formatDrawnArea,
  MAP_BOUNDS_MAX_DEGREES_CLIENT,
  MAP_ZOOM,
  ringAreaKm2,
  roundAreaPoint,
  type MapChannel,
} from '@contracts/map-constants';
import { SUBSCRIBE_HASH, SubscribeButton } from '@/components/alerts/subscribe-button';
import { browserContext } from '@/lib/client/api';
import {
  fetchChannelConditions,
  fetchChannelList,
  fetchMapArea,
  fetchMapBubbles,
  fetchMapCommute,
  fetchMapRecommends,
} from '@/lib/client/api-endpoints';
import { addBaseLayer, mapCrs } from './base-layer';
import { keepBubblesInside } from './bubble-edges';
import { flatMarker } from './flat-marker';
import { CommuteBar } from './map-commute';
import { useBasemap } from './use-basemap';
import { mapMessages as M } from './map-messages';
import { drawAreaLabels, drawCommute, drawSubwayLine } from './map-overlays';
import { formatMapSearch, MAP_FILTER_KEYS, parseMapSearch, type MapCommuteInfo, type MapSearchInfo } from './map-state';
import { SubwayPicker } from './map-subway';

export interface MapSearchProps {
  cityCode: string;
  /** The city's name: a drawn area's 订阅 is named `北京二手房 · 画圈区域 · …` as a list's is. */
  cityName: string;
  /** The channels this route offers; the first is the default (a tab bar when more than one). */
  channels: readonly MapChannel[];
  /** `full`: the map fills the page, a community's list opens beside it; `list`: the list always beside the map. */
  layout: 'full' | 'list';
}

interface ListItem {
  id: number;
  title?: string;
  name?: string;
  communityName?: string;
  districtName?: string;
  businessAreaName?: string;
  rooms?: number;
  halls?: number;
  area?: number;
  totalPrice?: number;
  unitPrice?: number;
  monthlyRent?: number;
  avgPrice?: number | null;
  saleStatus?: number;
  address?: string;
}
interface ListState {
  total: number;
  list: ListItem[];
  title: string;
  /** The request it answers: a list of an earlier choice is not shown for the next. */
  key?: string;
}
type Option = { code: number; label: string };

const PAGE_SIZE = 10;
/** How long the map rests after a pan or zoom before its place is written to the URL (see `report`). */
const PLACE_WRITE_MS = 400;
/** The longest slice of building and removing bubble markers before the browser gets its turn (the bubbles effect),
 * and the most bubbles of one slice: the frame after it lays them out. */
const BUBBLE_SLICE_MS = 12;
const BUBBLE_SLICE_MAX = 80;
/** Where each kind of bubble leads on a click: the zoom that shows what is inside it. */
const ZOOM_INTO = { district: MAP_ZOOM.area, area: MAP_ZOOM.community } as const;

function el(tag: string, className: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  // Text only: names come from the database and are never read as HTML.
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The view to ask bubbles for: the map's bounds, clipped to the city and to the largest box the API takes. */
function viewBounds(map: L.Map, city: MapBasemap['bounds']) {
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

function itemLine(channel: MapChannel, x: ListItem): { title: string; facts: string; price: string } {
  if (channel === 'new') {
    return {
      title: x.name ?? '',
      facts: [M.saleStatus[x.saleStatus ?? 0], x.districtName, x.businessAreaName].filter(Boolean).join(' · '),
      price: M.avgPrice(x.avgPrice ?? null, 'new'),
    };
  }
  const facts = [`${x.rooms ?? 0}室${x.halls ?? 0}厅`, `${x.area ?? 0}㎡`, x.communityName].filter(Boolean).join(' · ');
  return {
    title: x.title ?? '',
    facts,
    price: channel === 'rent' ? `${x.monthlyRent ?? 0}元/月` : `${x.totalPrice ?? 0}万 · ${x.unitPrice ?? 0}元/㎡`,
  };
}

export function MapSearch({ cityCode, cityName, channels, layout }: MapSearchProps) {
  const holder = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const bubbleLayer = useRef<L.LayerGroup | null>(null);
  const drawLayer = useRef<L.LayerGroup | null>(null);
  const subwayLayer = useRef<L.LayerGroup | null>(null);
  const commuteLayer = useRef<L.LayerGroup | null>(null);
  const [info, setInfo] = useState<MapSearchInfo>(() => parseMapSearch(window.location.search, channels));
  // The latest state for Leaflet's handlers, which are bound once per map: `go` writes it with every change.
  const infoRef = useRef(info);
  const basemap = useBasemap(cityCode);
  const [view, setView] = useState<{ zoom: number; key: string } | null>(null);
  const [bubbles, setBubbles] = useState<MapBubbles | null>(null);
  // The channel's filter options, with the channel they are of (a drawn area's 订阅 names its filters by them).
  const [conditionsOf, setConditions] = useState<{ channel: MapChannel; rows: Record<string, Option[]> } | null>(null);
  const [list, setList] = useState<ListState | null>(null);
  const [listError, setListError] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [suggestions, setSuggestions] = useState<MapSuggestion[]>([]);
  const [drawing, setDrawing] = useState<[number, number][] | null>(null);
  const drawingRef = useRef(drawing);
  const draw = useCallback((points: [number, number][] | null) => {
    drawingRef.current = points;
    setDrawing(points);
  }, []);
  // The drawn area's answer (or its error) with the request it answers, as the commute's.
  const [areaAnswer, setAreaAnswer] = useState<{ key: string; data?: MapArea; error?: string } | null>(null);
  // The commute's answer (or its error) with the request it answers: one of an earlier choice is not shown.
  const [commuteAnswer, setCommuteAnswer] = useState<{ key: string; data?: MapCommute; error?: string } | null>(null);
  const { channel, filters, selected, page, line, station, commute } = info;
  const conditions = conditionsOf?.channel === channel ? conditionsOf.rows : {};

  // A pan's or zoom's place waiting to be written to the URL (`report`); any other state written first takes it along.
  const placeWrite = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPlaceWrite = useCallback(() => {
    if (placeWrite.current !== null) clearTimeout(placeWrite.current);
    placeWrite.current = null;
  }, []);

  /** A new state: written to the URL (a new history entry when `push`), the map moved to its view if it has one. */
  const go = useCallback(
    (next: MapSearchInfo, push: boolean) => {
      cancelPlaceWrite();
      // 订阅's way back from the login (#dingyue) stays until its button has read it.
      const hash = window.location.hash === SUBSCRIBE_HASH ? SUBSCRIBE_HASH : '';
      const url = `${window.location.pathname}${formatMapSearch(next)}${hash}`;
      if (push) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      infoRef.current = next;
      setInfo(next);
    },
    [cancelPlaceWrite],
  );

  const flyTo = useCallback(
    (lat: number, lng: number, zoom: number, patch: Partial<MapSearchInfo> = {}) => {
      const next = { ...infoRef.current, ...patch, centre: { lat, lng }, zoom };
      go(next, true);
      mapRef.current?.setView([lat, lng], zoom);
    },
    [go],
  );

  // The map itself: made in an effect and removed in its cleanup, so React's second mount in development (strict
  // mode) makes a fresh one on the same element; the layers live in refs of this instance only.
  useEffect(() => {
    if (!basemap || !holder.current) return;
    const start = infoRef.current;
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
    commuteLayer.current = L.layerGroup().addTo(map);
    subwayLayer.current = L.layerGroup().addTo(map);
    bubbleLayer.current = L.layerGroup().addTo(map);
    drawLayer.current = L.layerGroup().addTo(map);
    const report = () => {
      const c = map.getCenter();
      const z = map.getZoom();
      if (z >= MAP_ZOOM.community) labels.addTo(map);
      else labels.remove();
      // Station names of a chosen line from the business-area zoom on; further out they would print over each other.
      map.getContainer().classList.toggle('is-near', z >= MAP_ZOOM.area);
      const now = infoRef.current;
      // Panning and zooming replace the entry: back goes to the last place chosen, not every drag. The place is
      // written once the map has rested PLACE_WRITE_MS: a history write makes Next's router render the page again
      // (it follows pushState and replaceState), and in the drag's own task it helped make it a long one
      // (docs/performance.md, "Dragging at street zoom"). The handlers read the place from infoRef at once.
      if (!now.centre || Math.abs(now.centre.lat - c.lat) > 1e-5 || Math.abs(now.centre.lng - c.lng) > 1e-5 || now.zoom !== z) {
        infoRef.current = { ...now, centre: { lat: c.lat, lng: c.lng }, zoom: z };
        cancelPlaceWrite();
        placeWrite.current = setTimeout(() => startTransition(() => go(infoRef.current, false)), PLACE_WRITE_MS);
      }
      // The bubbles of the view are asked for after a render that may yield to the drag's next events.
      startTransition(() => setView({ zoom: z, key: map.getBounds().toBBoxString() }));
    };
    // A page left before the write (a reload, a link out) keeps the place it shows.
    const writeNow = () => {
      if (placeWrite.current !== null) go(infoRef.current, false);
    };
    window.addEventListener('pagehide', writeNow);
    map.on('moveend', report);
    map.on('click', (e: L.LeafletMouseEvent) => {
      if (drawingRef.current) draw([...drawingRef.current, [e.latlng.lng, e.latlng.lat]]);
      else if (infoRef.current.commute) {
        // 通勤找房: a point clicked is the workplace.
        const at = { lat: e.latlng.lat, lng: e.latlng.lng };
        go({ ...infoRef.current, commute: { ...infoRef.current.commute, stationId: null, at }, page: 1 }, true);
      }
    });
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
      cancelPlaceWrite();
      window.removeEventListener('pagehide', writeNow);
      map.off();
      map.remove();
      mapRef.current = null;
      bubbleLayer.current = null;
      drawLayer.current = null;
      subwayLayer.current = null;
      commuteLayer.current = null;
    };
  }, [basemap, go, draw, cancelPlaceWrite]);

  // Back and forward: the URL's state, and the map to its view.
  useEffect(() => {
    const onPop = () => {
      cancelPlaceWrite();
      const next = parseMapSearch(window.location.search, channels);
      infoRef.current = next;
      setInfo(next);
      if (next.centre && next.zoom !== null) mapRef.current?.setView([next.centre.lat, next.centre.lng], next.zoom);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [channels, cancelPlaceWrite]);

  useEffect(() => {
    let live = true;
    fetchChannelConditions(browserContext(), channel, cityCode)
      .then((c) => live && setConditions({ channel, rows: c as Record<string, Option[]> }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [channel, cityCode]);

  // The subway choice narrows bubbles and list alike: the list's own lineId/stationId (homes whose nearest station it is).
  const filterKey = JSON.stringify({ ...filters, ...(station ? { stationId: station } : line ? { lineId: line } : {}) });
  // The bubbles of the view.
  useEffect(() => {
    const map = mapRef.current;
    if (!view || !map || !basemap) return;
    let live = true;
    const bounds = viewBounds(map, basemap.bounds);
    const level = bubbleLevelOf(channel, view.zoom);
    if (!bounds && (level === 'community' || level === 'project')) {
      setBubbles({ level, total: 0, list: [] });
      return;
    }
    fetchMapBubbles(browserContext(), {
      cityCode,
      channelCode: channel,
      zoom: view.zoom,
      bounds,
      filters: JSON.parse(filterKey) as Record<string, number>,
    } as never)
      .then((b) => live && setBubbles(b))
      .catch(() => live && setBubbles(null));
    return () => {
      live = false;
    };
  }, [view, channel, cityCode, filterKey, basemap]);

  // Bubbles as markers; a click zooms into a district or an area, and opens a community's (project's) list. A drag at
  // street zoom brings hundreds of bubbles, most of them the ones already drawn: those are kept (by what they show), so
  // only the new ones are built; rebuilding all of them after each drag was a long task (docs/performance.md).
  const drawnBubbles = useRef<{ layer: L.LayerGroup | null; markers: Map<string, L.Marker> }>({
    layer: null,
    markers: new Map(),
  });
  const onBubbleRef = useRef<(level: MapBubbles['level'], b: MapBubble) => void>(() => undefined);
  // Kept markers call the latest handler (the zoom and the navigation it uses may change between draws).
  useEffect(() => {
    onBubbleRef.current = (level, b) => {
      if (drawingRef.current) return;
      if (level === 'district' || level === 'area') flyTo(b.lat, b.lng, ZOOM_INTO[level], { selected: null, page: 1 });
      else go({ ...infoRef.current, selected: b.id, page: 1 }, true);
    };
  }, [flyTo, go]);
  useEffect(() => {
    const layer = bubbleLayer.current;
    if (!layer) return;
    const drawn = drawnBubbles.current;
    if (drawn.layer !== layer) drawn.markers = new Map();
    drawn.layer = layer;
    const level = bubbles?.level;
    const wanted = new Map<string, MapBubble>();
    for (const b of bubbles?.list ?? []) {
      const isSelected = selected === b.id && level !== 'district' && level !== 'area';
      wanted.set(`${channel}|${level}|${b.id}|${b.name}|${b.count}|${b.avgPrice}|${isSelected}`, b);
    }
    const remove = (key: string) => () => {
      const marker = drawn.markers.get(key);
      if (marker) layer.removeLayer(marker);
      drawn.markers.delete(key);
      return undefined;
    };
    const add = (key: string, b: MapBubble, level: MapBubbles['level']) => () => {
      const isSelected = key.endsWith('|true');
      const box = el('div', `map-bubble map-bubble--${level}${isSelected ? ' is-selected' : ''}`);
      box.dataset.testid = `bubble-${level}`;
      box.appendChild(el('span', 'map-bubble__name', b.name));
      if (level === 'project') box.appendChild(el('span', 'map-bubble__price', M.avgPrice(b.avgPrice, 'new')));
      else {
        box.appendChild(el('span', 'map-bubble__price', M.avgPrice(b.avgPrice, channel)));
        box.appendChild(el('span', 'map-bubble__count', M.count(b.count, channel)));
      }
      const marker = flatMarker([b.lat, b.lng], {
        icon: L.divIcon({ html: box, className: 'map-bubble-icon', iconSize: undefined }),
        title: b.name,
        keyboard: true,
      });
      marker.on('click', () => onBubbleRef.current(level, b));
      // Keyboard: Leaflet makes the bubble focusable (keyboard: true); Enter or Space does what a click does.
      marker.on('keydown', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
        e.originalEvent.preventDefault();
        onBubbleRef.current(level, b);
      });
      marker.addTo(layer);
      // The name starts with the words the bubble shows (WCAG 2.5.3), then says what Enter does.
      marker.getElement()?.setAttribute('aria-label', M.bubbleLabel(box.textContent ?? b.name));
      drawn.markers.set(key, marker);
      return marker;
    };
    // The work in order: a place whose bubble changed (its count, price or selection) first, its old bubble removed
    // just before, so that it is never missing for long; then the new places; the places gone (after a drag, out of
    // view) last, or first when the level or channel changed (the old bubbles are then not the view's).
    const placeOf = (key: string) => key.split('|', 3).join('|');
    const gone = new Map<string, string>();
    for (const key of drawn.markers.keys()) if (!wanted.has(key)) gone.set(placeOf(key), key);
    const changed: (() => L.Marker | undefined)[] = [];
    const fresh: (() => L.Marker | undefined)[] = [];
    for (const [key, b] of wanted) {
      if (drawn.markers.has(key) || !level) continue;
      const old = gone.get(placeOf(key));
      if (old === undefined) fresh.push(add(key, b, level));
      else {
        gone.delete(placeOf(key));
        changed.push(remove(old), add(key, b, level));
      }
    }
    const removals = [...gone.values()].map(remove);
    const otherLevel = [...gone.values()].some((key) => !key.startsWith(`${channel}|${level}|`));
    const jobs = otherLevel ? [...removals, ...changed, ...fresh] : [...changed, ...fresh, ...removals];
    // In slices (BUBBLE_SLICE_MS, BUBBLE_SLICE_MAX) with a frame between them: a drag at street zoom brings up to a few hundred new
    // bubbles, and building them, laying them out and measuring them in one task was a long task (docs/performance.md,
    // "Dragging at street zoom"). A newer answer stops the slices and starts from what is drawn.
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let frame: number | null = null;
    const slice = () => {
      timer = null;
      const from = performance.now();
      const built: L.Marker[] = [];
      const last = next + BUBBLE_SLICE_MAX;
      while (next < jobs.length && next < last && performance.now() - from < BUBBLE_SLICE_MS) {
        const marker = jobs[next++]!();
        if (marker) built.push(marker);
      }
      // Measured in the next frame, where the browser lays them out anyway: read here, their sizes forced that layout
      // into this task. Not cancelled with the slices: a bubble built stays until a later answer removes it.
      const map = mapRef.current;
      if (map && built.length) requestAnimationFrame(() => keepBubblesInside(map, built));
      // The next slice after that frame: slices run back to back would leave one frame to lay them all out.
      if (next < jobs.length) frame = requestAnimationFrame(() => (timer = setTimeout(slice, 0)));
    };
    slice();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [bubbles, channel, selected]);

  // The layers exist once the map has reported its first view: the overlays are drawn again then.
  const mapReady = view !== null;
  // After each move and resize: no bubble in view is cut by the map's edge (under the filter bar at the top).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const inside = () => keepBubblesInside(map, drawnBubbles.current.markers.values());
    map.on('moveend resize', inside);
    return () => {
      map.off('moveend resize', inside);
    };
  }, [mapReady, basemap]);
  const chosenLine = basemap?.lines.find((l) => l.id === line) ?? null;
  const chosenStation = chosenLine?.stations.find((s) => s.id === station) ?? null;
  const subwayTitle = chosenStation
    ? M.subwayStationTitle(chosenStation.name)
    : chosenLine
      ? M.subwayLineTitle(chosenLine.name)
      : null;

  // The chosen line drawn over the base map, its stations named, the chosen station ringed.
  useEffect(() => {
    const layer = subwayLayer.current;
    if (!layer) return;
    if (chosenLine) drawSubwayLine(layer, chosenLine, station);
    else layer.clearLayers();
  }, [chosenLine, station, mapReady]);

  // 通勤找房: once a workplace is chosen, the stations and homes reached in the time (with the filters), paged.
  const commuteKey =
    commute && (commute.stationId !== null || commute.at) ? `${channel}|${JSON.stringify(commute)}|${page}|${filterKey}` : null;
  useEffect(() => {
    if (!commute || commuteKey === null) return;
    let live = true;
    const where = commute.stationId !== null ? { stationId: commute.stationId } : { lng: commute.at!.lng, lat: commute.at!.lat };
    const req: Record<string, unknown> = { ...JSON.parse(filterKey) };
    for (const [k, v] of Object.entries(req)) if (MAP_FILTER_KEYS[channel].includes(k)) req[k] = [v];
    fetchMapCommute(browserContext(), {
      cityCode,
      channelCode: channel,
      minutes: commute.minutes,
      ...where,
      page,
      pageSize: PAGE_SIZE,
      filters: req,
    } as never)
      .then((r) => live && setCommuteAnswer({ key: commuteKey, data: r }))
      .catch(
        (e: unknown) =>
          live && setCommuteAnswer({ key: commuteKey, error: e instanceof Error && e.message ? e.message : M.failed }),
      );
    return () => {
      live = false;
    };
    // commuteKey stands for commute, channel, page and filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [commuteKey, cityCode]);

  const commuteNow = commuteKey !== null && commuteAnswer?.key === commuteKey ? commuteAnswer : null;
  const commuteResult = commuteNow?.data ?? null;
  const commuteError = commuteNow?.error ?? null;
  const lineColour = useCallback((lineId: number) => basemap?.lines.find((l) => l.id === lineId)?.color ?? '#e4393c', [basemap]);
  useEffect(() => {
    const layer = commuteLayer.current;
    if (!layer) return;
    if (commuteResult) drawCommute(layer, commuteResult, lineColour);
    else layer.clearLayers();
  }, [commuteResult, lineColour, mapReady]);

  // The side list: the chosen community's (project's) homes, or on a list route the channel's list with the filters.
  const listKey = `${channel}|${selected}|${page}|${filterKey}`;
  useEffect(() => {
    if (info.area) return;
    if (selected === null && layout === 'full' && line === null) return;
    let live = true;
    const req: Record<string, unknown> = { cityCode, page, pageSize: PAGE_SIZE, ...JSON.parse(filterKey) };
    for (const [k, v] of Object.entries(req)) if (MAP_FILTER_KEYS[channel].includes(k)) req[k] = [v];
    if (selected !== null) req.estateId = selected;
    fetchChannelList<ListItem>(browserContext(), channel, req)
      .then((r) => {
        if (!live) return;
        const first = r.list[0];
        const title =
          selected !== null
            ? channel === 'new'
              ? (first?.name ?? '')
              : (first?.communityName ?? '')
            : (subwayTitle ?? M.listTitle);
        setListError(false);
        setList({ total: r.total, list: r.list, title, key: listKey });
      })
      .catch(() => live && setListError(true));
    return () => {
      live = false;
    };
  }, [selected, page, channel, cityCode, filterKey, layout, info.area, listKey, subwayTitle, line]);

  // Map suggestions (spec /v1/ditu/recommends): a place with its coordinates; choosing it flies there.
  useEffect(() => {
    const k = keyword.trim();
    if (!k) return;
    let live = true;
    const t = setTimeout(() => {
      fetchMapRecommends(browserContext(), { cityCode, channelCode: channel, keyword: k })
        .then((s) => live && setSuggestions(s))
        .catch(() => undefined);
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keyword, channel, cityCode]);

  // The drawn area of the URL: its homes (projects) with the map's filters.
  const areaKey = info.area ? `${channel}|${formatDrawnArea(info.area)}|${JSON.stringify(filters)}` : null;
  useEffect(() => {
    if (areaKey === null || !info.area) return;
    let live = true;
    fetchMapArea(browserContext(), { cityCode, channelCode: channel, points: info.area, filters } as never)
      .then((a) => live && setAreaAnswer({ key: areaKey, data: a }))
      .catch(
        (e: unknown) => live && setAreaAnswer({ key: areaKey, error: e instanceof Error && e.message ? e.message : M.failed }),
      );
    return () => {
      live = false;
    };
    // areaKey stands for the area, channel and filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [areaKey, cityCode]);
  const areaNow = areaKey !== null && areaAnswer?.key === areaKey ? areaAnswer : null;
  const area = areaNow?.data ?? null;

  // The area being drawn, and the one searched.
  useEffect(() => {
    const layer = drawLayer.current;
    if (!layer) return;
    layer.clearLayers();
    const pts = (drawing ?? []).map(([lng, lat]) => [lat, lng] as [number, number]);
    if (drawing && pts.length) L.polyline(pts, { color: '#e4393c', dashArray: '4 4' }).addTo(layer);
    if (!drawing && info.area) {
      L.polygon(
        info.area.map(([lng, lat]) => [lat, lng] as [number, number]),
        { color: '#e4393c', fillOpacity: 0.08 },
      ).addTo(layer);
    }
  }, [drawing, info.area, mapReady]);

  /** The drawn area becomes the URL's: its homes are listed, and 订阅 saves it. */
  const finishDrawing = () => {
    const points = drawingRef.current;
    if (!points || points.length < 3) return;
    draw(null);
    go({ ...infoRef.current, area: points.map(roundAreaPoint), selected: null, page: 1 }, true);
  };

  // 订阅 of the drawn area: its filters named by the options' labels (`北京二手房 · 画圈区域 · 约4平方公里 · 300-500万`).
  const subscribe: AlertSearchAdd | null =
    info.area && conditionsOf?.channel === channel
      ? {
          cityCode,
          channel,
          query: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, [v]])),
          area: info.area,
          name: [
            `${cityName}${M.channels[channel]}`,
            M.drawnAreaName(ringAreaKm2(info.area)),
            ...MAP_FILTER_KEYS[channel].flatMap((k) => conditions[k]?.find((o) => o.code === filters[k])?.label ?? []),
          ]
            .join(' · ')
            .slice(0, 80),
        }
      : null;

  /** A line (and a station of it) chosen: the map shows the line, or closes in on the station's walking circle. */
  const chooseSubway = (lineId: number | null, stationId: number | null) => {
    go({ ...infoRef.current, line: lineId, station: stationId, area: null, selected: null, page: 1 }, true);
    const map = mapRef.current;
    const l = basemap?.lines.find((x) => x.id === lineId);
    const s = l?.stations.find((x) => x.id === stationId);
    if (!map || !l) return;
    // Without animation: a station chosen while the line's zoom is still animating must not be overridden by it.
    if (s) map.setView([s.lat, s.lng], MAP_ZOOM.area + 1, { animate: false });
    else
      map.fitBounds(L.latLngBounds(l.stations.map((x) => [x.lat, x.lng] as [number, number])), {
        padding: [40, 40],
        animate: false,
      });
  };
  const setCommute = (next: MapCommuteInfo | null) => {
    go({ ...infoRef.current, commute: next, area: null, selected: null, page: 1 }, true);
  };

  // The drawn area stays through a channel or filter change: its list follows them.
  const setChannel = (c: MapChannel) => {
    go({ ...infoRef.current, channel: c, filters: {}, selected: null, page: 1 }, true);
  };
  const setFilter = (key: string, code: number | null) => {
    const next = { ...infoRef.current.filters };
    if (code === null) delete next[key];
    else next[key] = code;
    go({ ...infoRef.current, filters: next, page: 1 }, true);
  };

  const commuteShown = commuteResult;
  const shown = info.area
    ? area && {
        total: area.total,
        list: area.list as unknown as ListItem[],
        title: channel === 'new' ? M.drawResultNew(area.total) : M.drawResult(area.total),
      }
    : commuteKey !== null
      ? commuteShown && {
          total: commuteShown.total,
          list: commuteShown.list as unknown as ListItem[],
          title: M.commuteTitle(commuteShown.minutes, commuteShown.stations.length),
        }
      : list?.key === listKey
        ? list
        : null;
  const panelOpen =
    layout === 'list' || selected !== null || info.area !== null || line !== null || commuteKey !== null || commuteError !== null;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PAGE_SIZE)) : 1;

  return (
    <div className={`map-search map-search--${layout}`} data-channel={channel}>
      <div className="map-search__bar">
        {channels.length > 1 && (
          <div className="map-search__tabs" role="tablist">
            {channels.map((c) => (
              <button
                key={c}
                type="button"
                role="tab"
                aria-selected={c === channel}
                className={c === channel ? 'is-active' : ''}
                onClick={() => setChannel(c)}
              >
                {M.channels[c]}
              </button>
            ))}
          </div>
        )}
        <div className="map-search__box">
          <input
            type="search"
            value={keyword}
            maxLength={50}
            placeholder={M.searchPlaceholder}
            aria-label={M.searchPlaceholder}
            onChange={(e) => setKeyword(e.target.value)}
          />
          {keyword.trim() && suggestions.length > 0 && (
            <ul className="map-search__suggestions" role="listbox">
              {suggestions.map((s) => (
                <li key={`${s.kind}-${s.id}`} role="option" aria-selected={false}>
                  <button
                    type="button"
                    onClick={() => {
                      setKeyword('');
                      setSuggestions([]);
                      const now = { ...infoRef.current, area: null };
                      if (now.commute) {
                        // 通勤找房: the place chosen is the workplace (a station by its id, else its point).
                        const at = s.kind === 'station' ? null : { lat: s.lat, lng: s.lng };
                        const stationId = s.kind === 'station' ? s.id : null;
                        flyTo(s.lat, s.lng, Math.min(s.zoom, MAP_ZOOM.area), {
                          commute: { ...now.commute, stationId, at },
                          selected: null,
                          page: 1,
                        });
                        return;
                      }
                      if (s.kind === 'line' || s.kind === 'station') {
                        const l = basemap?.lines.find((x) =>
                          s.kind === 'line' ? x.id === s.id : x.stations.some((st) => st.id === s.id),
                        );
                        if (l) return chooseSubway(l.id, s.kind === 'station' ? s.id : null);
                      }
                      const pick = s.kind === 'community' || s.kind === 'project';
                      flyTo(s.lat, s.lng, s.zoom, { selected: pick ? s.id : null, page: 1 });
                    }}
                  >
                    <span>{s.name}</span>
                    <small>{s.describe}</small>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {MAP_FILTER_KEYS[channel].map((key) => {
          const options = conditions[key];
          if (!options?.length) return null;
          return (
            <select
              key={key}
              aria-label={M.filterNames[key]}
              value={filters[key] ?? ''}
              onChange={(e) => setFilter(key, e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">
                {M.filterNames[key]}: {M.any}
              </option>
              {options.map((o) => (
                <option key={o.code} value={o.code}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        })}
        {basemap && <SubwayPicker lines={basemap.lines} line={line} station={station} onChange={chooseSubway} />}
        <CommuteBar commute={commute} workplace={commuteResult?.origin.name ?? null} onChange={setCommute} />
        {drawing ? (
          <span className="map-search__draw">
            <span>{M.drawHint}</span>
            <button type="button" onClick={finishDrawing} disabled={drawing.length < 3}>
              {M.drawDone}
            </button>
            <button type="button" onClick={() => draw(null)}>
              {M.drawCancel}
            </button>
          </span>
        ) : (
          <button type="button" className="map-search__draw-button" onClick={() => draw([])}>
            {M.draw}
          </button>
        )}
        {/* While a commute is shown its list has the count; the bubbles' total of the whole view would contradict it. */}
        {bubbles && commuteKey === null && (
          <span className="map-search__total" data-testid="map-total">
            {M.found(bubbles.total, channel)}
            {bubbles.level === 'area' ? ` · ${M.zoomHint(channel)}` : ''}
          </span>
        )}
      </div>
      <div className="map-search__body">
        <div ref={holder} className="map-search__map" data-testid="map" />
        {panelOpen && (
          <aside className="map-search__panel" data-testid="map-panel">
            <header>
              <strong>{shown?.title ?? M.loading}</strong>
              {shown && <span>{M.found(shown.total, channel)}</span>}
              {(selected !== null || info.area || line !== null || commute) && (
                <button
                  type="button"
                  aria-label={M.close}
                  onClick={() => {
                    // Closes the innermost choice: a drawn area or a community's list, else the commute, else the line.
                    const now = infoRef.current;
                    const next =
                      now.selected !== null || now.area
                        ? { selected: null, area: null }
                        : now.commute
                          ? { commute: null }
                          : { line: null, station: null };
                    go({ ...now, ...next, page: 1 }, true);
                  }}
                >
                  ×
                </button>
              )}
            </header>
            {subscribe && (
              <div className="map-search__subscribe">
                <SubscribeButton search={subscribe} />
              </div>
            )}
            {areaNow?.error ? (
              <p className="map-search__empty" role="alert">
                {areaNow.error}
              </p>
            ) : commuteError && !info.area ? (
              <p className="map-search__empty" role="alert">
                {commuteError}
              </p>
            ) : (
              listError && <p className="map-search__empty">{M.failed}</p>
            )}
            {shown && shown.list.length === 0 && <p className="map-search__empty">{M.empty}</p>}
            <ul>
              {shown?.list.map((x) => {
                const line = itemLine(channel, x);
                return (
                  <li key={x.id}>
                    <Link href={detailPath(channel, x.id)}>
                      <strong>{line.title}</strong>
                      <span>{line.facts}</span>
                      <em>{line.price}</em>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {!info.area && shown && pages > 1 && (
              <nav className="map-search__pager">
                <button type="button" disabled={page <= 1} onClick={() => go({ ...infoRef.current, page: page - 1 }, true)}>
                  {M.prev}
                </button>
                <span>
                  {page}/{pages}
                </span>
                <button type="button" disabled={page >= pages} onClick={() => go({ ...infoRef.current, page: page + 1 }, true)}>
                  {M.next}
                </button>
              </nav>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
