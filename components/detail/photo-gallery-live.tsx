import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PhotoGalleryFrame, type GalleryAction, type GalleryPhoto } from './photo-gallery-frame';

/**
 * The large view loads when it is first opened, not with the gallery: pointing at or focusing the photo starts the
 * load, so it is there by the click.
 */
const loadLightbox = () => import('@/components/detail/photo-lightbox');
const PhotoLightbox = lazy(() => loadLightbox().then((m) => ({ default: m.PhotoLightbox })));

export interface PhotoGalleryLiveProps {
  photos: GalleryPhoto[];
  alt: string;
  /** The press that loaded this code (./photo-gallery-shell.tsx), done on mount. */
  start: GalleryAction;
  /** Whether the pressed button had the focus: its twin here takes it. */
  focus: boolean;
}

/**
 * A detail page's photos once used: the big photo with 上一张/下一张 arrows (round the ends), a click on it opens it
 * large (./photo-lightbox.tsx), and a strip of whole thumbnails (six in view, the CSS sizes them to the strip) that
 * scrolls to keep the chosen one in view.
 */
export function PhotoGalleryLive({ photos, alt, start, focus }: PhotoGalleryLiveProps) {
  const step = (i: number, action: GalleryAction) =>
    action.startsWith('#') ? Number(action.slice(1)) : (i + Number(action) + photos.length) % photos.length;
  // The first press, made on the server's markup, is this state's start.
  const [index, setIndex] = useState(() => (start === 'open' ? 0 : step(0, start)));
  const [large, setLarge] = useState(start === 'open');
  const root = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);

  const act = (action: GalleryAction) => (action === 'open' ? setLarge(true) : setIndex((i) => step(i, action)));

  // The pressed button's twin here takes the focus as the markup is swapped (before anything else can move it), and
  // before the large view (lazy, so it mounts later) notes what opened it to give the focus back on closing.
  useLayoutEffect(() => {
    if (focus) root.current?.querySelector<HTMLElement>(`[data-gallery="${start}"]`)?.focus();
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The chosen thumbnail scrolls into the strip's view (the strip only: the page itself stays where it is).
  useEffect(() => {
    const s = strip.current;
    const thumb = s?.children[index];
    if (!s || !(thumb instanceof HTMLElement)) return;
    if (thumb.offsetLeft < s.scrollLeft) s.scrollLeft = thumb.offsetLeft;
    else if (thumb.offsetLeft + thumb.offsetWidth > s.scrollLeft + s.clientWidth)
      s.scrollLeft = thumb.offsetLeft + thumb.offsetWidth - s.clientWidth;
  }, [index]);

  return (
    <div className="gallery" ref={root}>
      <PhotoGalleryFrame
        photos={photos}
        alt={alt}
        index={index}
        strip={strip}
        onAction={act}
        onPrepare={() => void loadLightbox()}
      />
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
