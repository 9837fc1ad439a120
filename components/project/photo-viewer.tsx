'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@/lib/client/messages';

const M = messages.projectViewer;

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
 * 相册 (spec §2 "New-home detail"): the album by kind; a click on a photo opens it large, with the previous and next photo of the
 * whole album (arrow keys too), its place in it (`3/12`), and Esc, the close button or a click beside it closes.
 */
export function PhotoViewer({ groups, alt }: PhotoViewerProps) {
  const all = groups.flatMap((g) => g.photos.map((p) => ({ ...p, kind: g.kind })));
  const [open, setOpen] = useState<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const step = useCallback((by: number) => setOpen((i) => (i === null ? i : (i + by + all.length) % all.length)), [all.length]);

  useEffect(() => {
    if (open === null) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(null);
      else if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, step]);

  let index = 0;
  const current = open === null ? null : all[open];
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
      {current && open !== null && (
        <div
          className="photo-viewer"
          role="dialog"
          aria-modal="true"
          aria-label={M.viewerLabel}
          onClick={(e) => e.target === e.currentTarget && setOpen(null)}
        >
          <div className="photo-viewer__frame">
            {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
            <img src={current.url} alt={`${alt} ${current.title}`} width={800} height={600} />
            <div className="photo-viewer__bar">
              <span className="photo-viewer__title">
                {current.kind} · {current.title}
              </span>
              <span className="photo-viewer__position">{M.position(open + 1, all.length)}</span>
            </div>
          </div>
          <button type="button" className="photo-viewer__prev" onClick={() => step(-1)} aria-label={M.prev}>
            ‹
          </button>
          <button type="button" className="photo-viewer__next" onClick={() => step(1)} aria-label={M.next}>
            ›
          </button>
          <button
            type="button"
            ref={closeButton}
            className="photo-viewer__close"
            onClick={() => setOpen(null)}
            aria-label={M.close}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
