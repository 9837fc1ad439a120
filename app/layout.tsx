import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
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
      <body>
        {children}
        <Toast />
        <Suspense fallback={null}>
          <ProgressBar />
        </Suspense>
      </body>
    </html>
  );
}
