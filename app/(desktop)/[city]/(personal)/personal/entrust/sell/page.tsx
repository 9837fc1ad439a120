import type { Metadata } from 'next';
import { EntrustFormPage } from '@/components/entrust/entrust-form-page';
import { messages } from '@/lib/messages';

export const metadata: Metadata = { title: messages.entrustForm.titles[1] };

/** 我要卖房 (spec §2 Personal centre); `?entrustId=N` edits one of the owner's sale entrusts. */
export default async function EntrustSellPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <EntrustFormPage businessType={1} entrustId={(await searchParams).entrustId} />;
}
