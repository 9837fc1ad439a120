import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DesktopDocument } from './desktop-document';
import { messages } from '@/lib/messages';
import '../base.css';
import '../globals.css';

export const metadata: Metadata = {
  title: `${messages.titleSuffix} - ${messages.brand}`,
};

/**
 * The root of the city hosts' desktop pages (app/(desktop)/[city]/, where lib/proxy/city.ts rewrites them): one of
 * several root layouts, one per host kind, each with its own document and stylesheet, so that no front loads another's.
 */
export default function DesktopRootLayout({ children }: { children: ReactNode }) {
  return <DesktopDocument>{children}</DesktopDocument>;
}
