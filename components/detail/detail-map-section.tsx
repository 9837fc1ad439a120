'use client';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MapNearby } from '@contracts/map';

/** The map and the nearby list load when the section nears the viewport: their code is not in the first load. */
const DetailMapBody = lazy(() => import('./detail-map-body'));

export interface DetailMapSectionProps {
  cityCode: string;
  lat: number;
  lng: number;
  name: string;
  withList: boolean;
  /** The server-rendered title and its id (the section's accessible name). */
  heading: ReactNode;
  headingId: string;
  /** The server-rendered frame before the section is seen, and while the body's code loads. */
  waiting: ReactNode;
  loading: ReactNode;
}

/**
 * 位置及周边's section in the browser (./detail-map.tsx renders its words and frames on the server): it watches for the
 * section nearing the viewport, then asks for the nearby places and shows the map's body.
 */
export function DetailMapSection({
  cityCode,
  lat,
  lng,
  name,
  withList,
  heading,
  headingId,
  waiting,
  loading,
}: DetailMapSectionProps) {
  const section = useRef<HTMLElement>(null);
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
    <section ref={section} className="section detail-map" aria-labelledby={headingId} data-loaded={seen ? 'yes' : 'no'}>
      {heading}
      {seen ? (
        <Suspense fallback={loading}>
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
        waiting
      )}
    </section>
  );
}
