import type { Ref } from 'react';
import { ServerPhoto } from '@/components/layout/server-photo';
import { photoMessages } from '@/lib/client/photo-messages';

const M = photoMessages.projectViewer;

export interface GalleryPhoto {
  url: string;
  title: string;
}

/** What a press on the gallery asks, on each button as `data-gallery`: `open`, a step (`-1`, `1`) or `#` and a thumbnail. */
export type GalleryAction = string;

export interface PhotoGalleryFrameProps {
  photos: GalleryPhoto[];
  alt: string;
  index: number;
  strip?: Ref<HTMLDivElement> | undefined;
  /** Absent on the server's render: ./photo-gallery-shell.tsx reads the buttons' `data-gallery` instead. */
  onAction?: ((action: GalleryAction) => void) | undefined;
  /** Pointing at or focusing the photo: the large view starts loading. */
  onPrepare?: (() => void) | undefined;
}

/**
 * The gallery's markup for one chosen photo, without state: rendered by the server for the first photo (the page's
 * first load, no gallery code) and by ./photo-gallery-live.tsx once the gallery is used, so both are the same.
 */
export function PhotoGalleryFrame({ photos, alt, index, strip, onAction, onPrepare }: PhotoGalleryFrameProps) {
  const current = photos[index]!;
  const act = onAction && ((e: { currentTarget: HTMLElement }) => onAction(e.currentTarget.dataset.gallery ?? ''));
  return (
    <>
      <div className="gallery__main">
        <button
          type="button"
          className="gallery__open"
          data-gallery="open"
          onClick={act}
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          aria-label={`${M.viewerLabel} ${current.title}`.trim()}
        >
          {/* Drawn by the server on first load: without a preload hint, which the router would apply to every page that
              prefetches this detail (components/layout/server-photo.tsx). */}
          <ServerPhoto src={current.url} alt={`${alt} ${current.title}`.trim()} width={600} height={450} />
        </button>
        {photos.length > 1 && (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              data-gallery="-1"
              onClick={act}
              aria-label={M.prev}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              data-gallery="1"
              onClick={act}
              aria-label={M.next}
            >
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
            data-gallery={`#${i}`}
            onClick={act}
            aria-label={p.title}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- thumbnail */}
            <img src={p.url} alt={p.title} width={96} height={72} loading="lazy" />
          </button>
        ))}
      </div>
    </>
  );
}
