'use client';
import { useState } from 'react';
import { PhotoLightbox } from '@/components/detail/photo-lightbox';
import { photoMessages } from '@/lib/client/photo-messages';
import './project.css';

const M = photoMessages.projectViewer;

export interface ViewerGroup {
  kind: string;
  /** `效果图（3张）`, written by the server page. */
  heading: string;
  photos: { url: string; title: string }[];
}

export interface PhotoViewerProps {
  groups: ViewerGroup[];
  alt: string;
}

/**
 * 相册 (spec §2 "New-home detail"): the album by kind; a click on a photo opens it large (./photo-lightbox.tsx), with the
 * previous and next photo of the whole album.
 */
export function PhotoViewer({ groups, alt }: PhotoViewerProps) {
  const all = groups.flatMap((g) => g.photos.map((p) => ({ url: p.url, label: `${g.kind} · ${p.title}` })));
  const [open, setOpen] = useState<number | null>(null);

  let index = 0;
  return (
    <div className="photo-album">
      {groups.map((g) => (
        <section key={g.kind} className="photo-album__group" id={`album-${g.kind}`}>
          <h2>{g.heading}</h2>
          <ul>
            {g.photos.map((p) => {
              const at = index++;
              return (
                <li key={at}>
                  <button
                    type="button"
                    className="photo-album__open"
                    onClick={() => setOpen(at)}
                    aria-label={`${M.viewerLabel} ${p.title}`}
                  >
                    {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
                    <img src={p.url} alt={`${alt} ${p.title}`} width={200} height={150} loading="lazy" />
                  </button>
                  <span>{p.title}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {open !== null && <PhotoLightbox photos={all} index={open} alt={alt} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}
