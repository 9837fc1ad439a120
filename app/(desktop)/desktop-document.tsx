import { Suspense, type ReactNode } from 'react';
import { ChunkReload } from '@/components/layout/chunk-reload';
import { ProgressBar } from '@/components/layout/progress-bar';
import { Toast } from '@/components/layout/toast';

/**
 * The desktop site's document: the city hosts' root layout (app/(desktop)/layout.tsx) and the 404 page built ahead
 * for every host (app/global-not-found.tsx) draw the same one. Each of them imports its stylesheets itself.
 */
export function DesktopDocument({ children }: { children: ReactNode }) {
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
          In the root layout, not the city's: the root error boundary (app/(desktop)/error.tsx) loads the same check,
          and only code of a layout above it is shared with it; lower down, both carried a copy (docs/performance.md,
          sixth step).
        */}
        <ChunkReload />
        <Suspense fallback={null}>
          <ProgressBar />
        </Suspense>
      </body>
    </html>
  );
}
