import Link from 'next/link';
import type { ChannelDef } from '@contracts/channels';
import type { Suggestion } from '@contracts/search';
import { messages } from '@/lib/messages';
import styles from './empty-result.module.css';

export interface EmptyResultProps {
  channel: ChannelDef;
  /** The keyword searched, repeated so that the visitor sees what found nothing. */
  keyword?: string;
  /** Places of the channel near what was searched, each with its count (lib/server/similar-searches.ts). */
  similar: { suggestion: Suggestion; path: string }[];
}

/** A list that found nothing: what was searched, similar searches that find something, and a way back to all. */
export function EmptyResult({ channel, keyword, similar }: EmptyResultProps) {
  const words = messages.listWords[channel.code];
  const noun = words?.noun ?? messages.channelNames[channel.code];
  return (
    <div className="empty-state">
      <p>{keyword ? messages.emptyFor(keyword, noun) : (words?.empty ?? messages.emptyList)}</p>
      {similar.length > 0 && (
        <nav className={styles.similar} aria-label={messages.similarSearches}>
          <h2>{messages.similarSearches}</h2>
          <ul>
            {similar.map(({ suggestion: s, path }) => (
              <li key={path}>
                <Link href={path} prefetch={false}>
                  <span className="sug__name">{s.name}</span>
                  <span className="sug__kind">{s.angleName}</span>
                  <span className="sug__desc">{s.describe}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Link href={channel.listPath}>{messages.clearFilters}</Link>
    </div>
  );
}
