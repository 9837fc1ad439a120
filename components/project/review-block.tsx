import Link from 'next/link';
import { REVIEW_PART_KEYS, type ReviewPage } from '@contracts/project-review';
import { messages } from '@/lib/messages';
import { projectPath } from '@/lib/project-pages';
import { ReviewItem, StarBar } from './review-parts';
import './review.css';

const M = { ...messages.reviews, ...messages.reviewPages };

/** The detail page's 点评 block: the average and its parts, the two newest reviews, and the way to all of them. */
export function ReviewBlock({ projectId, reviews }: { projectId: number; reviews: ReviewPage }) {
  const { summary } = reviews;
  const overall = summary.averages.overall;
  return (
    <section className="section review-block">
      <div className="section__head">
        <h2 className="section__title">{messages.loupanSubPages.dianping}</h2>
        <Link className="btn" href={projectPath(projectId, 'dianping/add')}>
          {M.write}
        </Link>
      </div>
      {overall === null ? (
        <p className="review-block__empty">
          {M.empty} <Link href={projectPath(projectId, 'dianping/add')}>{M.write}</Link>
        </p>
      ) : (
        <>
          <p className="review-block__score">
            <strong>{M.score(overall)}</strong>
            {M.outOf}
            <StarBar value={overall} label={M.ratingLabels.overall} />
            {REVIEW_PART_KEYS.map((k) => (
              <span key={k}>
                {M.ratingLabels[k]} {summary.averages[k] === null ? '–' : M.score(summary.averages[k]!)}
              </span>
            ))}
          </p>
          {reviews.list.slice(0, 2).map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
          <Link className="review-block__all" href={projectPath(projectId, 'dianping')}>
            {M.viewAll(summary.count)}
          </Link>
        </>
      )}
    </section>
  );
}
