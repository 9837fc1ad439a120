import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ChunkReload } from '@/components/layout/chunk-reload';
import { messages } from '@/lib/messages';
import '../../base.css';

export const metadata: Metadata = {
  title: `${messages.desk.title} - ${messages.brand}`,
  robots: { index: false, follow: false },
};

/**
 * The agent desk's root (served on `desk.{root}` only, lib/proxy/desk.ts): the agents' app, so none of the portal's —
 * no header, footer, chat dock, city or desktop stylesheet. It shares the palette and element defaults (app/base.css)
 * and draws the rest with its own styles (components/desk/desk.module.css).
 */
export default function DeskRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>
        {children}
        {/* A chunk of an older build reloads the page (spec §8), as on every front. */}
        <ChunkReload />
      </body>
    </html>
  );
}
