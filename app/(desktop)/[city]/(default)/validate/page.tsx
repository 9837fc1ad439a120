import type { Metadata } from 'next';
import { ValidateForm } from '@/components/fixed/validate-form';
import { JsonLd } from '@/components/seo/json-ld';
import { fetchHome } from '@/lib/api/endpoints';
import { messages } from '@/lib/messages';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';

interface ValidateProps {
  params: Promise<{ city: string }>;
}

async function seoOf({ params }: ValidateProps) {
  const city = await getCity((await params).city);
  if (!city) return null;
  return {
    city,
    seo: seoFor({
      city,
      path: '/validate',
      name: messages.validate.title,
      description: messages.validate.description(city.cityName),
    }),
  };
}

export async function generateMetadata(props: ValidateProps): Promise<Metadata> {
  return (await seoOf(props))?.seo.metadata ?? {};
}

/**
 * spec §2 fixed route `/validate` (房源核验): the form, and how many listings of the city carry a code. A
 * submitted code is answered at its own address, `/validate/{code}` (validate/[code]/page.tsx).
 */
export default async function ValidatePage(props: ValidateProps) {
  const data = await seoOf(props);
  if (!data) return null;
  const home = await fetchHome(await publicContext(), data.city.cityCode).catch(rethrowAsPage);
  const V = messages.validate;
  return (
    <div className="container validate-page">
      <JsonLd data={data.seo.jsonLd} />
      <h1 className="section__title">{V.title}</h1>
      <p className="validate-page__intro">{V.intro(data.city.cityName, home.stats.esfCount.toLocaleString('en-US'))}</p>
      <ValidateForm />
    </div>
  );
}
