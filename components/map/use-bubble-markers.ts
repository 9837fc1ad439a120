'use client';
import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import type { MapBubble, MapBubbles } from '@contracts/map';
import type { MapChannel } from '@contracts/map-constants';
import type { MapLayers } from './use-leaflet-map';
import { keepBubblesInside } from './bubble-edges';
import { flatMarker } from './flat-marker';
import { mapMessages as M } from './map-messages';

/** The longest slice of building and removing bubble markers before the browser gets its turn, and the most bubbles
 * of one slice: the frame after it lays them out. */
const BUBBLE_SLICE_MS = 12;
const BUBBLE_SLICE_MAX = 80;

function el(tag: string, className: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  // Text only: names come from the database and are never read as HTML.
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Bubbles as markers on `layer`; a click (or Enter, Space) calls `onBubble`. A drag at street zoom brings hundreds of
 * bubbles, most of them the ones already drawn: those are kept (by what they show), so only the new ones are built;
 * rebuilding all of them after each drag was a long task (docs/performance.md). After each move and resize no bubble
 * in view is cut by the map's edge (under the filter bar at the top).
 */
export function useBubbleMarkers({
  map,
  layers,
  mapReady,
  bubbles,
  channel,
  selected,
  onBubble,
}: {
  map: RefObject<L.Map | null>;
  layers: RefObject<MapLayers | null>;
  /** The map has reported its first view: its layers exist. */
  mapReady: boolean;
  bubbles: MapBubbles | null;
  channel: MapChannel;
  /** The chosen community's (project's) id: its bubble is marked. */
  selected: number | null;
  onBubble: (level: MapBubbles['level'], b: MapBubble) => void;
}) {
  const drawnBubbles = useRef<{ layer: L.LayerGroup | null; markers: Map<string, L.Marker> }>({
    layer: null,
    markers: new Map(),
  });
  // Kept markers call the latest handler (the zoom and the navigation it uses may change between draws).
  const onBubbleRef = useRef(onBubble);
  useEffect(() => {
    onBubbleRef.current = onBubble;
  }, [onBubble]);

  useEffect(() => {
    const target = layers.current?.bubbles;
    if (!target) return;
    const drawn = drawnBubbles.current;
    if (drawn.layer !== target) drawn.markers = new Map();
    drawn.layer = target;
    const level = bubbles?.level;
    const wanted = new Map<string, MapBubble>();
    for (const b of bubbles?.list ?? []) {
      const isSelected = selected === b.id && level !== 'district' && level !== 'area';
      wanted.set(`${channel}|${level}|${b.id}|${b.name}|${b.count}|${b.avgPrice}|${isSelected}`, b);
    }
    const remove = (key: string) => () => {
      const marker = drawn.markers.get(key);
      if (marker) target.removeLayer(marker);
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
      marker.addTo(target);
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
      const m = map.current;
      if (m && built.length) requestAnimationFrame(() => keepBubblesInside(m, built));
      // The next slice after that frame: slices run back to back would leave one frame to lay them all out.
      if (next < jobs.length) frame = requestAnimationFrame(() => (timer = setTimeout(slice, 0)));
    };
    slice();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [bubbles, channel, selected, layers, map]);

  // After each move and resize: no bubble in view is cut by the map's edge (under the filter bar at the top).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const inside = () => keepBubblesInside(m, drawnBubbles.current.markers.values());
    m.on('moveend resize', inside);
    return () => {
      m.off('moveend resize', inside);
    };
  }, [map, mapReady]);
}
