import 'server-only';
import { cache } from 'react';
import type { City, CityList } from '@contracts/city';
import { fetchCities, fetchMenus, fetchUserInfo, fetchBottomLinks } from '@/lib/api/endpoints';
import { orNull, publicContext, serverContext } from '@/lib/server/api';

/** Per-request memo over the (LRU-cached) calls the layouts and pages share. */
export const getCityList = cache(async (): Promise<CityList> => fetchCities(await publicContext()));

export function findCity(list: CityList, domain: string): City | undefined {
  for (const group of list.all) {
    const hit = group.list.find((c) => c.cityDomain === domain);
    if (hit) return hit;
  }
  return list.hot.find((c) => c.cityDomain === domain);
}

export const getCity = cache(async (domain: string): Promise<City | undefined> => findCity(await getCityList(), domain));

/** spec §7: menu and user-info failures are swallowed (the location is asked for by the browser). */
export const getMenus = cache(async (cityCode: string) => (await orNull(fetchMenus(await publicContext(), cityCode))) ?? []);
export const getBottomLinks = cache(async (cityCode: string) => orNull(fetchBottomLinks(await publicContext(), cityCode)));

/**
 * The logged-in user, or null. spec §4/§5: only a user-info answer with code 200 and a mobile number counts
 * as logged in; anything else is anonymous.
 */
export const getUser = cache(async () => {
  const ctx = await serverContext();
  if (!ctx.token) return null;
  const user = await orNull(fetchUserInfo(ctx));
  return user && user.mobile ? user : null;
});
