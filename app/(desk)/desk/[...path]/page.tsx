import { notFound } from 'next/navigation';

// Made-up paths are never kept (docs/security.md "Made-up addresses and the page cache"): each is answered anew.
export const dynamic = 'force-dynamic';

/**
 * Any other path of the desk host (lib/proxy/desk.ts rewrites it here, beside the desk): the 404 page. Without this
 * folder Next would match `/desk/ershoufang/` as the city "desk" of app/(desktop)/[city] and answer the all-cities page; the desk
 * host serves no portal page.
 */
export default function DeskElsewhere(): never {
  notFound();
}
