import { ResultCode } from '@contracts/envelope';

/** A failed call: the envelope's code (or the HTTP status when there was no envelope) and its message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** spec §8: code 4010011002 or HTTP 401 means the session is no longer valid. */
export function isSessionInvalid(err: unknown): boolean {
  return err instanceof ApiError && (err.code === ResultCode.SESSION_INVALID || err.status === 401);
}

/** spec §8: code 4000000 shows the 404 page. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && (err.code === ResultCode.NOT_FOUND || err.status === 404);
}
