import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { ChunkReload } from '@/components/layout/chunk-reload';
import { ProgressBar } from '@/components/layout/progress-bar';
import { Toast } from '@/components/layout/toast';
import { messages } from '@/lib/messages';
import './globals.css';

export const metadata: Metadata = {
  title: `${messages.titleSuffix} - ${messages.brand}`,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        {/* Without scripts nobody asks who is looking: the header's 登录/注册 show as they are (user-box.tsx). */}
        <noscript>
          <style>{'.user-box--pending{visibility:visible}'}</style>
        </noscript>
      </head>
      <body>
        {children}
        <Toast />
        {/*
          In the root layout, not the city's: the root error boundary (app/error.tsx) loads the same check, and only code of
          a layout above it is shared with it; lower down, both carried a copy (docs/performance.md, sixth step).
        */}
        <ChunkReload />
        <Suspense fallback={null}>
          <ProgressBar />
        </Suspense>
      </body>
    </html>
  );
}
