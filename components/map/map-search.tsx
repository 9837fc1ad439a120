'use client';
import 'leaflet/dist/leaflet.css';
import './map-search.css';
import L from 'leaflet';
import { useCallback, useRef, useState } from 'react';
import type { AlertSearchAdd } from '@contracts/alerts';
import type { MapBubble, MapBubbles, MapSuggestion } from '@contracts/map';
import { MAP_FILTER_KEYS, MAP_ZOOM, ringAreaKm2, roundAreaPoint, type MapChannel } from '@contracts/map-constants';
import { useMapArea } from '@/lib/swr/use-map-area';
import { useMapBubbles } from '@/lib/swr/use-map-bubbles';
import { useMapCommute } from '@/lib/swr/use-map-commute';
import { useMapConditions } from '@/lib/swr/use-map-conditions';
import { useMapList, type MapListItem } from '@/lib/swr/use-map-list';
import { MapResultPanel, type MapResult } from './map-result-panel';
import { MapSearchBar } from './map-search-bar';
import { mapMessages as M } from './map-messages';
import type { MapCommuteInfo, MapSearchInfo } from './map-state';
import { useBasemap } from './use-basemap';
import { useBubbleMarkers } from './use-bubble-markers';
import { useLeafletMap } from './use-leaflet-map';
import { useMapOverlays } from './use-map-overlays';
import { useMapUrlState } from './use-map-url-state';

export interface MapSearchProps {
  cityCode: string;
  /** The city's name: a drawn area's 订阅 is named `北京二手房 · 画圈区域 · …` as a list's is. */
  cityName: string;
  /** The channels this route offers; the first is the default (a tab bar when more than one). */
  channels: readonly MapChannel[];
  /** `full`: the map fills the page, a community's list opens beside it; `list`: the list always beside the map. */
  layout: 'full' | 'list';
}

const PAGE_SIZE = 10;
/** Where each kind of bubble leads on a click: the zoom that shows what is inside it. */
const ZOOM_INTO = { district: MAP_ZOOM.area, area: MAP_ZOOM.community } as const;
/** A call's failure in the visitor's words: the backend's message (an area too large, no station there), else ours. */
const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : M.failed);

/**
 * 地图找房: the map (./use-leaflet-map.ts) with the state in the URL (./use-map-url-state.ts), the bar over it
 * (./map-search-bar.tsx) and the panel beside it (./map-result-panel.tsx). What it shows is asked through one hook
 * per resource (lib/swr/use-map-*.ts): bubbles, filter options, the side list, the drawn area, the commute; the
 * search box asks its suggestions itself.
 */
export function MapSearch({ cityCode, cityName, channels, layout }: MapSearchProps) {
  const holder = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  // Back and forward move the map to the URL's view.
  const onBack = useCallback((next: MapSearchInfo) => {
    if (next.centre && next.zoom !== null) mapRef.current?.setView([next.centre.lat, next.centre.lng], next.zoom);
  }, []);
  const { info, infoRef, go, placeMoved, settlePlace } = useMapUrlState(channels, onBack);
  const basemap = useBasemap(cityCode);
  const [drawing, setDrawing] = useState<[number, number][] | null>(null);
  const drawingRef = useRef(drawing);
  const draw = useCallback((points: [number, number][] | null) => {
    drawingRef.current = points;
    setDrawing(points);
  }, []);

  const { layers, view } = useLeafletMap(holder, mapRef, basemap, {
    start: () => infoRef.current,
    moved: placeMoved,
    clicked: (at) => {
      if (drawingRef.current) draw([...drawingRef.current, [at.lng, at.lat]]);
      else if (infoRef.current.commute) {
        // 通勤找房: a point clicked is the workplace.
        go({ ...infoRef.current, commute: { ...infoRef.current.commute, stationId: null, at }, page: 1 }, true);
      }
    },
    settle: settlePlace,
  });
  // The layers exist once the map has reported its first view: the overlays are drawn again then.
  const mapReady = view !== null;
  const { channel, filters, selected, page, line, station, commute } = info;

  const flyTo = useCallback(
    (lat: number, lng: number, zoom: number, patch: Partial<MapSearchInfo> = {}) => {
      go({ ...infoRef.current, ...patch, centre: { lat, lng }, zoom }, true);
      mapRef.current?.setView([lat, lng], zoom);
    },
    [go, infoRef],
  );

  const conditionRows = useMapConditions(channel, cityCode);
  const conditions = conditionRows ?? {};

  // The subway choice narrows bubbles and list alike: the list's own lineId/stationId (homes whose nearest station it is).
  const filterKey = JSON.stringify({ ...filters, ...(station ? { stationId: station } : line ? { lineId: line } : {}) });
  const bubbles = useMapBubbles(cityCode, channel, view, filterKey);
  // A click zooms into a district or an area, and opens a community's (project's) list.
  const onBubble = useCallback(
    (level: MapBubbles['level'], b: MapBubble) => {
      if (drawingRef.current) return;
      if (level === 'district' || level === 'area') flyTo(b.lat, b.lng, ZOOM_INTO[level], { selected: null, page: 1 });
      else go({ ...infoRef.current, selected: b.id, page: 1 }, true);
    },
    [flyTo, go, infoRef],
  );
  useBubbleMarkers({ map: mapRef, layers, mapReady, bubbles, channel, selected, onBubble });

  const chosenLine = basemap?.lines.find((l) => l.id === line) ?? null;
  const chosenStation = chosenLine?.stations.find((s) => s.id === station) ?? null;
  const subwayTitle = chosenStation
    ? M.subwayStationTitle(chosenStation.name)
    : chosenLine
      ? M.subwayLineTitle(chosenLine.name)
      : null;

  // The list's filters as its request has them: each a list of codes.
  const listFilters = (): Record<string, unknown> => {
    const req: Record<string, unknown> = { ...JSON.parse(filterKey) };
    for (const [k, v] of Object.entries(req)) if (MAP_FILTER_KEYS[channel].includes(k)) req[k] = [v];
    return req;
  };

  // 通勤找房: once a workplace is chosen, the stations and homes reached in the time (with the filters), paged.
  const commuteAsked = commute !== null && (commute.stationId !== null || commute.at !== null);
  const commuteAnswer = useMapCommute(
    commute && commuteAsked
      ? {
          cityCode,
          channel,
          minutes: commute.minutes,
          where: commute.stationId !== null ? { stationId: commute.stationId } : { lng: commute.at!.lng, lat: commute.at!.lat },
          page,
          pageSize: PAGE_SIZE,
          filters: listFilters(),
        }
      : null,
  );
  const commuteResult = commuteAsked ? (commuteAnswer.data ?? null) : null;
  const commuteError = commuteAsked && commuteAnswer.error ? failure(commuteAnswer.error) : null;
  const lineColour = useCallback((lineId: number) => basemap?.lines.find((l) => l.id === lineId)?.color ?? '#e4393c', [basemap]);

  // The side list: the chosen community's (project's) homes, or on a list route the channel's list with the filters.
  const listAsked = !info.area && !(selected === null && layout === 'full' && line === null);
  const listAnswer = useMapList(
    listAsked
      ? {
          cityCode,
          channel,
          query: { page, pageSize: PAGE_SIZE, ...listFilters(), ...(selected !== null ? { estateId: selected } : {}) },
        }
      : null,
  );

  // The drawn area of the URL: its homes (projects) with the map's filters.
  const areaAnswer = useMapArea(cityCode, channel, info.area, filters);
  const area = info.area ? (areaAnswer.data ?? null) : null;
  const areaError = info.area && areaAnswer.error ? failure(areaAnswer.error) : null;

  useMapOverlays({
    layers,
    mapReady,
    chosenLine,
    station,
    commute: commuteResult,
    lineColour,
    drawing,
    area: info.area,
  });

  /** The drawn area becomes the URL's: its homes are listed, and 订阅 saves it. */
  const finishDrawing = () => {
    const points = drawingRef.current;
    if (!points || points.length < 3) return;
    draw(null);
    go({ ...infoRef.current, area: points.map(roundAreaPoint), selected: null, page: 1 }, true);
  };

  // 订阅 of the drawn area: its filters named by the options' labels (`北京二手房 · 画圈区域 · 约4平方公里 · 300-500万`).
  const subscribe: AlertSearchAdd | null =
    info.area && conditionRows
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
  /** A place chosen in the search box: the map flies there (a community's list opens, a line or station is chosen). */
  const pick = (s: MapSuggestion) => {
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
      const l = basemap?.lines.find((x) => (s.kind === 'line' ? x.id === s.id : x.stations.some((st) => st.id === s.id)));
      if (l) return chooseSubway(l.id, s.kind === 'station' ? s.id : null);
    }
    const choose = s.kind === 'community' || s.kind === 'project';
    flyTo(s.lat, s.lng, s.zoom, { selected: choose ? s.id : null, page: 1 });
  };

  const listData = listAnswer.data;
  const listTitle = (first: MapListItem | undefined) =>
    selected !== null ? (channel === 'new' ? (first?.name ?? '') : (first?.communityName ?? '')) : (subwayTitle ?? M.listTitle);
  const shown: MapResult | null = info.area
    ? area && {
        total: area.total,
        list: area.list as unknown as MapListItem[],
        title: channel === 'new' ? M.drawResultNew(area.total) : M.drawResult(area.total),
      }
    : commuteAsked
      ? commuteResult && {
          total: commuteResult.total,
          list: commuteResult.list as unknown as MapListItem[],
          title: M.commuteTitle(commuteResult.minutes, commuteResult.stations.length),
        }
      : listAsked && listData
        ? { total: listData.total, list: listData.list, title: listTitle(listData.list[0]) }
        : null;
  const panelOpen =
    layout === 'list' || selected !== null || info.area !== null || line !== null || commuteAsked || commuteError !== null;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PAGE_SIZE)) : 1;
  const closable = selected !== null || info.area !== null || line !== null || commute !== null;

  return (
    <div className={`map-search map-search--${layout}`} data-channel={channel}>
      <MapSearchBar
        cityCode={cityCode}
        channels={channels}
        channel={channel}
        onChannel={setChannel}
        onPick={pick}
        conditions={conditions}
        filters={filters}
        onFilter={setFilter}
        basemap={basemap}
        line={line}
        station={station}
        onSubway={chooseSubway}
        commute={commute}
        workplace={commuteResult?.origin.name ?? null}
        onCommute={setCommute}
        drawing={drawing}
        onDraw={draw}
        onDrawDone={finishDrawing}
        // While a commute is shown its list has the count; the bubbles' total of the whole view would contradict it.
        total={bubbles && !commuteAsked ? { count: bubbles.total, zoomHint: bubbles.level === 'area' } : null}
      />
      <div className="map-search__body">
        <div ref={holder} className="map-search__map" data-testid="map" />
        {panelOpen && (
          <MapResultPanel
            channel={channel}
            shown={shown}
            onClose={
              closable
                ? () => {
                    // Closes the innermost choice: a drawn area or a community's list, else the commute, else the line.
                    const now = infoRef.current;
                    const next =
                      now.selected !== null || now.area
                        ? { selected: null, area: null }
                        : now.commute
                          ? { commute: null }
                          : { line: null, station: null };
                    go({ ...now, ...next, page: 1 }, true);
                  }
                : null
            }
            subscribe={subscribe}
            error={
              areaError
                ? { text: areaError, alert: true }
                : commuteError && !info.area
                  ? { text: commuteError, alert: true }
                  : listAsked && listAnswer.error
                    ? { text: M.failed, alert: false }
                    : null
            }
            pager={!info.area && shown ? { page, pages, onPage: (n) => go({ ...infoRef.current, page: n }, true) } : null}
          />
        )}
      </div>
    </div>
  );
}
