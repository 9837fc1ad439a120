import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ProjectFrame } from '@/components/project/project-frame';
import { ReviewItem, ReviewSummaryPanel } from '@/components/project/review-parts';
import { Pagination } from '@/components/listing/pagination';
import { fetchProjectReviews } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { loadProjectSubPage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';
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
  const { project, city, page } = await loadProjectSubPage(props);
  const reviews = await fetchProjectReviews(await publicContext(), project.id, page).catch(rethrowAsPage);
  const pages = Math.ceil(reviews.total / reviews.pageSize);
  // Past the last page is no page of ours (page 1 of a project without reviews is its empty state).
  if (page > 1 && page > pages) notFound();
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
