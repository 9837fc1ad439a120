import type { ImgHTMLAttributes } from 'react';

export type ServerPhotoProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/**
 * A photo drawn by a server component, without a preload hint. React's server renderer announces every `<img>` that is
 * not lazy as a `preload` hint in the page's payload, and Next's router applies the hints of a page it prefetches to
 * the page being viewed: every link in view to a list or a detail (the menu, the logo, the cards) left that page's
 * first photos and agent photos as `<link rel="preload">` here, never used ("preloaded using link preload but not used
 * within a few seconds", 11–13 of them on a list). React gives no hint for an `<img>` inside `<picture>`; the browser
 * still fetches the photo as soon as it reads the tag (with the `loading` and `fetchPriority` given), and a real
 * navigation draws it. `display: contents` (globals.css) keeps the wrapper out of the layout.
 */
// Not next/image: the photos come from the backend's object store at run time (the portal has no image optimiser).
export function ServerPhoto({ alt, ...img }: ServerPhotoProps) {
  return (
    <picture className="server-photo">
      <img alt={alt} {...img} />
    </picture>
  );
}
