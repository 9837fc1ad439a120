'use client';
import Link from 'next/link';
import type { AlertSearchAdd } from '@contracts/alerts';
import { detailPath } from '@contracts/channels';
import type { MapChannel } from '@contracts/map-constants';
import { SubscribeButton } from '@/components/alerts/subscribe-button';
import type { MapListItem } from '@/lib/swr/use-map-list';
import { mapMessages as M } from './map-messages';

/** What the panel lists: a page of homes (projects) under its title, and how many there are in all. */
export interface MapResult {
  total: number;
  list: MapListItem[];
  title: string;
}

function itemLine(channel: MapChannel, x: MapListItem): { title: string; facts: string; price: string } {
  if (channel === 'new') {
    return {
      title: x.name ?? '',
      facts: [M.saleStatus[x.saleStatus ?? 0], x.districtName, x.businessAreaName].filter(Boolean).join(' · '),
      price: M.avgPrice(x.avgPrice ?? null, 'new'),
    };
  }
  const facts = [`${x.rooms ?? 0}室${x.halls ?? 0}厅`, `${x.area ?? 0}㎡`, x.communityName].filter(Boolean).join(' · ');
  return {
    title: x.title ?? '',
    facts,
    price: channel === 'rent' ? `${x.monthlyRent ?? 0}元/月` : `${x.totalPrice ?? 0}万 · ${x.unitPrice ?? 0}元/㎡`,
  };
}

export interface MapResultPanelProps {
  channel: MapChannel;
  /** The list shown (null while it is asked for). */
  shown: MapResult | null;
  /** Closes the innermost choice; no close button without one. */
  onClose: (() => void) | null;
  /** 订阅 of a drawn area. */
  subscribe: AlertSearchAdd | null;
  /** What went wrong, as said to the visitor (`alert`: the backend's words about the search, read out at once). */
  error: { text: string; alert: boolean } | null;
  /** Page `page` of `pages`, with the pager (none for a drawn area, which lists everything inside). */
  pager: { page: number; pages: number; onPage: (page: number) => void } | null;
}

/** The panel beside the map: the homes of a community, a drawn area, a commute, a subway line or the list route. */
export function MapResultPanel({ channel, shown, onClose, subscribe, error, pager }: MapResultPanelProps) {
  return (
    <aside className="map-search__panel" data-testid="map-panel">
      <header>
        <strong>{shown?.title ?? M.loading}</strong>
        {shown && <span>{M.found(shown.total, channel)}</span>}
        {onClose && (
          <button type="button" aria-label={M.close} onClick={onClose}>
            ×
          </button>
        )}
      </header>
      {subscribe && (
        <div className="map-search__subscribe">
          <SubscribeButton search={subscribe} />
        </div>
      )}
      {error && (
        <p className="map-search__empty" role={error.alert ? 'alert' : undefined}>
          {error.text}
        </p>
      )}
      {shown && shown.list.length === 0 && <p className="map-search__empty">{M.empty}</p>}
      <ul>
        {shown?.list.map((x) => {
          const line = itemLine(channel, x);
          return (
            <li key={x.id}>
              <Link href={detailPath(channel, x.id)}>
                <strong>{line.title}</strong>
                <span>{line.facts}</span>
                <em>{line.price}</em>
              </Link>
            </li>
          );
        })}
      </ul>
      {pager && pager.pages > 1 && (
        <nav className="map-search__pager">
          <button type="button" disabled={pager.page <= 1} onClick={() => pager.onPage(pager.page - 1)}>
            {M.prev}
          </button>
          <span>
            {pager.page}/{pager.pages}
          </span>
          <button type="button" disabled={pager.page >= pager.pages} onClick={() => pager.onPage(pager.page + 1)}>
            {M.next}
          </button>
        </nav>
      )}
    </aside>
  );
}
