import { z } from 'zod';
import { ApiError } from '@/lib/api-error';

const uuid = z.uuid();

/** Whether an id from the address can name a record (else the page is "not found" without asking). */
export function isUuid(id: string | undefined): id is string {
  return uuid.safeParse(id).success;
}

/** The error a page shows for an id that names nothing (SPEC §8, 404). */
export function notFound(): ApiError {
  return new ApiError(404, 'NOT_FOUND', 'not found');
}
