import Link from 'next/link';
import { detailPath } from '@contracts/channels';
import type { ArticleCard } from '@contracts/news';
import { formatArea, formatLayout, formatTotalPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

/** A card's headline price in its kind's unit (contracts/news.ts articleCardSchema). */
function priceOf(card: ArticleCard): string {
  const P = messages.news.cardPrice;
  if (card.price === null || card.price === 0) return P.none;
  const yuan = Math.round(card.price).toLocaleString('en-US');
  if (card.kind === 'esf') return P.esf(formatTotalPrice(card.price));
  return P[card.kind](yuan);
}

/**
 * The cards of what an article mentions, each a link to its page. `origin` is the article's city's address when the
 * page is on another city's host (an article is shown on any host): the record lives on its own city's.
 */
export function ArticleCards({ cards, origin = '' }: { cards: ArticleCard[]; origin?: string }) {
  const N = messages.news;
  return (
    <ul className="article-cards">
      {cards.map((c) => {
        const href = `${origin}${detailPath(c.kind, c.id)}`;
        const facts = [
          c.place,
          c.rooms !== null && c.halls !== null ? formatLayout(c.rooms, c.halls) : null,
          c.area ? formatArea(c.area) : null,
        ]
          .filter(Boolean)
          .join(' · ');
        const body = (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
            <img src={c.coverUrl} alt="" loading="lazy" width={120} height={90} />
            <span className="article-cards__text">
              <span className="article-cards__kind">{N.cardKinds[c.kind]}</span>
              <span className="article-cards__title">{c.title}</span>
              <span className="article-cards__facts">{facts}</span>
              <span className="article-cards__price">{priceOf(c)}</span>
            </span>
          </>
        );
        return (
          <li key={`${c.kind}:${c.id}`}>
            {origin ? (
              <a href={href} className="article-cards__link">
                {body}
              </a>
            ) : (
              <Link href={href} className="article-cards__link">
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
