import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { messages } from '@/lib/messages';

type AboutKey = keyof typeof messages.aboutPages;
interface AboutPageProps {
  params: Promise<{ slug?: string[] }>;
}

/** spec §2 /about and its four sub-pages (also served on www, spec §2 "City-domain redirect"). */
function pageOf(slug: string[] | undefined): AboutKey {
  const key = (slug ?? []).join('/');
  if (!(key in messages.aboutPages)) notFound();
  return key as AboutKey;
}

export async function generateMetadata({ params }: AboutPageProps): Promise<Metadata> {
  return { title: `${messages.aboutPages[pageOf((await params).slug)].title} - ${messages.brand}` };
}

export default async function AboutPage({ params }: AboutPageProps) {
  const current = pageOf((await params).slug);
  const keys = Object.keys(messages.aboutPages) as AboutKey[];
  return (
    <div className="container personal">
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
