import { createHmac } from 'node:crypto';

/**
 * Names that stand for a user in public (docs/security.md "Private objects"): the folder of their uploads
 * (`ub/entrust/<folder>/…`), the folder of an agent's desk images, and the four-character tag of 优居用户_xxxx on a
 * review. Each is a keyed hash (HMAC-SHA256 with KEY_SECRET) of the id and a purpose, so nobody without the secret
 * can compute a user's folder or tag from the id, nor tell from two folders or tags that they are of the same
 * id: a seller's listing photos and their anonymous reviews cannot be linked by their keys or their name. The
 * purpose keeps the three apart (a user's folder says nothing of their review tag).
 *
 * Stable for a user as long as the secret is: one user's reviews all show the same tag, and every upload of theirs
 * lands in the same folder.
 */
export interface OwnerNames {
  /** A portal user's upload folder (20 hex digits, 80 bits): `ub/<dir>/<folder>/`. */
  folder(userId: number): string;
  /** An agent's desk image folder (by their IM identity): `ub/desk/<folder>/`. */
  deskFolder(agentUserId: number): string;
  /** The tag of a reviewer without a nickname (4 hex digits, contracts/project-review.ts). */
  reviewerTag(userId: number): string;
}

const keyed = (secret: string, purpose: string, id: number) =>
  createHmac('sha256', secret).update(`${purpose}:${id}`).digest('hex');

export function ownerNames(secret: string): OwnerNames {
  return {
    folder: (userId) => keyed(secret, 'upload-folder', userId).slice(0, 20),
    deskFolder: (agentUserId) => keyed(secret, 'desk-folder', agentUserId).slice(0, 20),
    reviewerTag: (userId) => keyed(secret, 'reviewer', userId).slice(0, 4),
  };
}
