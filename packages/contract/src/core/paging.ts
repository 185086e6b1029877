/**
 * Paging, declared once (decision 036). Two shapes:
 * - page-numbered lists (every table with a pager): `?page=` (1-based) and an answer of one page
 *   (`items`, `total`, `page`, `pageSize`); the page size is the endpoint's own constant, chosen by the
 *   server, never by the client;
 * - keyset lists (newest first, "more" below): `?limit=` and a cursor of the endpoint's own.
 */
import { z } from 'zod';

/** The highest page number a page-numbered list accepts: a bound on the OFFSET, not a product rule. */
export const MAX_PAGE = 100_000;

/** `?page=`: 1-based, 1 when absent (rules `min` and `max`). */
export const pageParam = z.coerce
  .number()
  .int()
  .min(1, { message: 'min' })
  .max(MAX_PAGE, { message: 'max' })
  .default(1);

/** The query of a page-numbered list: its filters, and `page`. */
export const pageQuery = <S extends z.ZodRawShape = Record<never, never>>(filters?: S) =>
  z.object({ ...(filters ?? ({} as S)), page: pageParam });

/** One page of a page-numbered list: the items, how many match in all, the page and its size. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** `?limit=` of a keyset list: how many items at most, `defaultLimit` when absent. */
export const limitParam = ({ maxLimit, defaultLimit }: { maxLimit: number; defaultLimit: number }) =>
  z.coerce.number().int().min(1, { message: 'min' }).max(maxLimit, { message: 'max' }).default(defaultLimit);
