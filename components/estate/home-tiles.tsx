import Link from 'next/link';
import type { ReactNode } from 'react';
import { detailPath } from '@contracts/channels';
import type { EsfListItem } from '@contracts/esf';
import type { RentListItem } from '@contracts/rent';
import { formatArea, formatLayout, formatTotalPrice, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

interface TileProps {
  href: string;
  coverUrl: string;
  title: string;
  facts: string;
  price: ReactNode;
}

function Tile({ href, coverUrl, title, facts, price }: TileProps) {
  return (
    <li className="home-tile">
      <Link href={href}>
        {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the backend's object store at run time */}
        <img src={coverUrl} alt={title} loading="lazy" width={270} height={200} />
        <div className="home-tile__title">{title}</div>
        <div className="home-tile__facts">{facts}</div>
        <div className="home-tile__price">{price}</div>
      </Link>
    </li>
  );
}

/** A few homes for sale of a community, as tiles: layout, area, orientation, total and unit price. */
export function SaleTiles({ homes }: { homes: EsfListItem[] }) {
  return (
    <ul className="home-tiles">
      {homes.map((h) => (
        <Tile
          key={h.id}
          href={detailPath('esf', h.id)}
          coverUrl={h.coverUrl}
          title={h.title}
          facts={`${formatLayout(h.rooms, h.halls)} | ${formatArea(h.area)} | ${h.orientation}`}
          price={
            <>
              <strong>
                {formatTotalPrice(h.totalPrice)}
                {messages.totalPriceUnit}
              </strong>
              <span>{formatUnitPrice(h.unitPrice)}</span>
            </>
          }
        />
      ))}
    </ul>
  );
}

/** A few homes for rent of a community, as tiles: 整租/合租, layout, area and the monthly rent. */
export function RentTiles({ homes }: { homes: RentListItem[] }) {
  return (
    <ul className="home-tiles">
      {homes.map((h) => (
        <Tile
          key={h.id}
          href={detailPath('rent', h.id)}
          coverUrl={h.coverUrl}
          title={h.title}
          facts={`${messages.rentTypes[h.rentType] ?? ''} | ${formatLayout(h.rooms, h.halls)} | ${formatArea(h.area)}`}
          price={
            <strong>
              {h.monthlyRent.toLocaleString('en-US')}
              {messages.rentUnit}
            </strong>
          }
        />
      ))}
    </ul>
  );
}
