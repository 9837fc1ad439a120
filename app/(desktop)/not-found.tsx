import { NotFoundView } from '@/components/errors/not-found-view';

/**
 * A desktop page that calls `notFound()`, as the client router draws it on a navigation. The HTML of a 404 is always
 * the document of app/global-not-found.tsx (lib/front/not-found-document.ts); this is the same page inside the root.
 */
export default function NotFound() {
  return (
    <main className="error-shell">
      <NotFoundView />
    </main>
  );
}
