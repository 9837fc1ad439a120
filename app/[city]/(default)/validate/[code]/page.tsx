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

type Verdict =
  | { kind: 'ok'; code: string; card: ShareCard }
  | { kind: 'gone'; code: string }
  | { kind: 'check'; code: string }
  | { kind: 'format' };

/** What a code is: a current listing (its card), a well-formed code of none, a mistyped code, or no code. */
async function verdictOf(raw: string): Promise<Verdict> {
  if (raw === INVALID_CODE) return { kind: 'format' };
  const parsed = parseVerifyCode(raw);
  // Only the canonical spelling is an address (the proxy writes it so); anything else is the 404 page.
  if (!parsed.ok && parsed.reason === 'format') notFound();
  if (raw !== raw.toUpperCase()) notFound();
  if (!parsed.ok) return { kind: 'check', code: raw };
  const card = await loadShareCard(parsed.channel, parsed.id);
  return card ? { kind: 'ok', code: raw, card } : { kind: 'gone', code: raw };
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
 * 房源核验 of one code (spec §2 `/validate`, issue 23): `/validate?code=YJ…` is rewritten here (lib/share-paths.ts).
 * A code of a current listing shows that it is real and its key facts, from the listing's own API; a well-formed code
 * of no listing, a mistyped code and what is no code at all each get their own clear answer.
 */
export default async function ValidateCodePage(props: ValidateCodeProps) {
  const { verdict } = await load(props);
  const V = messages.validate;
  const code = verdict.kind === 'format' ? '' : verdict.code;
  return (
    <div className="container validate-page">
      <h1 className="section__title">{V.title}</h1>
      {code && <p className="validate-page__code">{V.yourCode(code)}</p>}
      {verdict.kind === 'ok' ? (
        <Verified card={verdict.card} />
      ) : (
        <section className="validate-result validate-result--bad" role="status">
          <h2>{verdict.kind === 'gone' ? V.gone : verdict.kind === 'check' ? V.badCheck : V.badFormat}</h2>
          <p>{verdict.kind === 'gone' ? V.goneDetail : verdict.kind === 'check' ? V.badCheckDetail : V.badFormatDetail}</p>
        </section>
      )}
      <h2 className="validate-page__again">{V.again}</h2>
      <ValidateForm code={verdict.kind === 'check' ? code : ''} />
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
