import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { REVIEW_BODY_LENGTH, REVIEW_PHOTOS_MAX, REVIEW_UPLOAD_DIR } from '@contracts/project-review';
import { ProjectFrame } from '@/components/project/project-frame';
import { ReviewItem } from '@/components/project/review-parts';
import { DeleteMyReview, ReviewForm } from '@/components/project/review-form';
import { fetchMyReview, fetchUserInfo } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/server/api';
import type { DetailPageProps } from '@/lib/server/channel-detail';
import { messages } from '@/lib/messages';
import { projectDetail } from '@/lib/server/project-detail';
import { projectPath } from '@/lib/project-pages';
import { loginPath } from '@/lib/return-path';
import '@/components/project/review.css';

// Reads the visitor's session: never one render for everyone, never in the page cache (app/(desktop)/[city]/layout.tsx).
export const dynamic = 'force-dynamic';

const M = { ...messages.reviews, ...messages.reviewPages };
const TITLE = messages.loupanSubPages['dianping/add'];

export async function generateMetadata(props: DetailPageProps): Promise<Metadata> {
  const { detail, city } = await projectDetail.load(props);
  return { title: messages.pageTitle(messages.newHome.subPageTitle(TITLE, detail.name), city.cityName) };
}

/**
 * 写点评 (spec §2 "New-home detail"): login required, checked here on the server (the proxy guards only /personal; ARCHITECTURE
 * "Cities and hosts": access is never the proxy's alone). A visitor goes to login with this page as the return
 * path; a user who has reviewed the project sees their review and may delete it; anyone else gets the form.
 */
export default async function AddReviewPage(props: DetailPageProps) {
  const { detail: project, city } = await projectDetail.load(props);
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const user = await fetchUserInfo(ctx).catch(rethrowAsPage);
  // spec §2: a user without a mobile number counts as not logged in.
  if (!user.mobile) redirect(loginPath(await requestedPath()));
  const { review } = await fetchMyReview(ctx, project.id).catch(rethrowAsPage);
  const reviewsPath = projectPath(project.id, 'dianping');
  return (
    <ProjectFrame project={project} city={city} active="dianping" heading={TITLE}>
      {review ? (
        <div className="review-mine">
          <p className="review-mine__notice">{M.alreadyReviewed}</p>
          <ReviewItem review={review} />
          <p className="review-mine__actions">
            <Link className="btn" href={`${reviewsPath}#review-${review.id}`}>
              {M.viewMine}
            </Link>
            <DeleteMyReview reviewId={review.id} />
          </p>
        </div>
      ) : (
        <>
          <p className="review-form__note">{M.formNote}</p>
          <ReviewForm
            projectId={project.id}
            reviewsPath={reviewsPath}
            limits={REVIEW_BODY_LENGTH}
            photoLimits={{ dir: REVIEW_UPLOAD_DIR, max: REVIEW_PHOTOS_MAX }}
          />
          <p className="review-form__back">
            <Link href={reviewsPath}>{M.backToReviews}</Link>
          </p>
        </>
      )}
    </ProjectFrame>
  );
}
