import 'server-only';
import { detailPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import { config } from '@/lib/server/config';
import { cityOrigin } from '@/lib/host';

/** A personal list's `?page=2`; anything else is the first page, and no page is past `max`. */
export function pageParam(value: string | string[] | undefined, max: number): number {
  const n = typeof value === 'string' && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : 1;
  return Math.min(n, max);
}

/** A home's detail page as a link from a personal page: a home of another city is on that city's host. */
export function homeHref(channel: ChannelCode, listingId: number, homeCity: string, hereCity: string): string {
  const path = detailPath(channel, listingId);
  return homeCity === hereCity ? path : `${cityOrigin(homeCity, config)}${path}`;
}

/** A list's address as a link from a personal page: a list of another city is on that city's host. */
export function listHref(path: string, listCity: string, hereCity: string): string {
  return listCity === hereCity ? path : `${cityOrigin(listCity, config)}${path}`;
}
