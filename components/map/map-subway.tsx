'use client';
import type { MapBasemap } from '@contracts/map';
import { mapMessages as M } from './map-messages';

export interface SubwayPickerProps {
  lines: MapBasemap['lines'];
  line: number | null;
  station: number | null;
  onChange: (line: number | null, station: number | null) => void;
}

/** 地铁找房: the city's seeded lines, then a station of the chosen one. */
export function SubwayPicker({ lines, line, station, onChange }: SubwayPickerProps) {
  if (lines.length === 0) return null;
  const chosen = lines.find((l) => l.id === line);
  return (
    <span className="map-search__subway">
      <select
        aria-label={M.subwayLine}
        value={line ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null, null)}
      >
        <option value="">{M.subwayLine}</option>
        {lines.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {chosen && (
        <select
          aria-label={M.subwayStation}
          value={station ?? ''}
          onChange={(e) => onChange(chosen.id, e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{M.subwayAllStations}</option>
          {chosen.stations.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </span>
  );
}
