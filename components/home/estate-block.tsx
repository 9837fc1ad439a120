import Link from 'next/link';
import { CHANNELS, detailPath } from '@contracts/channels';
import type { HomeData } from '@contracts/home';
import { formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import './home.css';

export interface EstateBlockProps {
  /** /v1/index hotCommunities: the communities with the most homes for sale, with their reference price. */
  communities: HomeData['hotCommunities'];
}

/** The home page's 热门小区: each community with its reference price and homes for sale, a link to its 小区 page. */
export function EstateBlock({ communities }: EstateBlockProps) {
  if (communities.length === 0) return null;
  const E = messages.estate;
  return (
    <section className="container section estate-block">
      <div className="section__head">
        <h2>{E.hotTitle}</h2>
        <Link href={CHANNELS.estate.listPath}>{E.viewMore} &gt;</Link>
      </div>
      <ul className="community-grid">
        {communities.map((c) => (
          <li key={c.id}>
            <Link href={detailPath('estate', c.id)}>
              {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
              <img src={c.coverUrl} alt={c.name} loading="lazy" width={270} height={180} />
              <div className="community-grid__name">{c.name}</div>
              <div className="community-grid__meta">
                {c.districtName} · {c.businessAreaName}
              </div>
              <div className="community-grid__price">
                {E.referencePrice} <em>{formatUnitPrice(c.avgPrice)}</em> · {E.onSale(c.onSaleCount)}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
