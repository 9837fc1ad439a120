import { markChangeHeard } from '../../change-heard';

/**
 * A render reads its data before its page is stored: a page stored this soon after a change may have been
 * rendered from data read before it, so it counts as made before it. (A page may thus be rendered a few extra
 * times in the seconds after a change; it is never kept out of date.)
 */
export const RENDER_ALLOWANCE_MS = 3000;

/**
 * When each tag last changed, per web process: a cached page made before a change to one of its tags is not
 * served again (it is rendered anew on its next visit). Fed by the backend's change feed (./change-feed.ts)
 * and by Next's own revalidateTag/revalidatePath. Every web process reads the same feed, so with a cache
 * shared in Redis each one comes to the same verdict about an entry without asking the others.
 */
export class TagClock {
  private readonly changedAt = new Map<string, number>();
  /** Everything made before this moment is out of date (the backend's data was replaced). */
  private everythingBefore = 0;

  change(tags: readonly string[], at: number): void {
    markChangeHeard();
    for (const tag of tags) {
      if ((this.changedAt.get(tag) ?? 0) < at) this.changedAt.set(tag, at);
    }
  }

  changeEverything(at: number): void {
    markChangeHeard();
    this.everythingBefore = Math.max(this.everythingBefore, at);
    this.changedAt.clear();
  }

  /** Whether an entry made at `madeAt` that shows `tags` missed a change since. */
  isOutOfDate(tags: readonly string[], madeAt: number): boolean {
    if (madeAt < this.everythingBefore) return true;
    return tags.some((tag) => (this.changedAt.get(tag) ?? 0) > madeAt);
  }

  /** Forget changes older than any entry still kept could be: the map must not grow for ever. */
  forgetBefore(at: number): void {
    for (const [tag, changed] of this.changedAt) if (changed < at) this.changedAt.delete(tag);
  }
}
