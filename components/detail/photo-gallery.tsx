'use client';
import { useState } from 'react';

export interface PhotoGalleryProps {
  photos: { url: string; title: string }[];
  alt: string;
  /** Shown alone when there are no photos (a listing's cover image). */
  coverUrl?: string;
}

/** Big photo with a thumbnail strip. */
export function PhotoGallery({ photos: given, alt, coverUrl }: PhotoGalleryProps) {
  const photos = given.length === 0 && coverUrl ? [{ url: coverUrl, title: '' }] : given;
  const [index, setIndex] = useState(0);
  const current = photos[index];
  if (!current) return <div className="gallery gallery--empty" />;
  return (
    <div className="gallery">
      <div className="gallery__main">
        {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
        <img src={current.url} alt={`${alt} ${current.title}`} width={600} height={450} />
        <span className="gallery__caption">
          {current.title} {index + 1}/{photos.length}
        </span>
      </div>
      <div className="gallery__thumbs">
        {photos.map((p, i) => (
          <button
            key={`${p.url}-${i}`}
            type="button"
            className={i === index ? 'is-active' : undefined}
            onClick={() => setIndex(i)}
            aria-label={p.title}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- thumbnail */}
            <img src={p.url} alt={p.title} width={96} height={72} loading="lazy" />
          </button>
        ))}
      </div>
    </div>
  );
}
