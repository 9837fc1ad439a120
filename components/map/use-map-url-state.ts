'use client';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { MapChannel } from '@contracts/map-constants';
import { SUBSCRIBE_HASH } from '@/components/alerts/subscribe-button';
import { formatMapSearch, parseMapSearch, type MapSearchInfo } from './map-state';

/** How long the map rests after a pan or zoom before its place is written to the URL (see `placeMoved`). */
const PLACE_WRITE_MS = 400;

/**
 * The map search's state, held in the URL (./map-state.ts): `info` to render from; `infoRef`, the latest state at
 * once, for Leaflet's handlers (bound once per map); `go` writes a new state (a new history entry when `push`);
 * `placeMoved` writes the map's place once it has rested. Back and forward read the URL again and hand the state to
 * `onBack`, which moves the map to its view.
 */
export function useMapUrlState(channels: readonly MapChannel[], onBack: (next: MapSearchInfo) => void) {
  const [info, setInfo] = useState<MapSearchInfo>(() => parseMapSearch(window.location.search, channels));
  const infoRef = useRef(info);
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  }, [onBack]);

  // A pan's or zoom's place waiting to be written to the URL (`placeMoved`); any other state written first takes it along.
  const placeWrite = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPlaceWrite = useCallback(() => {
    if (placeWrite.current !== null) clearTimeout(placeWrite.current);
    placeWrite.current = null;
  }, []);

  /** A new state: written to the URL (a new history entry when `push`). */
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

  /** The map has moved: its place is the state's at once, and the URL's once it has rested. */
  const placeMoved = useCallback(
    (centre: { lat: number; lng: number }, zoom: number) => {
      const now = infoRef.current;
      // Panning and zooming replace the entry: back goes to the last place chosen, not every drag. The place is
      // written once the map has rested PLACE_WRITE_MS: a history write makes Next's router render the page again
      // (it follows pushState and replaceState), and in the drag's own task it helped make it a long one
      // (docs/performance.md, "Dragging at street zoom"). The handlers read the place from infoRef at once.
      if (
        !now.centre ||
        Math.abs(now.centre.lat - centre.lat) > 1e-5 ||
        Math.abs(now.centre.lng - centre.lng) > 1e-5 ||
        now.zoom !== zoom
      ) {
        infoRef.current = { ...now, centre, zoom };
        cancelPlaceWrite();
        placeWrite.current = setTimeout(() => startTransition(() => go(infoRef.current, false)), PLACE_WRITE_MS);
      }
    },
    [go, cancelPlaceWrite],
  );

  /** A place not written yet is written now (the page is being left), or `drop`ped (the URL may be another page's). */
  const settlePlace = useCallback(
    (drop: boolean) => {
      if (drop) cancelPlaceWrite();
      else if (placeWrite.current !== null) go(infoRef.current, false);
    },
    [go, cancelPlaceWrite],
  );

  // Back and forward: the URL's state, and the map to its view.
  useEffect(() => {
    const onPop = () => {
      cancelPlaceWrite();
      const next = parseMapSearch(window.location.search, channels);
      infoRef.current = next;
      setInfo(next);
      onBackRef.current(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [channels, cancelPlaceWrite]);

  return { info, infoRef, go, placeMoved, settlePlace };
}
