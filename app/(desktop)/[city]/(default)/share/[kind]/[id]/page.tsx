import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShareView } from '@/components/fixed/share-card';
import { JsonLd } from '@/components/seo/json-ld';
import { messages } from '@/lib/messages';
import { getCity } from '@/lib/server/city-data';
import { config } from '@/lib/server/config';
import { qrDataUrl } from '@/lib/server/qr';
import { seoFor } from '@/lib/server/seo';
import { loadShareCard } from '@/lib/server/share';
import { cityOrigin } from '@/lib/host';
import { isShareKind, sharePath } from '@/lib/share-paths';

interface SharePageProps {
  params: Promise<{ city: string; kind: string; id: string }>;
}

/** The shared item and the city of the host, or the 404 page for what is not (or no longer) there. */
async function load({ params }: SharePageProps) {
  const { city: domain, kind, id } = await params;
  if (!isShareKind(kind) || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  const [card, city] = await Promise.all([loadShareCard(kind, Number(id)), getCity(domain)]);
  if (!card || !city) notFound();
  const url = card.url ?? `${cityOrigin(city.cityDomain, config)}${card.path}`;
  const seo = seoFor({
    city,
    path: sharePath(card.kind, card.id),
    name: messages.share.title(card.title),
    description: messages.share.description(card.kindName, card.title, card.facts.join('，')),
    image: card.coverUrl || undefined,
    // A share page repeats its item's page: the item's own address is the one to index.
    noindex: true,
  });
  return { card, url, seo };
}

export async function generateMetadata(props: SharePageProps): Promise<Metadata> {
  return (await load(props)).seo.metadata;
}

/**
 * spec §2 fixed routes `/share?type={kind}&id={id}` and `/share.html?…` (rewritten to this path, lib/share-paths.ts):
 * the landing page of a shared listing, project, community, agent or article, with the QR code of its page for
 * opening it on a phone. Served on www too (spec §2: exempt from the city redirect); the item's link goes to its
 * own city's host.
 */
export default async function SharePage(props: SharePageProps) {
  const { card, url, seo } = await load(props);
  const qr = await qrDataUrl(url);
  return (
    <div className="container share-page">
      <JsonLd data={seo.jsonLd} />
      <ShareView
        kindName={card.kindName}
        title={card.title}
        facts={card.facts}
        price={card.price}
        coverUrl={card.coverUrl}
        url={url}
        qr={qr}
      />
    </div>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
