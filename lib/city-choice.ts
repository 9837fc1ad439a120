import { cityOrigin } from '@contracts/hosts';

/**
 * A city the visitor chose themselves — in the header's city picker, on 全部城市, or by 取消 in the located-city
 * prompt — is remembered, and the prompt (spec §4 "City change prompt") does not question it again: a visitor who
 * picks 上海 is not asked at once whether to switch to 北京 where they are.
 *
 * Each city is its own origin. The choice is kept in a cookie on the root domain where the root has a dot (every
 * city sees it, like the device code: lib/device-code.ts); browsers refuse `Domain=localhost`, so there it is kept
 * per city. A link that chooses a city therefore says so itself: it carries CITY_CHOICE_HASH, which the chosen city's
 * page reads, remembers and removes (lib/client/city-choice.ts). A fragment never reaches the server, so the chosen
 * city's cached page is the same for everyone.
 */
export const CITY_CHOICE_COOKIE = 'yj_city_choice';
/** 选城: the fragment of a link that chooses a city. */
export const CITY_CHOICE_HASH = '#xuancheng';
/** How long a choice holds, in days. */
export const CITY_CHOICE_DAYS = 30;

/** The home of the city `cityDomain`, as a link that chooses it. */
export function chooseCityHref(cityDomain: string, settings: { protocol: string; rootDomain: string }): string {
  return `${cityOrigin(cityDomain, settings)}/${CITY_CHOICE_HASH}`;
}
