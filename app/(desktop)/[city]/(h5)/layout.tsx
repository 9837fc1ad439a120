import type { Viewport } from 'next';
import type { ReactNode } from 'react';
import './h5.css';

/** spec §2 "h5" layout: pages shared to phones (the agent's business card), no header or footer, 375 px wide. */
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function H5Layout({ children }: { children: ReactNode }) {
  return <main className="h5-page">{children}</main>;
}
