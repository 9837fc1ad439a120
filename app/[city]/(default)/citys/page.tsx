import type { Metadata } from 'next';
import { AllCities } from '@/components/city/all-cities';
import { getCityList } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';

export const metadata: Metadata = { title: `${messages.allCities} - ${messages.brand}` };

export default async function CitysPage() {
  return <AllCities cities={await getCityList()} settings={config} />;
}
