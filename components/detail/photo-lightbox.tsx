'use client';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { photoMessages } from '@/lib/client/photo-messages';
import '@/components/project/project.css';

const M = photoMessages.projectViewer;

export interface LightboxPhoto {
  url: string;
  /** What the bar under the photo says (`效果图 · 沙盘`, `客厅`). */
  label: string;
}

export interface PhotoLightboxProps {
  photos: LightboxPhoto[];
  /** The photo shown, an index into `photos`. */
  index: number;
  /** Alt text before each photo's label: the listing's or project's name. */
  alt: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * A photo large over the page, as a modal dialog: the previous and next photo (buttons and the arrow keys, round the
 * ends), its place (`3/12`); Esc, the close button or a click beside the photo closes. Focus moves to the close
 * button, Tab stays among the dialog's buttons, and on closing focus goes back to what opened it (the thumbnail or
 * photo clicked), so a keyboard user carries on where they were.
 */
export function PhotoLightbox({ photos, index, alt, onIndex, onClose }: PhotoLightboxProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = photos.length;
  const step = (by: number) => onIndex((index + by + count) % count);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'Tab') {
      const buttons = [...(dialog.current?.querySelectorAll('button') ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const next = buttons[(at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
      if (next) {
        e.preventDefault();
        next.focus();
      }
    } else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  const current = photos[index];
  if (!current) return null;
  return (
    <div
      ref={dialog}
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={M.viewerLabel}
      // A click on the photo focuses the dialog rather than the page, so the keys keep working.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="photo-viewer__frame">
        {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
        <img src={current.url} alt={`${alt} ${current.label}`} width={800} height={600} />
        <div className="photo-viewer__bar">
          <span className="photo-viewer__title">{current.label}</span>
          <span className="photo-viewer__position">{M.position(index + 1, count)}</span>
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="photo-viewer__prev" onClick={() => step(-1)} aria-label={M.prev}>
            ‹
          </button>
          <button type="button" className="photo-viewer__next" onClick={() => step(1)} aria-label={M.next}>
            ›
          </button>
        </>
      )}
      <button type="button" ref={closeButton} className="photo-viewer__close" onClick={onClose} aria-label={M.close}>
        ×
      </button>
    </div>
  );
}
