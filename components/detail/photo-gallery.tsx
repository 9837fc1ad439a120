import { PhotoGalleryFrame } from './photo-gallery-frame';
import { PhotoGalleryShell } from './photo-gallery-shell';

export interface PhotoGalleryProps {
  photos: { url: string; title: string }[];
  alt: string;
  /** Shown alone when there are no photos (a listing's cover image). */
  coverUrl?: string;
}

/**
 * A detail page's photos (./photo-gallery-live.tsx says what they do), rendered here on the server with the first one
 * chosen; the gallery's code loads on its first press (./photo-gallery-shell.tsx; first-load JS, docs/performance.md).
 */
export function PhotoGallery({ photos: given, alt, coverUrl }: PhotoGalleryProps) {
  const photos = given.length === 0 && coverUrl ? [{ url: coverUrl, title: '' }] : given;
  if (photos.length === 0) return <div className="gallery gallery--empty" />;
  return (
    <PhotoGalleryShell photos={photos} alt={alt}>
      <PhotoGalleryFrame photos={photos} alt={alt} index={0} />
    </PhotoGalleryShell>
  );
}
