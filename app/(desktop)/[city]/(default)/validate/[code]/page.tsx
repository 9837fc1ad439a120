import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseVerifyCode } from '@contracts/verify-code';
import { ValidateForm } from '@/components/fixed/validate-form';
import { messages } from '@/lib/messages';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import { loadShareCard, type ShareCard } from '@/lib/server/share';
import { INVALID_CODE } from '@/lib/share-paths';

interface ValidateCodeProps {
  params: Promise<{ city: string; code: string }>;
}

type Verdict = { kind: 'ok'; code: string; card: ShareCard } | { kind: 'invalid' };

/**
 * What a code is: a current listing (its card), or, at `/validate/invalid`, whatever the form was given that is no code
 * (the proxy sends a mistyped one there too). Any other address is the 404 page: a code in another spelling than the
 * proxy writes, with check digits that disagree, or of no current listing. Anyone can write every well-formed code (it
 * is derived from an id), so such an answer was a page for each, kept a day; now it is a 404, kept in the web process
 * only (lib/front/page-cache/stores.ts isPerItemLandingPage).
 */
async function verdictOf(raw: string): Promise<Verdict> {
  if (raw === INVALID_CODE) return { kind: 'invalid' };
  const parsed = parseVerifyCode(raw);
  if (!parsed.ok || raw !== raw.toUpperCase()) notFound();
  const card = await loadShareCard(parsed.channel, parsed.id);
  if (!card) notFound();
  return { kind: 'ok', code: raw, card };
}

async function load({ params }: ValidateCodeProps) {
  const { city: domain, code } = await params;
  const [city, verdict] = await Promise.all([getCity(domain), verdictOf(decodeURIComponent(code))]);
  if (!city) notFound();
  const seo = seoFor({
    city,
    path: '/validate',
    name: messages.validate.title,
    description: messages.validate.description(city.cityName),
    // One answer per code: the form's page is the one to index.
    noindex: true,
  });
  return { city, verdict, seo };
}

export async function generateMetadata(props: ValidateCodeProps): Promise<Metadata> {
  return (await load(props)).seo.metadata;
}

/**
 * 房源核验 of one code (spec §2 `/validate`): `/validate?code=YJ…` is rewritten here (lib/share-paths.ts).
 * A code of a current listing shows that it is real and its key facts, from the listing's own API; what is no code at
 * all says how a code is written; a code of no current listing is the 404 page.
 */
export default async function ValidateCodePage(props: ValidateCodeProps) {
  const { verdict } = await load(props);
  const V = messages.validate;
  return (
    <div className="container validate-page">
      <h1 className="section__title">{V.title}</h1>
      {verdict.kind === 'ok' ? (
        <>
          <p className="validate-page__code">{V.yourCode(verdict.code)}</p>
          <Verified card={verdict.card} />
        </>
      ) : (
        <section className="validate-result validate-result--bad" role="status">
          <h2>{V.invalid}</h2>
          <p>{V.invalidDetail}</p>
        </section>
      )}
      <h2 className="validate-page__again">{V.again}</h2>
      <ValidateForm />
    </div>
  );
}

function Verified({ card }: { card: ShareCard }) {
  const V = messages.validate;
  const F = V.facts;
  const rows: [string, string][] = [
    [F.kind, card.kindName],
    [F.facts, card.facts.join(' · ')],
    ...(card.price ? [[F.price, card.price] as [string, string]] : []),
    ...(card.listing
      ? ([
          [F.listingNo, card.listing.listingNo],
          [F.listedAt, card.listing.listedAt],
          [F.agent, card.listing.agent],
        ] as [string, string][])
      : []),
  ];
  return (
    <section className="validate-result validate-result--ok" role="status">
      <h2>{V.ok}</h2>
      <p className="validate-result__title">{card.title}</p>
      {card.city && <p>{V.okDetail(card.city.cityName)}</p>}
      <dl className="validate-result__facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={card.url ?? card.path}>{V.viewListing} &gt;</a>
      </p>
    </section>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
