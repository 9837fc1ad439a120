import type { AlertHome } from '@contracts/alerts';
import { detailPath } from '@contracts/channels';
import type { ChannelCode } from '@contracts/constants';
import type { Db } from '../../../db/client';

/** A number as the portal prints it: at most two decimals, no trailing zeros. */
export const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

export const wan = (n: number) => `${formatNumber(n)}万`;
export const perMonth = (n: number) => `${n}元/月`;
export const perSqm = (n: number) => `${n}元/㎡`;

/** What a digest card reads of a record; rooms, halls and area where the record has them. */
export interface AlertCardRow {
  id: number;
  title: string;
  coverUrl: string;
  rooms: number | null;
  halls: number | null;
  area: number | null;
  price: number | null;
}

/** A channel's digest card (contracts/alerts.ts AlertHome) from its rows: `3室2厅 89㎡`, its price in the channel's unit. */
export function alertCard(
  channel: ChannelCode,
  unit: (price: number) => string,
  select: (db: Db, ids: number[]) => Promise<AlertCardRow[]>,
) {
  return async (db: Db, ids: number[]): Promise<Map<number, AlertHome>> => {
    if (ids.length === 0) return new Map<number, AlertHome>();
    const rows = await select(db, ids);
    return new Map(
      rows.map((r): [number, AlertHome] => [
        r.id,
        {
          listingId: r.id,
          title: r.title,
          coverUrl: r.coverUrl,
          layoutText: [
            r.rooms !== null ? `${r.rooms}室${r.halls ?? 0}厅` : '',
            r.area !== null ? `${formatNumber(r.area)}㎡` : '',
          ]
            .filter(Boolean)
            .join(' '),
          priceText: r.price === null ? '价格待定' : unit(r.price),
          pcUrl: detailPath(channel, r.id),
        },
      ]),
    );
  };
}
