'use client';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MapNearby } from '@contracts/map';
import { detailMapMessages as M } from './detail-map-messages';

/**
 * Leaflet and the map's code load only when the map scrolls into view: React.lazy asks for the chunk the first time
 * DetailMapView renders, which is after the observer below saw the section (so never on the server). Not next/dynamic,
 * whose own code was 1.7 kB gzip of the detail's first load; the API client is asked for then too (load below).
 */
const DetailMapView = lazy(() => import('@/components/map/detail-map-view').then((m) => ({ default: m.DetailMapView })));
const loadingCanvas = <div className="detail-map__canvas detail-map__canvas--loading" aria-hidden="true" />;

export interface DetailMapProps {
  cityCode: string;
  /** The place (WGS-84, as every coordinate of the API). */
  lat: number;
  lng: number;
  /** The place's name: the marker's label and the map's accessible name. */
  name: string;
  /** The list of nearby places beside the map (off where the page lists them itself, as 周边 does). */
  withList?: boolean;
}

const KINDS = ['stations', 'schools', 'hospitals', 'shopping'] as const;
/** Nearest few of each kind beside the map; 周边 (新房) lists up to 20. */
const SHOWN = 5;

/**
 * 位置及周边 of every detail page (二手房, 租房, 小区, 新房, 商铺, 写字楼): the place on the base map with the subway
 * stations, schools, hospitals and shopping within 3 km, and beside it their names and distances as text.
 * Nothing loads until the section nears the viewport.
 */
export function DetailMap({ cityCode, lat, lng, name, withList = true }: DetailMapProps) {
  const section = useRef<HTMLElement>(null);
  const titleId = useId();
  const [seen, setSeen] = useState(false);
  const [nearby, setNearby] = useState<MapNearby | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')])
      .then(([{ browserContext }, { fetchMapNearby }]) => fetchMapNearby(browserContext(), cityCode, lat, lng))
      .then(setNearby)
      .catch(() => setFailed(true));
  }, [cityCode, lat, lng]);

  useEffect(() => {
    const el = section.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
        load();
      },
      { rootMargin: '120px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [load]);

  return (
    <section ref={section} className="section detail-map" aria-labelledby={titleId} data-loaded={seen ? 'yes' : 'no'}>
      <h2 className="section__title" id={titleId}>
        {M.title}
      </h2>
      <div className={withList ? 'detail-map__body' : 'detail-map__body detail-map__body--wide'}>
        <figure className="detail-map__frame" aria-label={M.mapLabel(name)}>
          {seen ? (
            <Suspense fallback={loadingCanvas}>
              <DetailMapView cityCode={cityCode} lat={lat} lng={lng} name={name} nearby={nearby} />
            </Suspense>
          ) : (
            <div className="detail-map__canvas detail-map__canvas--waiting">{M.waiting}</div>
          )}
        </figure>
        {withList && (
          <div className="detail-map__nearby">
            {failed ? (
              <p className="detail-map__status" role="alert">
                {M.failed}{' '}
                <button type="button" className="detail-map__retry" onClick={load}>
                  {M.retry}
                </button>
              </p>
            ) : !nearby ? (
              <p className="detail-map__status" aria-busy={seen}>
                {seen ? M.loading : M.waiting}
              </p>
            ) : (
              <>
                <p className="detail-map__intro">{M.intro(nearby.radius)}</p>
                {KINDS.map((kind) => {
                  const items = nearby[kind];
                  return (
                    <div key={kind} className="detail-map__kind" data-kind={kind}>
                      <h3 className="detail-map__kind-title">
                        <span className={`detail-map__dot detail-map__dot--${kind}`} aria-hidden="true" />
                        {M.kinds[kind]}
                      </h3>
                      {items.length === 0 ? (
                        <p className="detail-map__empty">{M.empty[kind]}</p>
                      ) : (
                        <ul className="detail-map__list">
                          {items.slice(0, SHOWN).map((p) => (
                            <li key={p.name}>
                              <span className="detail-map__name">
                                {p.name}
                                {'lines' in p && <span className="detail-map__lines">（{M.lines(p.lines)}）</span>}
                              </span>
                              <span className="detail-map__distance">{M.distance(p.distance)}</span>
                            </li>
                          ))}
                          {items.length > SHOWN && <li className="detail-map__more">{M.more(items.length - SHOWN)}</li>}
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
    </section>
  );
}
