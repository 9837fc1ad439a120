import Link from 'next/link';
import { detailPath } from '@contracts/channels';
import type { EsfListItem } from '@contracts/esf';
import type { RentListItem } from '@contracts/rent';
import { formatArea, formatLayout, formatTotalPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

export type Similar = { channel: 'esf'; list: EsfListItem[] } | { channel: 'rent'; list: RentListItem[] };

/**
 * 相似房源 under a home's detail: up to six homes of the same community or business area with a like price and layout
 * (the backend's /v1/{esf,rent}/similar). Nothing when there are none, or when that call failed: the page stands
 * without it. Photos load lazily: the block sits far below the first screen.
 */
export function SimilarHomes({ similar }: { similar: Similar | null }) {
  if (!similar || similar.list.length === 0) return null;
  const items = similar.list.map((item) => ({
    ...item,
    price:
      similar.channel === 'esf' ? (
        <>
          <strong>{formatTotalPrice((item as EsfListItem).totalPrice)}</strong>
          {messages.totalPriceUnit}
        </>
      ) : (
        <>
          <strong>{(item as RentListItem).monthlyRent}</strong>
          {messages.rentUnit}
        </>
      ),
  }));
  return (
    <section className="section similar-homes" aria-labelledby="similar-homes-title">
      <h2 className="section__title" id="similar-homes-title">
        {messages.similarHomes}
      </h2>
      <ul className="similar-homes__list">
        {items.map((item) => (
          <li key={item.id} className="similar-home">
            <Link href={detailPath(similar.channel, item.id)} className="similar-home__link">
              {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the backend's object store at run time */}
              <img src={item.coverUrl} alt="" loading="lazy" width={180} height={135} />
              <span className="similar-home__title">{item.title}</span>
            </Link>
            <span className="similar-home__facts">
              {formatLayout(item.rooms, item.halls)} | {formatArea(item.area)} | {item.communityName}
            </span>
            <span className="similar-home__price">{item.price}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
