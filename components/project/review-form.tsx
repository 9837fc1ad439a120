'use client';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { UPLOAD_MAX_MB } from '@contracts/constants';
import { CONTACT_FIELD_LABELS, contactDetailsMessage, hasContactDetails } from '@contracts/contact-details';
import type { ProjectReview, ReviewRatings } from '@contracts/project-review';
import { reviewTextLength, reviewVisibleLength } from '@contracts/review-text';
import type { PhotoRef } from '@contracts/upload';
import { PhotoUpload } from '@/components/upload/photo-upload';
import { messages } from '@/lib/client/messages';
import { formMessages } from '@/lib/client/form-messages';
import './review.css';

const M = formMessages.reviews;
/** contracts/project-review.ts REVIEW_RATING_KEYS; written out so no zod reaches the browser. */
const RATING_KEYS = ['overall', 'location', 'transport', 'amenities', 'environment', 'value'] as const;
type RatingKey = (typeof RATING_KEYS)[number];
type Ratings = Partial<Record<RatingKey, number>>;

export interface ReviewFormProps {
  projectId: number;
  /** The 点评 page, where a posted review shows first. */
  reviewsPath: string;
  limits: { min: number; max: number };
  /** Review photos: their upload dir and how many (contracts/project-review.ts REVIEW_UPLOAD_DIR, REVIEW_PHOTOS_MAX). */
  photoLimits: { dir: string; max: number };
}

/** Five stars to pick from, a radio group read out as `总评` with `4星 不错`. */
function StarPicker({
  name,
  label,
  value,
  error,
  onPick,
}: {
  name: RatingKey;
  label: string;
  value?: number;
  error?: string;
  onPick: (n: number) => void;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value || 0;
  return (
    <div className={`star-picker${name === 'overall' ? ' star-picker--overall' : ''}`}>
      <span className="star-picker__label" id={`stars-${name}`}>
        {label}
      </span>
      <span role="radiogroup" aria-labelledby={`stars-${name}`} className="star-picker__stars" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={M.stars(n)}
            className={n <= shown ? 'is-on' : undefined}
            onMouseEnter={() => setHover(n)}
            onClick={() => onPick(n)}
          >
            ★
          </button>
        ))}
      </span>
      <span className="star-picker__word">{shown ? M.starWords[shown] : ''}</span>
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

/** Reads the 点评 page until it shows the review: the web hears of the change within about a second. */
async function untilShown(path: string, reviewId: number): Promise<void> {
  const marker = `data-review-id="${reviewId}"`;
  for (let i = 0; i < 12; i++) {
    try {
      const res = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
      if ((await res.text()).includes(marker)) return;
    } catch {
      // Go there anyway after the last try.
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

/**
 * 写点评: stars for 总评 and the five parts, the text with its count and limits, checked here first (what the
 * backend checks too), then posted; the backend's message is shown when it refuses (already reviewed, too many
 * tries, session gone). Photos are optional: the upload (components/upload/photo-upload.tsx) puts them in the
 * user's own ub/review folder and the review names them by key (no one names another user's photo).
 */
export function ReviewForm({ projectId, reviewsPath, limits, photoLimits }: ReviewFormProps) {
  const [ratings, setRatings] = useState<Ratings>({});
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<PhotoRef[]>([]);
  const photoBox = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Partial<Record<RatingKey | 'body' | 'photos', string>>>({});
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const length = reviewTextLength(body);

  const check = () => {
    const found: Partial<Record<RatingKey | 'body' | 'photos', string>> = {};
    for (const k of RATING_KEYS) if (!ratings[k]) found[k] = M.pickStars(M.ratingLabels[k]);
    if (reviewVisibleLength(body) < limits.min) found.body = M.tooShort(limits.min);
    else if (length > limits.max) found.body = M.tooLong(limits.max);
    // The backend refuses these too (contracts/project-review.ts); saying so here spares the round trip.
    else if (hasContactDetails(body)) found.body = contactDetailsMessage(CONTACT_FIELD_LABELS.reviewBody);
    // A photo still going up would be left out of the review: wait for it (the upload marks itself busy).
    if (photoBox.current?.querySelector('[data-busy="true"]')) found.photos = formMessages.upload.notFinished;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError('');
    if (!check()) return;
    setSending(true);
    try {
      const [{ browserContext, handleSessionError }, { addProjectReview }] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      let review: ProjectReview;
      try {
        review = await addProjectReview(browserContext(), {
          projectId,
          ratings: ratings as ReviewRatings,
          body: body.trim(),
          photos: photos.map((p) => p.key),
        });
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      await untilShown(reviewsPath, review.id);
      window.location.assign(reviewsPath);
    } catch (err) {
      setServerError(err instanceof Error && err.message ? err.message : messages.serverBusy);
      setSending(false);
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="review-form__stars">
        {RATING_KEYS.map((k) => (
          <StarPicker
            key={k}
            name={k}
            label={M.ratingLabels[k]}
            value={ratings[k]}
            error={errors[k]}
            onPick={(n) => {
              setRatings((r) => ({ ...r, [k]: n }));
              setErrors((e) => ({ ...e, [k]: undefined }));
            }}
          />
        ))}
      </div>
      <label className="review-form__label" htmlFor="review-body">
        {M.bodyLabel}
        <span>{M.bodyLimits(limits.min, limits.max)}</span>
      </label>
      <textarea
        id="review-body"
        className="review-form__body"
        value={body}
        rows={7}
        placeholder={M.bodyPlaceholder}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby="review-body-count"
        onChange={(e) => {
          setBody(e.target.value);
          // A shown length error goes once the text is within the limits.
          const value = e.target.value;
          if (errors.body && reviewVisibleLength(value) >= limits.min && reviewTextLength(value) <= limits.max)
            setErrors((all) => ({ ...all, body: undefined }));
        }}
      />
      <div className="review-form__meta">
        {errors.body ? <span className="field-error">{errors.body}</span> : <span />}
        <span id="review-body-count" className={length > limits.max ? 'review-form__count is-over' : 'review-form__count'}>
          {M.bodyCount(length, limits.max)}
        </span>
      </div>
      <div className="review-form__photos" ref={photoBox}>
        <span className="review-form__label">{formMessages.reviewPhotos.label}</span>
        <PhotoUpload
          value={photos}
          onChange={(next) => {
            setPhotos(next);
            setErrors((e) => ({ ...e, photos: undefined }));
          }}
          max={photoLimits.max}
          userDir={photoLimits.dir}
          hint={formMessages.reviewPhotos.hint(photoLimits.max, UPLOAD_MAX_MB)}
        />
        {errors.photos && (
          <span className="field-error" role="alert">
            {errors.photos}
          </span>
        )}
      </div>
      {serverError && (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="btn btn--primary review-form__submit" disabled={!hydrated || sending}>
        {sending ? M.submitting : M.submit}
      </button>
    </form>
  );
}

/** Deletes the user's own review (after a confirmation); the page then offers the form again. */
export function DeleteMyReview({ reviewId }: { reviewId: number }) {
  const router = useRouter();
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const hydrated = useHydrated();

  const remove = async () => {
    if (!window.confirm(M.confirmDelete)) return;
    setState({ busy: true, error: '' });
    try {
      const [{ browserContext, handleSessionError }, { deleteProjectReview }] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      try {
        await deleteProjectReview(browserContext(), reviewId);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      router.refresh();
    } catch (err) {
      setState({ busy: false, error: err instanceof Error && err.message ? err.message : messages.serverBusy });
    }
  };

  return (
    <>
      <button type="button" className="btn" disabled={!hydrated || state.busy} onClick={() => void remove()}>
        {state.busy ? M.deleting : M.deleteMine}
      </button>
      {state.error && (
        <span className="form-error" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}
