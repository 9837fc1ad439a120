'use client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { listingMessages } from '@/lib/client/listing-messages';

/**
 * The large view loads when it is first opened, not with the page (first-load JS, docs/performance.md): pointing at
 * or focusing the photo starts the load, so it is there by the click.
 */
const loadLightbox = () => import('@/components/detail/photo-lightbox');
const PhotoLightbox = lazy(() => loadLightbox().then((m) => ({ default: m.PhotoLightbox })));

const M = listingMessages.projectViewer;

export interface PhotoGalleryProps {
  photos: { url: string; title: string }[];
  alt: string;
  /** Shown alone when there are no photos (a listing's cover image). */
  coverUrl?: string;
}

/**
 * A detail page's photos: the big photo with 上一张/下一张 arrows (round the ends), a click on it opens it large
 * (./photo-lightbox.tsx), and a strip of whole thumbnails (six in view, the CSS sizes them to the strip) that
 * scrolls to keep the chosen one in view.
 */
export function PhotoGallery({ photos: given, alt, coverUrl }: PhotoGalleryProps) {
  const photos = given.length === 0 && coverUrl ? [{ url: coverUrl, title: '' }] : given;
  const [index, setIndex] = useState(0);
  const [large, setLarge] = useState(false);
  const strip = useRef<HTMLDivElement>(null);

  // The chosen thumbnail scrolls into the strip's view (the strip only: the page itself stays where it is).
  useEffect(() => {
    const s = strip.current;
    const thumb = s?.children[index];
    if (!s || !(thumb instanceof HTMLElement)) return;
    if (thumb.offsetLeft < s.scrollLeft) s.scrollLeft = thumb.offsetLeft;
    else if (thumb.offsetLeft + thumb.offsetWidth > s.scrollLeft + s.clientWidth)
      s.scrollLeft = thumb.offsetLeft + thumb.offsetWidth - s.clientWidth;
  }, [index]);

  const current = photos[index];
  if (!current) return <div className="gallery gallery--empty" />;
  const step = (by: number) => setIndex((i) => (i + by + photos.length) % photos.length);
  return (
    <div className="gallery">
      <div className="gallery__main">
        <button
          type="button"
          className="gallery__open"
          onClick={() => setLarge(true)}
          onPointerEnter={() => void loadLightbox()}
          onFocus={() => void loadLightbox()}
          aria-label={`${M.viewerLabel} ${current.title}`.trim()}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
          <img src={current.url} alt={`${alt} ${current.title}`.trim()} width={600} height={450} />
        </button>
        {photos.length > 1 && (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" onClick={() => step(-1)} aria-label={M.prev}>
              ‹
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" onClick={() => step(1)} aria-label={M.next}>
              ›
            </button>
          </>
        )}
        <span className="gallery__caption">
          {current.title} {M.position(index + 1, photos.length)}
        </span>
      </div>
      <div className="gallery__thumbs" ref={strip} hidden={photos.length < 2}>
        {photos.map((p, i) => (
          <button
            key={`${p.url}-${i}`}
            type="button"
            className={i === index ? 'is-active' : undefined}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            aria-label={p.title}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- thumbnail */}
            <img src={p.url} alt={p.title} width={96} height={72} loading="lazy" />
          </button>
        ))}
      </div>
      {large && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos.map((p) => ({ url: p.url, label: p.title }))}
            index={index}
            alt={alt}
            onIndex={setIndex}
            onClose={() => setLarge(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
