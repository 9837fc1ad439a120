import type { Metadata } from 'next';
import { EntrustFormPage } from '@/components/entrust/entrust-form-page';
import { messages } from '@/lib/messages';

export const metadata: Metadata = { title: messages.entrustForm.titles[2] };

/** 我要出租 (spec §2 Personal centre); `?entrustId=N` edits one of the owner's rental entrusts. */
export default async function EntrustRentalPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <EntrustFormPage businessType={2} entrustId={(await searchParams).entrustId} />;
}
