import { NotFoundView } from '@/components/errors/not-found-view';

/** spec §2/§8: unknown pages and code 4000000. */
export default function NotFound() {
  return (
    <main className="error-shell">
      <NotFoundView />
    </main>
  );
}
