'use client';
import { useState } from 'react';
import type { MapBasemap, MapSuggestion } from '@contracts/map';
import { MAP_FILTER_KEYS, type MapChannel } from '@contracts/map-constants';
import type { MapOption } from '@/lib/swr/use-map-conditions';
import { useMapSuggestions } from '@/lib/swr/use-map-suggestions';
import { CommuteBar } from './map-commute';
import { mapMessages as M } from './map-messages';
import type { MapCommuteInfo } from './map-state';
import { SubwayPicker } from './map-subway';

interface MapPlaceSearchProps {
  cityCode: string;
  channel: MapChannel;
  onPick: (s: MapSuggestion) => void;
}

/** The map's search box: a place typed is offered with its kind (spec /v1/ditu/recommends); choosing one empties it. */
function MapPlaceSearch({ cityCode, channel, onPick }: MapPlaceSearchProps) {
  const [keyword, setKeyword] = useState('');
  const suggestions = useMapSuggestions(cityCode, channel, keyword);
  return (
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
                  onPick(s);
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
  );
}

export interface MapSearchBarProps {
  cityCode: string;
  /** The channels of the route (a tab bar when more than one), and the one shown. */
  channels: readonly MapChannel[];
  channel: MapChannel;
  onChannel: (c: MapChannel) => void;
  onPick: (s: MapSuggestion) => void;
  /** The channel's filter options (none until they have come), and the codes chosen. */
  conditions: Record<string, MapOption[]>;
  filters: Record<string, number>;
  onFilter: (key: string, code: number | null) => void;
  basemap: MapBasemap | null;
  line: number | null;
  station: number | null;
  onSubway: (line: number | null, station: number | null) => void;
  commute: MapCommuteInfo | null;
  /** The commute's workplace by name, when the answer has come. */
  workplace: string | null;
  onCommute: (next: MapCommuteInfo | null) => void;
  /** The area being drawn (its corners so far), or null when none is. */
  drawing: [number, number][] | null;
  onDraw: (points: [number, number][] | null) => void;
  onDrawDone: () => void;
  /** What the view's bubbles count (null: no count to show). */
  total: { count: number; zoomHint: boolean } | null;
}

/** The bar over the map: channel tabs, the search box, the filters, 地铁, 通勤, 画圈 and how many the view holds. */
export function MapSearchBar(p: MapSearchBarProps) {
  const { channel, drawing } = p;
  return (
    <div className="map-search__bar">
      {p.channels.length > 1 && (
        <div className="map-search__tabs" role="tablist">
          {p.channels.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={c === channel}
              className={c === channel ? 'is-active' : ''}
              onClick={() => p.onChannel(c)}
            >
              {M.channels[c]}
            </button>
          ))}
        </div>
      )}
      <MapPlaceSearch cityCode={p.cityCode} channel={channel} onPick={p.onPick} />
      {MAP_FILTER_KEYS[channel].map((key) => {
        const options = p.conditions[key];
        if (!options?.length) return null;
        return (
          <select
            key={key}
            aria-label={M.filterNames[key]}
            value={p.filters[key] ?? ''}
            onChange={(e) => p.onFilter(key, e.target.value ? Number(e.target.value) : null)}
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
      {p.basemap && <SubwayPicker lines={p.basemap.lines} line={p.line} station={p.station} onChange={p.onSubway} />}
      <CommuteBar commute={p.commute} workplace={p.workplace} onChange={p.onCommute} />
      {drawing ? (
        <span className="map-search__draw">
          <span>{M.drawHint}</span>
          <button type="button" onClick={p.onDrawDone} disabled={drawing.length < 3}>
            {M.drawDone}
          </button>
          <button type="button" onClick={() => p.onDraw(null)}>
            {M.drawCancel}
          </button>
        </span>
      ) : (
        <button type="button" className="map-search__draw-button" onClick={() => p.onDraw([])}>
          {M.draw}
        </button>
      )}
      {p.total && (
        <span className="map-search__total" data-testid="map-total">
          {M.found(p.total.count, channel)}
          {p.total.zoomHint ? ` · ${M.zoomHint(channel)}` : ''}
        </span>
      )}
    </div>
  );
}
