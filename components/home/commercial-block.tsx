import Link from 'next/link';
import { CHANNELS, channelIsOn, detailPath } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { CommercialChannel } from '@contracts/commercial';
import { fetchCommercialList } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { commercialPrice } from '@/lib/commercial-format';
import { formatArea } from '@/lib/format';
import { messages } from '@/lib/messages';
import './home.css';

export interface CommercialBlockProps {
  city: City;
  code: CommercialChannel;
  /** How many units: one row of the grid. */
  count?: number;
}

/**
 * A home-page block of one 商铺 / 写字楼 channel (the home shows a block per channel the city has): its newest units
 * with project, type or grade, area and price, and a link to the whole list. Nothing where the city lacks the
 * channel or has no units in it.
 */
export async function CommercialBlock({ city, code, count = 4 }: CommercialBlockProps) {
  if (!channelIsOn(city, code)) return null;
  const channel = CHANNELS[code];
  const page = await fetchCommercialList(code)(await publicContext(), {
    cityCode: city.cityCode,
    page: 1,
    pageSize: count,
  }).catch(rethrowAsPage);
  if (page.list.length === 0) return null;
  return (
    <section className="container section commercial-block">
      <div className="section__head">
        <h2>{messages.commercial.homeTitles[code]}</h2>
        <Link href={channel.listPath}>{messages.viewMore} &gt;</Link>
      </div>
      <ul className="community-grid">
        {page.list.map((item) => {
          const price = commercialPrice(item);
          return (
            <li key={item.id}>
              <Link href={detailPath(code, item.id)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
                <img src={item.coverUrl} alt={item.title} loading="lazy" width={270} height={180} />
                <div className="community-grid__name">{item.projectName}</div>
                <div className="community-grid__meta">
                  {item.typeName} · {formatArea(item.area)} · {item.districtName} {item.businessAreaName}
                </div>
                <div className="community-grid__price">
                  <em>
                    {price.value}
                    {price.unit}
                  </em>{' '}
                  · {price.detail}
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
