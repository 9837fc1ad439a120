import { ServerPhoto } from '@/components/layout/server-photo';
import { messages } from '@/lib/messages';
import './fixed-pages.css';

export interface ShareViewProps {
  /** What is shared: its kind, title, facts and price as its page shows them. */
  kindName: string;
  title: string;
  facts: readonly string[];
  price: string | null;
  coverUrl: string;
  /** The absolute address the QR code and the link open. */
  url: string;
  /** The QR code of `url`, drawn on the server (lib/server/qr.ts). */
  qr: string;
}

/**
 * The landing card of `/share`: the item as its page sums it up, its address as a link to copy, and a QR
 * code for opening it on a phone. Text from the data is rendered as text.
 */
export function ShareView({ kindName, title, facts, price, coverUrl, url, qr }: ShareViewProps) {
  const S = messages.share;
  return (
    <section className="share-card">
      <div className="share-card__item">
        {coverUrl && <ServerPhoto className="share-card__cover" src={coverUrl} alt={title} width={360} height={270} />}
        <div className="share-card__text">
          <span className="news-tag">{kindName}</span>
          <h1 className="share-card__title">{title}</h1>
          {facts.length > 0 && <p className="share-card__facts">{facts.join(' · ')}</p>}
          {price && <p className="share-card__price">{price}</p>}
          <p className="share-card__hint">{S.copyHint}</p>
          <input className="share-card__url" readOnly value={url} aria-label={S.copyHint} />
          <p>
            <a className="share-card__open" href={url}>
              {S.open}
            </a>
          </p>
        </div>
      </div>
      <figure className="share-card__qr">
        <ServerPhoto src={qr} alt={messages.news.qrAlt(title)} width={180} height={180} />
        <figcaption>{S.scan}</figcaption>
      </figure>
    </section>
  );
}
