'use client';
import { lazy, Suspense } from 'react';
import type { MapNearby } from '@contracts/map';
import { detailMapMessages as M } from './detail-map-messages';
import { detailMapNearbyMessages as N } from './detail-map-nearby-messages';

/**
 * Leaflet and the map's code load only when the map scrolls into view: React.lazy asks for the chunk the first time
 * DetailMapView renders, which is after the section's observer saw it (so never on the server). Not next/dynamic,
 * whose own code was 1.7 kB gzip of the detail's first load.
 */
const DetailMapView = lazy(() => import('@/components/map/detail-map-view').then((m) => ({ default: m.DetailMapView })));
const loadingCanvas = <div className="detail-map__canvas detail-map__canvas--loading" aria-hidden="true" />;

const KINDS = ['stations', 'schools', 'hospitals', 'shopping'] as const;
/** Nearest few of each kind beside the map; 周边 (新房) lists up to 20. */
const SHOWN = 5;

export interface DetailMapBodyProps {
  cityCode: string;
  lat: number;
  lng: number;
  name: string;
  withList: boolean;
  nearby: MapNearby | null;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The map and the nearby list of 位置及周边 once the section has neared the viewport (components/detail/detail-map.tsx
 * renders it then): loaded with it, not with the page (first-load JS, docs/performance.md).
 */
export default function DetailMapBody({ cityCode, lat, lng, name, withList, nearby, failed, onRetry }: DetailMapBodyProps) {
  return (
    <div className={withList ? 'detail-map__body' : 'detail-map__body detail-map__body--wide'}>
      <figure className="detail-map__frame" aria-label={M.mapLabel(name)}>
        <Suspense fallback={loadingCanvas}>
          <DetailMapView cityCode={cityCode} lat={lat} lng={lng} name={name} nearby={nearby} />
        </Suspense>
      </figure>
      {withList && (
        <div className="detail-map__nearby">
          {failed ? (
            <p className="detail-map__status" role="alert">
              {N.failed}{' '}
              <button type="button" className="detail-map__retry" onClick={onRetry}>
                {N.retry}
              </button>
            </p>
          ) : !nearby ? (
            <p className="detail-map__status" aria-busy>
              {M.loading}
            </p>
          ) : (
            <>
              <p className="detail-map__intro">{N.intro(nearby.radius)}</p>
              {KINDS.map((kind) => {
                const items = nearby[kind];
                return (
                  <div key={kind} className="detail-map__kind" data-kind={kind}>
                    <h3 className="detail-map__kind-title">
                      <span className={`detail-map__dot detail-map__dot--${kind}`} aria-hidden="true" />
                      {N.kinds[kind]}
                    </h3>
                    {items.length === 0 ? (
                      <p className="detail-map__empty">{N.empty[kind]}</p>
                    ) : (
                      <ul className="detail-map__list">
                        {items.slice(0, SHOWN).map((p) => (
                          <li key={p.name}>
                            <span className="detail-map__name">
                              {p.name}
                              {'lines' in p && <span className="detail-map__lines">（{N.lines(p.lines)}）</span>}
                            </span>
                            <span className="detail-map__distance">{N.distance(p.distance)}</span>
                          </li>
                        ))}
                        {items.length > SHOWN && <li className="detail-map__more">{N.more(items.length - SHOWN)}</li>}
                      </ul>
                    )}
                  </div>
                );
              })}
            </>
          )}
        </div>
      )}
    </div>
  );
}
