'use client';
import { useEffect } from 'react';
import { ApiPath } from '@contracts/paths';

export interface ViewBeaconProps {
  /** contracts/channels.ts businessType: 1 二手房, 2 租房. */
  businessType: 1 | 2;
  listingId: number;
}

/**
 * 浏览: tells the backend once per page view that this detail page was opened (contracts/house.ts). The page is
 * one cached render for everyone, so the count cannot be taken on the server; the browser sends it after
 * hydration. A plain fetch with keepalive (it outlives a quick click away), same-origin through the web's forward
 * so the device cookie and the Origin go along; nothing is shown and a failure is let go. The backend counts one
 * view per device and listing in 30 minutes, so a reload or React's development double effect adds nothing.
 */
export function ViewBeacon({ businessType, listingId }: ViewBeaconProps) {
  useEffect(() => {
    fetch(ApiPath.listingView, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessType, listingId }),
    }).catch(() => {});
  }, [businessType, listingId]);
  return null;
}
