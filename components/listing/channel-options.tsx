import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ChannelDef } from '@contracts/channels';
import { messages } from '@/lib/messages';
import { formatListPath, type QueryPatch } from '@/lib/search-path';
import type { Conditions, FilterRow } from '@/lib/listing/channel-filters';
import styles from './place-pages.module.css';

export interface ChannelOptionsProps {
  channel: ChannelDef;
  cityName: string;
  conditions: Conditions;
  /** The channel's filter rows, as its list page draws them (./filters/). */
  rows: FilterRow[];
}

/**
 * Every filter option of a channel as a link (spec §2 /options): the places of the filter bar (districts with
 * their business areas, subway lines with their stations), each of the channel's rows, and the sorts. Each
 * link is the list with that one choice, in the codec's own form (lib/search-path.ts). Hundreds of links: none
 * prefetches.
 */
export function ChannelOptions({ channel, cityName, conditions, rows }: ChannelOptionsProps) {
  const L = messages.filterLabels;
  const channelName = messages.channelNames[channel.code];
  const href = (q: QueryPatch) => formatListPath(channel, q);
  const link = (key: string | number, to: string, text: string, className?: string) => (
    <Link key={key} href={to} prefetch={false} className={className}>
      {text}
    </Link>
  );
  const block = (title: string, body: ReactNode) => (
    <section className={styles.block} aria-label={title}>
      <h2 className="section__title">{title}</h2>
      {body}
    </section>
  );
  /** A place and the places within it: a district and its areas, a line and its stations. */
  const tree = (
    places: Conditions['districts'],
    parent: (id: number) => QueryPatch,
    child: (parentId: number, id: number) => QueryPatch,
  ) => (
    <div>
      {places.map((p) => (
        <div className={styles.treeRow} key={p.id}>
          {link(p.id, href(parent(p.id)), p.name, styles.treeParent)}
          <div className={styles.treeChildren}>{p.children.map((c) => link(c.id, href(child(p.id, c.id)), c.name))}</div>
        </div>
      ))}
    </div>
  );

  return (
    <div className={`container ${styles.optionsPage}`}>
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{cityName}</Link> &gt; <Link href={channel.listPath}>{channelName}</Link> &gt;{' '}
        {messages.optionsTitle('', channelName)}
      </nav>
      <h1 className={styles.title}>{messages.optionsTitle(cityName, channelName)}</h1>
      <p className={styles.intro}>{messages.optionsIntro(cityName, channelName)}</p>
      {block(
        L.district,
        tree(
          conditions.districts,
          (districtId) => ({ districtId }),
          (districtId, businessAreaId) => ({ districtId, businessAreaId }),
        ),
      )}
      {conditions.subwayLines.length > 0 &&
        block(
          L.subway,
          tree(
            conditions.subwayLines,
            (lineId) => ({ lineId }),
            (lineId, stationId) => ({ lineId, stationId }),
          ),
        )}
      {rows.map((row) =>
        block(
          row.label,
          <div className={styles.links}>
            {row.options.map((o) => link(o.code, href({ filters: { [row.key]: [o.code] } }), o.label))}
          </div>,
        ),
      )}
      {block(
        messages.optionsSorts,
        <div className={styles.links}>{conditions.sorts.map((s) => link(s.code, href({ sort: s.code }), s.label))}</div>,
      )}
    </div>
  );
}
