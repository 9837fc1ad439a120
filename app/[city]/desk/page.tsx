import type { Metadata } from 'next';
import { DeskApp } from '@/components/desk/desk-app';
import { messages } from '@/lib/messages';

// The desk is one agent's, and its cookie is read by its own calls only (Path /api/desk): the page itself is
// the same shell for everyone but never goes into the page cache or a shared cache, so it stays dynamic.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: `${messages.desk.title} - ${messages.brand}`,
  robots: { index: false, follow: false },
};

/**
 * 经纪人工作台 (issue 10 "The agent side"): no portal header or footer, no chat widget; the client app logs in with
 * the operator's token and works the agent's conversations through /api/desk/*.
 */
export default function DeskPage() {
  return <DeskApp copy={messages.desk} />;
}
