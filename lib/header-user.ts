/**
 * What the header's user box shows, as `GET /auth/me` (app/(desktop)/[city]/auth/me/route.ts) answers it: the name to
 * greet, or null for a visitor; the chat widget's user id (spec §4).
 */
export interface HeaderUser {
  name: string;
  /** spec §4: the chat widget shows only when a userId exists; its live socket and local history are per user. */
  userId: number;
}
