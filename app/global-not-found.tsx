import type { Metadata } from 'next';
import { NotFoundView } from '@/components/errors/not-found-view';
import { DesktopDocument } from './(desktop)/desktop-document';
import { messages } from '@/lib/messages';
import './base.css';
import './globals.css';

export const metadata: Metadata = {
  title: `${messages.titleSuffix} - ${messages.brand}`,
};

/**
 * spec §2/§8: unknown pages and code 4000000. With one root layout per host kind there is no layout above them all to
 * draw a 404 in, so Next builds this document for an address no route matches (`/_not-found`, prerendered); the web
 * server sends it for every HTML 404 of any host (lib/front/not-found-document.ts). It is the desktop site's page.
 */
export default function GlobalNotFound() {
  return (
    <DesktopDocument>
      <main className="error-shell">
        <NotFoundView />
      </main>
    </DesktopDocument>
  );
}
