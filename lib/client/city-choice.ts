import { CITY_CHOICE_COOKIE, CITY_CHOICE_DAYS, CITY_CHOICE_HASH } from '../city-choice';
import { rootCookieDomain } from '../device-code';
import { readCookie } from './browser-cookie';

interface Settings {
  rootDomain: string;
  protocol: string;
}

/** The cookie that remembers `cityDomain` as the visitor's own choice: on the root domain where it has a dot (lib/city-choice.ts). */
export function cityChoiceCookie(cityDomain: string, settings: Settings): string {
  const domain = rootCookieDomain(settings);
  return [
    `${CITY_CHOICE_COOKIE}=${encodeURIComponent(cityDomain)}`,
    `Max-Age=${CITY_CHOICE_DAYS * 86_400}`,
    'Path=/',
    'SameSite=Lax',
    ...(domain ? [`Domain=${domain}`] : []),
    ...(settings.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

export function rememberCityChoice(cityDomain: string, settings: Settings): void {
  document.cookie = cityChoiceCookie(cityDomain, settings);
}

/**
 * On a page reached by a link that chose its city (CITY_CHOICE_HASH): remembers the city and takes the fragment off
 * the address (a reload or a shared link is no choice). True when the visitor has chosen a city, now or before.
 */
export function cityChosen(page: { cityDomain: string } & Settings): boolean {
  if (typeof window === 'undefined') return false;
  if (window.location.hash === CITY_CHOICE_HASH) {
    rememberCityChoice(page.cityDomain, page);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  return readCookie(CITY_CHOICE_COOKIE) !== undefined;
}
