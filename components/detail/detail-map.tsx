'use client';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MapNearby } from '@contracts/map';
import { detailMapMessages as M } from './detail-map-messages';

const loadingCanvas = <div className="detail-map__canvas detail-map__canvas--loading" aria-hidden="true" />;

/** The map and the nearby list load when the section nears the viewport: their code is not in the first load. */
const DetailMapBody = lazy(() => import('./detail-map-body'));

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

/**
 * 位置及周边 of every detail page (二手房, 租房, 小区, 新房, 商铺, 写字楼): the place on the base map with the subway
 * stations, schools, hospitals and shopping within 3 km, and beside it their names and distances as text.
 * Nothing loads until the section nears the viewport.
 */
export function DetailMap({ cityCode, lat, lng, name, withList = true }: DetailMapProps) {
  // Before the section is seen (and while its code loads): the frame and the status line, as the body draws them.
  const placeholder = (status: string, busy: boolean) => (
    <div className={withList ? 'detail-map__body' : 'detail-map__body detail-map__body--wide'}>
      <figure className="detail-map__frame" aria-label={M.mapLabel(name)}>
        {busy ? loadingCanvas : <div className="detail-map__canvas detail-map__canvas--waiting">{M.waiting}</div>}
      </figure>
      {withList && (
        <div className="detail-map__nearby">
          <p className="detail-map__status" aria-busy={busy}>
            {status}
          </p>
        </div>
      )}
    </div>
  );
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
      {seen ? (
        <Suspense fallback={placeholder(M.loading, true)}>
          <DetailMapBody
            cityCode={cityCode}
            lat={lat}
            lng={lng}
            name={name}
            withList={withList}
            nearby={nearby}
            failed={failed}
            onRetry={load}
          />
        </Suspense>
      ) : (
        placeholder(M.waiting, false)
      )}
    </section>
  );
}
