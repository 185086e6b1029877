import { z } from 'zod';
import { ApiError, isApiError } from '@/lib/api-error';

const uuid = z.uuid();

/** Whether an id from the address can name an order (else the page is "not found" without asking). */
export function isUuid(id: string | undefined): id is string {
  return uuid.safeParse(id).success;
}

/** The error a page shows for an id that names nothing (SPEC §8, 404). */
export function notFound(): ApiError {
  return new ApiError(404, 'NOT_FOUND', 'not found');
}

/**
 * A failure that says nothing about whether the money moved (no answer, a server failure): only a retry with
 * the same idempotency key is offered, so the same payment is never made twice.
 */
export function isUncertain(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return (
    error.code === 'NETWORK' || error.code === 'UNKNOWN' || error.code === 'INVALID_RESPONSE' || error.status >= 500
  );
}
