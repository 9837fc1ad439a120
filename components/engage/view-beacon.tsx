import { useEffect } from 'react';

export interface ViewBeaconProps {
  /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
  businessType: 1 | 2;
  listingId: number;
  /**
   * Where the view is sent (ApiPath.listingView), given by the server (components/detail/home-side-rows.tsx): imported here,
   * contracts/paths.ts (every API path, ≈1.6 kB gzip) would come into the detail's first-load JS.
   */
  endpoint: string;
}

/**
 * 浏览: tells the backend once per page view that this detail page was opened (contracts/house.ts). The page is
 * one cached render for everyone, so the count cannot be taken on the server; the browser sends it after
 * hydration. A plain fetch with keepalive (it outlives a quick click away), same-origin through the web's forward
 * so the device cookie and the Origin go along; nothing is shown and a failure is let go. The backend counts one
 * view per device and listing in 30 minutes, so a reload or React's development double effect adds nothing.
 */
export function ViewBeacon({ businessType, listingId, endpoint }: ViewBeaconProps) {
  useEffect(() => {
    fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessType, listingId }),
    }).catch(() => {});
  }, [businessType, listingId, endpoint]);
  return null;
}
