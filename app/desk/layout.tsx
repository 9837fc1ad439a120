import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { messages } from '@/lib/messages';

export const metadata: Metadata = {
  title: `${messages.desk.title} - ${messages.brand}`,
  robots: { index: false, follow: false },
};

/**
 * The agent desk's own layout (served on `desk.{root}` only, lib/proxy/desk.ts): the agents' app, so none of the
 * portal's — no header, footer, chat dock or city — only the root layout's document and toast.
 */
export default function DeskLayout({ children }: { children: ReactNode }) {
  return children;
}
