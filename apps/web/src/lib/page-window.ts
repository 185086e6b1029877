import { PAGINATION_PAGE_NUMBERS } from '@portal/contract/core/constants';

/**
 * The page numbers a pager shows (SPEC §9: 11 of them): a run of consecutive pages around the current
 * one, shifted at either end so that it always shows as many as there are, up to `size`.
 */
export function pageWindow(page: number, pageCount: number, size: number = PAGINATION_PAGE_NUMBERS): number[] {
  if (pageCount < 1) return [];
  const count = Math.min(size, pageCount);
  const current = Math.min(Math.max(1, page), pageCount);
  const first = Math.min(Math.max(1, current - Math.floor((count - 1) / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** The number of pages of `total` rows, `pageSize` a page. */
export function pageCountOf(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}

/** A `page` query parameter as a page number (1 when absent or not a positive whole number). */
export function pageParam(raw: string | null): number {
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
