import { messages } from '@/lib/client/messages';
import { safeReturnPath } from '@/lib/return-path';
import { loadBrowserApi } from '@/lib/swr/browser-api';

/**
 * The 404's code that can wait for the 404 to show (./not-found-view.tsx): every page's first load carries the view (the
 * root boundary), and this code was a second copy of modules the header already brings (docs/performance.md, sixth
 * step). Loaded when the view mounts, so it is there long before the countdown ends.
 */

/** The `redirect` query parameter: where the countdown goes (same-origin paths only), home otherwise. */
export function redirectTarget(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect'), '/');
}

/** The city sub-domain of the page's host (`bj` of `bj.youju.com`), or null on www, the desk or a bare root. */
function cityLabelOfHost(): string | null {
  const [label, ...rest] = window.location.hostname.split('.');
  return label && rest.length > 0 && /^[a-z]{1,12}$/.test(label) && label !== 'www' && label !== 'desk' ? label : null;
}

/** The 404's title for the city of the page's host, or null for no city or an unknown one; a failed call throws. */
export async function cityTitle(): Promise<string | null> {
  const label = cityLabelOfHost();
  if (!label) return null;
  const api = await loadBrowserApi();
  const list = await api.fetchCities(api.browserContext());
  const city = [...list.hot, ...list.all.flatMap((g) => g.list)].find((c) => c.cityDomain === label);
  return city ? messages.siteTitle(city.cityName) : null;
}
