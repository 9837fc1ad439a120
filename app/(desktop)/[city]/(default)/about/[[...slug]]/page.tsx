import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import { messages } from '@/lib/messages';
import '@/components/personal/personal.css';

type AboutKey = keyof typeof messages.aboutPages;
interface AboutPageProps {
  params: Promise<{ city: string; slug?: string[] }>;
}

/** spec §2 /about and its four sub-pages (also served on www, spec §2 "City-domain redirect"). */
function pageOf(slug: string[] | undefined): AboutKey {
  const key = (slug ?? []).join('/');
  if (!(key in messages.aboutPages)) notFound();
  return key as AboutKey;
}

/** The about pages are the portal's, not a city's: their title has no city; the address is the city host's. */
async function aboutSeo({ params }: AboutPageProps) {
  const { city: domain, slug } = await params;
  const key = pageOf(slug);
  const city = await getCity(domain);
  if (!city) return null;
  const page = messages.aboutPages[key];
  const seo = seoFor({ city, path: key ? `/about/${key}` : '/about', name: page.title, description: page.body });
  return { ...seo, metadata: { ...seo.metadata, title: `${page.title} - ${messages.brand}` } };
}

export async function generateMetadata(props: AboutPageProps): Promise<Metadata> {
  return (await aboutSeo(props))?.metadata ?? {};
}

export default async function AboutPage(props: AboutPageProps) {
  const current = pageOf((await props.params).slug);
  const keys = Object.keys(messages.aboutPages) as AboutKey[];
  const seo = await aboutSeo(props);
  return (
    <div className="container personal">
      <JsonLd data={seo?.jsonLd ?? []} />
      <aside className="personal__menu">
        {keys.map((k) => (
          <Link key={k} href={k ? `/about/${k}` : '/about'} className={k === current ? 'is-active' : undefined}>
            {messages.aboutPages[k].title}
          </Link>
        ))}
      </aside>
      <section className="personal__body">
        <h1 className="section__title">{messages.aboutPages[current].title}</h1>
        <p className="description">{messages.aboutPages[current].body}</p>
      </section>
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
