import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_EXTENSIONS } from '@contracts/upload';
import type { Db, Tx } from '../../db/client';
import { ENTRUST_STATUS, uploads, uploadShares } from '../../db/schema';

/**
 * Which uploads are public (docs/security.md "Private objects"). An upload is published while something public
 * names it: the photos of an entrust that is 已发布 (its listing is on the site), the photos of a review, the
 * user's avatar. Everything else under `ub/` is private: an entrust's photos while 审核中, after 撤回, 下架 or 成交,
 * a chat's images, an upload nobody used.
 *
 * `uploads.published_at` holds the answer, so serving an image needs the one row it looks up anyway (images are on
 * every list page). It is recomputed from the referrers, never toggled: a photo named by two entrusts stays public
 * while either is published. Every change of a referrer calls refreshPublication in its own transaction.
 */

/** Whether something public names the upload `u` (same rule as the migration's backfill, 0013_private_objects). */
const PUBLIC_REFERRER = sql.raw(`(
  exists (select 1 from entrusts e where e.user_id = u.user_id and e.status = ${ENTRUST_STATUS.PUBLISHED}
          and e.photos @> jsonb_build_array(jsonb_build_object('key', u.key)))
  or exists (select 1 from project_reviews r, jsonb_array_elements(r.photos) p where r.user_id = u.user_id
          and right(p->>'url', length(u.key) + 1) = '/' || u.key)
  or exists (select 1 from users s where s.id = u.user_id and right(s.avatar_url, length(u.key) + 1) = '/' || u.key)
)`);

/**
 * Recomputes `published_at` of the uploads `where` selects (by key, or all of a user's published ones): set (kept
 * if already set) when something public names them, cleared otherwise.
 */
async function refresh(db: Db | Tx, where: SQL): Promise<void> {
  await db.execute(sql`
    update uploads u set published_at = case when ${PUBLIC_REFERRER} then coalesce(u.published_at, now()) else null end
    where ${where}`);
}

/** After a referrer of these keys changed (published, taken down, a review written or deleted). */
export async function refreshPublication(db: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await refresh(
    db,
    sql`u.key in (${sql.join(
      [...new Set(keys)].map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** After a user's avatar changed: the new one, and whatever of theirs was public (the old avatar among them). */
export async function refreshUserPublication(db: Db | Tx, userId: number, keys: readonly string[]): Promise<void> {
  const named = keys.length
    ? sql` or u.key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  await refresh(db, sql`u.user_id = ${userId} and (u.published_at is not null${named})`);
}

/** The chat's images: both ends of the conversation may read them (upload_shares). */
export async function shareImages(db: Db, userId: number, agentUserId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(uploadShares)
    .values([...new Set(keys)].map((key) => ({ key, userId, agentUserId })))
    .onConflictDoNothing();
}

/** Who asks for an object: the portal user of the session, or an agent at their desk; neither for a visitor. */
export type Reader = { userId: number } | { agentUserId: number } | null;

/** How an object may be served: to anyone and cached, to this reader alone, or as if it did not exist. */
export type Visibility = 'public' | 'private' | null;

/** The agent's desk uploads are recorded under the negative of their IM identity (modules/im/desk.ts). */
const deskOwner = (agentUserId: number) => -agentUserId;

/**
 * Whether `key` may be served, and how. Outside `ub/` (the seed's pictures): public. Under it, an upload the
 * callback recorded (or its thumbnail): public once published; else private to its owner and to the other end
 * of a chat it was sent in; else nothing, exactly like a key that does not exist. `reader` is asked only for a
 * private object, so a public image costs one lookup by key.
 */
export async function visibilityOf(db: Db, key: string, reader: () => Promise<Reader>): Promise<Visibility> {
  if (!key.startsWith('ub/')) return 'public';
  const thumb = /^(.+)_thumb\.jpg$/.exec(key);
  const candidates = thumb ? UPLOAD_EXTENSIONS.map((ext) => `${thumb[1]}.${ext}`) : [key];
  const [row] = await db
    .select({ key: uploads.key, userId: uploads.userId, thumbKey: uploads.thumbKey, publishedAt: uploads.publishedAt })
    .from(uploads)
    .where(inArray(uploads.key, candidates))
    .limit(1);
  if (!row || (thumb && row.thumbKey !== key)) return null;
  if (row.publishedAt) return 'public';
  const who = await reader();
  if (!who) return null;
  if ('userId' in who ? row.userId === who.userId : row.userId === deskOwner(who.agentUserId)) return 'private';
  const [shared] = await db
    .select({ key: uploadShares.key })
    .from(uploadShares)
    .where(
      and(
        eq(uploadShares.key, row.key),
        'userId' in who ? eq(uploadShares.userId, who.userId) : eq(uploadShares.agentUserId, who.agentUserId),
      ),
    )
    .limit(1);
  return shared ? 'private' : null;
}
