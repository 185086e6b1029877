import type { ErrorBody, ErrorCode } from '@portal/contract/core/errors';

/*
 * The error every API call throws. Kept apart from the client (and free of zod) so that the
 * first load can recognise API errors without loading the schemas.
 */

/** Codes of failures that never reached the server's error catalogue. */
export type ClientErrorCode =
  /** The request did not get an answer (offline, DNS, connection reset…). */
  | 'NETWORK'
  /** An answer that is not the contract's error shape (a proxy's HTML page, a 502 without body…). */
  | 'UNKNOWN'
  /** A successful answer that does not match the endpoint's response schema. */
  | 'INVALID_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details: ErrorBody['details'];

  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string, details?: ErrorBody['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A 401, or a redirect to a login page (SPEC §8 "302: please log in again"): the session is gone. */
export function isSessionError(e: unknown): boolean {
  return isApiError(e) && (e.status === 401 || e.status === 302);
}
