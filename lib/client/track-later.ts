type Tracking = typeof import('./tracking');

/**
 * ./tracking.ts (the batch, its beacons and the API paths they go to) loaded with the first event, not with the page:
 * every page sends a page view, but none needs the code before its effects run (first-load JS, docs/performance.md).
 * The event waits for the load; a failed load loses it as a failed beacon would (fire and forget, spec §7).
 */
export function withTracking(use: (tracking: Tracking) => void): void {
  import('./tracking').then(use, () => {});
}
