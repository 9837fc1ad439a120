'use client';
import { COMMUTE_MINUTES } from '@contracts/map-constants';
import { mapMessages as M } from './map-messages';
import type { CommuteMinutes, MapCommuteInfo } from './map-state';

export interface CommuteBarProps {
  commute: MapCommuteInfo | null;
  /** The workplace's name when it is a station (null: a point on the map, or none yet). */
  workplace: string | null;
  onChange: (next: MapCommuteInfo | null) => void;
}

/** 通勤找房: the time, the workplace chosen (a station or a point clicked on the map) and how to choose another. */
export function CommuteBar({ commute, workplace, onChange }: CommuteBarProps) {
  if (!commute) {
    return (
      <button
        type="button"
        className="map-search__commute-button"
        onClick={() => onChange({ minutes: 30, stationId: null, at: null })}
      >
        {M.commute}
      </button>
    );
  }
  const chosen = commute.stationId !== null || commute.at !== null;
  return (
    <span className="map-search__commute" data-testid="commute-bar">
      <strong>{M.commute}</strong>
      <select
        aria-label={M.commuteMinutes}
        value={commute.minutes}
        onChange={(e) => onChange({ ...commute, minutes: Number(e.target.value) as CommuteMinutes })}
      >
        {COMMUTE_MINUTES.map((m) => (
          <option key={m} value={m}>
            {M.commuteWithin(m)}
          </option>
        ))}
      </select>
      <span className="map-search__commute-place">
        {chosen ? M.commuteFrom(workplace ?? M.commuteWorkplacePoint) : M.commuteHint}
      </span>
      <button type="button" onClick={() => onChange(null)}>
        {M.commuteClose}
      </button>
    </span>
  );
}
