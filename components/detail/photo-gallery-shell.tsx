'use client';
import { useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import type { GalleryAction, GalleryPhoto } from './photo-gallery-frame';
import type { PhotoGalleryLiveProps } from './photo-gallery-live';

/** The gallery's code: it starts loading when the gallery is pointed at or focused, so it is mostly there by the press. */
const loadLive = () => import('./photo-gallery-live');

/**
 * The server-rendered gallery (`children`, ./photo-gallery-frame.tsx) until its first press, which loads the gallery's
 * code and hands it the press (a step, a thumbnail, the large view) and the focus. Only this is in the first load of
 * the 8 pages with a gallery (docs/performance.md "First-load JavaScript", sixth step).
 */
export function PhotoGalleryShell({ photos, alt, children }: { photos: GalleryPhoto[]; alt: string; children: ReactNode }) {
  const [live, setLive] = useState<{ Live: ComponentType<PhotoGalleryLiveProps>; start: GalleryAction; focus: boolean }>();
  if (live) return <live.Live photos={photos} alt={alt} start={live.start} focus={live.focus} />;
  const press = (e: MouseEvent<HTMLElement>) => {
    const button = (e.target as Element).closest<HTMLElement>('[data-gallery]');
    if (!button) return;
    // A press by keyboard or by a click that focused the button (Safari's clicks do not).
    const focus = button === document.activeElement;
    void loadLive().then((m) => setLive({ Live: m.PhotoGalleryLive, start: button.dataset.gallery!, focus }));
  };
  const prepare = () => void loadLive();
  return (
    <div className="gallery" onClick={press} onPointerEnter={prepare} onFocus={prepare}>
      {children}
    </div>
  );
}
