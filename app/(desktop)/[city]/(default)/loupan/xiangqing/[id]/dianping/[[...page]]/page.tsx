import Link from 'next/link';
import { ProjectFrame } from '@/components/project/project-frame';
import { ReviewItem, ReviewSummaryPanel } from '@/components/project/review-parts';
import { Pagination } from '@/components/listing/pagination';
import { messages } from '@/lib/messages';
import { loadProjectReviewsPage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';
import { projectPath } from '@/lib/project-pages';
import '@/components/project/review.css';

const M = { ...messages.reviews, ...messages.reviewPages };

export const generateMetadata = projectSubPageMetadata('dianping');

/**
 * 点评 (spec §2 "New-home detail"): the summary of a project's reviews, then the reviews newest first,
 * 10 a page (`/dianping/2`). One render for everyone from the page cache; a new or deleted review reports the
 * project's change (`detail:new:{id}`), so the next visit renders it again. Times are written in the browser
 * (components/project/review-time.tsx).
 */
export default async function ProjectReviewsPage(props: ProjectSubPageProps) {
  const { project, city, page, pages, reviews } = await loadProjectReviewsPage(props);
  const addHref = projectPath(project.id, 'dianping/add');
  return (
    <ProjectFrame project={project} city={city} active="dianping" page={page}>
      <ReviewSummaryPanel summary={reviews.summary} addHref={addHref} />
      {reviews.list.length === 0 ? (
        <div className="empty-state review-empty">
          <p>{M.empty}</p>
          <Link className="btn btn--primary" href={addHref}>
            {M.write}
          </Link>
        </div>
      ) : (
        <div className="review-list">
          {reviews.list.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </div>
      )}
      <Pagination page={page} pages={pages} href={(n) => projectPath(project.id, 'dianping', n)} />
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
