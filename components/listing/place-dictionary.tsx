import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ChannelDef } from '@contracts/channels';
import type { Dictionary } from '@contracts/dictionary';
import { messages } from '@/lib/messages';
import styles from './place-pages.module.css';
import { formatListPath } from '@/lib/search-path';

export interface PlaceDictionaryProps {
  channel: ChannelDef;
  cityName: string;
  dictionary: Dictionary;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
/** An id for a letter's section that an anchor can name (`#` cannot be one). */
const anchorOf = (letter: string) => `letter-${letter === '#' ? 'other' : letter}`;

/** Names as links; none prefetches (a screenful would ask for hundreds of pages). */
function links<E extends { id: number; name: string }>(entries: E[], href: (e: E) => string): ReactNode {
  return entries.map((e) => (
    <Link key={e.id} href={href(e)} prefetch={false}>
      {e.name}
    </Link>
  ));
}

/**
 * A channel's place dictionary (spec §2 /dictionary): the letters A–Z on top, each jumping to its section, and
 * under each letter the districts, business areas and the channel's communities or projects filed there, each a
 * link into the channel's list filtered to it (dc{id}, dc{district}/ta{id}, e{id}). A big city has thousands of
 * names: the links do not prefetch, and the letters stay in view while scrolling.
 */
export function PlaceDictionary({ channel, cityName, dictionary }: PlaceDictionaryProps) {
  const channelName = messages.channelNames[channel.code];
  const K = messages.placeKinds;
  const present = new Set(dictionary.groups.map((g) => g.letter));
  const letters = present.has('#') ? [...LETTERS, '#'] : LETTERS;
  const placesLabel = dictionary.named ? K[dictionary.named] : null;
  const kind = (label: string, body: ReactNode, count: number) =>
    // dict-kind: the browser tests' handle on a kind of place.
    count > 0 && (
      <div className={`${styles.kind} dict-kind`}>
        <span className={styles.kindLabel}>{label}</span>
        <div className={styles.kindLinks}>{body}</div>
      </div>
    );

  return (
    <div className={`container ${styles.dictPage}`}>
      <nav className="breadcrumb" aria-label={messages.a11y.breadcrumb}>
        <Link href="/">{cityName}</Link> &gt; <Link href={channel.listPath}>{channelName}</Link> &gt;{' '}
        {messages.dictionaryTitle('', channelName, dictionary.named)}
      </nav>
      <h1 className={styles.title}>{messages.dictionaryTitle(cityName, channelName, dictionary.named)}</h1>
      <p className={styles.intro}>{messages.dictionaryIntro(cityName, channelName, dictionary.named)}</p>
      <nav className={styles.letters} aria-label={messages.letterIndex}>
        {letters.map((l) =>
          present.has(l) ? (
            <a key={l} href={`#${anchorOf(l)}`}>
              {l}
            </a>
          ) : (
            <span key={l} className={styles.absent} aria-hidden="true">
              {l}
            </span>
          ),
        )}
      </nav>
      {dictionary.groups.length === 0 ? (
        <div className="empty-state">
          <p>{messages.dictionaryEmpty}</p>
        </div>
      ) : (
        dictionary.groups.map((g) => (
          <section key={g.letter} id={anchorOf(g.letter)} className={styles.letter} aria-label={g.letter}>
            <h2 className={styles.letterHead}>{g.letter}</h2>
            <div className={styles.letterBody}>
              {kind(
                K.districts,
                links(g.districts, (d) => formatListPath(channel, { districtId: d.id })),
                g.districts.length,
              )}
              {kind(
                K.businessAreas,
                links(g.businessAreas, (a) => formatListPath(channel, { districtId: a.districtId, businessAreaId: a.id })),
                g.businessAreas.length,
              )}
              {placesLabel &&
                kind(
                  placesLabel,
                  links(g.places, (p) => formatListPath(channel, { estateId: p.id })),
                  g.places.length,
                )}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
