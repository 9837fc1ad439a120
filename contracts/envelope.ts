/**
 * Every backend answer has this envelope (ARCHITECTURE "Two processes, one contract").
 * `code` is 200 on success; otherwise one of `ResultCode`, with an HTTP status that means the same.
 */
export interface Envelope<T> {
  code: number;
  succeed: boolean;
  msg: string;
  data: T | null;
}

/**
 * Result codes of spec §8, plus the generic ones the backend uses for everything else.
 * Rule: for a generic client error the code IS the HTTP status (400, 403, 405, 408, 413, 414, 415, 429, 431);
 * only 404 (NOT_FOUND 4000000) and 401 (SESSION_INVALID 4010011002) carry their spec §8 codes.
 */
export const ResultCode = {
  OK: 200,
  /** Bad input: a field missing, of the wrong type, too long or out of range; a malformed URL. HTTP 400. */
  BAD_REQUEST: 400,
  /** A state-changing request from another site (Origin / Referer not the portal). HTTP 403. */
  FORBIDDEN: 403,
  /** A known path asked with a method it does not have. HTTP 405, with `Allow`. */
  METHOD_NOT_ALLOWED: 405,
  /** Request body over API_BODY_LIMIT (1 MiB). HTTP 413. */
  PAYLOAD_TOO_LARGE: 413,
  /** URL or a path parameter too long. HTTP 414. */
  URI_TOO_LONG: 414,
  /** A body that is not application/json. HTTP 415. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests (login, SMS codes). HTTP 429. */
  TOO_MANY_REQUESTS: 429,
  /** Unexpected server failure; the message never carries a stack. HTTP 500. */
  SERVER_ERROR: 500,
  /** spec §8: unknown id → the 404 page. HTTP 404. */
  NOT_FOUND: 4000000,
  /** spec §8: session invalid → clear the credential, go to login with a return path. HTTP 401. */
  SESSION_INVALID: 4010011002,
  /** spec §8: chat message rejected (sensitive words). HTTP 400. */
  MESSAGE_REJECTED: 400002,
  /** Wrong SMS code or password. HTTP 400. */
  LOGIN_FAILED: 4010011001,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ResultCode.OK, succeed: true, msg, data };
}

export function failure(code: number, msg: string): Envelope<never> {
  return { code, succeed: false, msg, data: null };
}
