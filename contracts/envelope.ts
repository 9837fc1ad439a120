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

/** Result codes of spec §8, plus the generic ones the backend uses for everything else. */
export const ResultCode = {
  OK: 200,
  /** Bad input: a field missing, of the wrong type, too long or out of range. HTTP 400. */
  BAD_REQUEST: 400,
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
