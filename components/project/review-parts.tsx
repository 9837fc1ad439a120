import Link from 'next/link';
import { REVIEW_PART_KEYS, type ProjectReview, type ReviewSummary } from '@contracts/project-review';
import { messages } from '@/lib/messages';
import { ReviewTime } from './review-time';
import './review.css';

const M = { ...messages.reviews, ...messages.reviewPages };

/** Five stars filled to `value` (an average fills part of a star); read out as `总评4.3星`. */
export function StarBar({ value, label = '' }: { value: number; label?: string }) {
  return (
    <span className="star-bar" role="img" aria-label={`${label}${M.stars(value)}`}>
      <span className="star-bar__fill" style={{ width: `${(value / 5) * 100}%` }} />
    </span>
  );
}

/**
 * The summary of a project's reviews (contracts/project-review.ts): the average 总评 large, the five parts, and
 * how many reviews gave each number of stars.
 */
export function ReviewSummaryPanel({ summary, addHref }: { summary: ReviewSummary; addHref: string }) {
  const overall = summary.averages.overall;
  return (
    <div className="review-summary">
      <div className="review-summary__score">
        {overall === null ? (
          <strong className="review-summary__none">{M.noScore}</strong>
        ) : (
          <>
            <strong>
              {M.score(overall)}
              <small>{M.outOf}</small>
            </strong>
            <StarBar value={overall} label={M.ratingLabels.overall} />
          </>
        )}
        <p>{M.count(summary.count)}</p>
      </div>
      <dl className="review-summary__parts">
        {REVIEW_PART_KEYS.map((k) => {
          const avg = summary.averages[k];
          return (
            <div key={k}>
              <dt>{M.ratingLabels[k]}</dt>
              <dd>{avg === null ? '–' : M.score(avg)}</dd>
            </div>
          );
        })}
      </dl>
      <ul className="review-summary__dist" aria-label={M.distributionLabel}>
        {summary.distribution.map((d) => (
          <li key={d.stars}>
            <span>{M.stars(d.stars)}</span>
            <span className="review-summary__track">
              <span style={{ width: summary.count ? `${(d.count / summary.count) * 100}%` : 0 }} />
            </span>
            <span className="review-summary__n">{d.count}</span>
          </li>
        ))}
      </ul>
      <Link className="btn btn--primary review-summary__write" href={addHref}>
        {M.write}
      </Link>
    </div>
  );
}

/** One review: who, when, the stars, the text as written (line breaks kept), its photos. */
export function ReviewItem({ review: r }: { review: ProjectReview }) {
  return (
    <article className="review" id={`review-${r.id}`} data-review-id={r.id}>
      <header className="review__head">
        <span className="review__author">{r.reviewer}</span>
        <StarBar value={r.ratings.overall} label={M.ratingLabels.overall} />
        <ReviewTime iso={r.createdAt} />
      </header>
      <ul className="review__parts">
        {REVIEW_PART_KEYS.map((k) => (
          <li key={k}>
            {M.ratingLabels[k]} <b>{r.ratings[k]}</b>
          </li>
        ))}
      </ul>
      <p className="review__body">{r.body}</p>
      {r.photos.length > 0 && (
        <div className="review__photos">
          {r.photos.map((p, i) => (
            // The thumbnail the backend made (or the original when it has none), a click away from the original.
            <a
              key={`${p.url}-${i}`}
              className="review__photo"
              href={p.url}
              target="_blank"
              rel="noopener noreferrer"
              title={messages.reviewPhotos.open(i + 1)}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- photos from the backend's store */}
              <img src={p.thumbUrl} alt={p.title || M.photo(i + 1)} width={120} height={90} loading="lazy" />
            </a>
          ))}
        </div>
      )}
    </article>
  );
}
