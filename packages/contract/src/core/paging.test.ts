import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE, limitParam, pageOf, pageQuery } from './paging';

describe('pageQuery', () => {
  const query = pageQuery({ status: z.enum(['a', 'b']).optional() });

  it('reads page 1 when absent, coerces the query string, keeps the filters', () => {
    expect(query.parse({})).toEqual({ page: 1 });
    expect(query.parse({ page: '3', status: 'b' })).toEqual({ page: 3, status: 'b' });
  });

  it('refuses pages below 1, above MAX_PAGE and not whole, with the rules min and max', () => {
    const issue = (page: unknown) => query.safeParse({ page }).error?.issues[0]?.message;
    expect(issue('0')).toBe('min');
    expect(issue(String(MAX_PAGE + 1))).toBe('max');
    expect(query.safeParse({ page: '1.5' }).success).toBe(false);
    expect(query.safeParse({ page: 'x' }).success).toBe(false);
    expect(query.parse({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
  });

  it('is only `page` without filters', () => {
    expect(Object.keys(pageQuery().shape)).toEqual(['page']);
  });
});

describe('pageOf', () => {
  it('answers items, total, page and pageSize', () => {
    const page = pageOf(z.object({ id: z.string() }));
    expect(page.parse({ items: [{ id: 'x' }], total: 1, page: 1, pageSize: 20 })).toEqual({
      items: [{ id: 'x' }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    expect(page.safeParse({ items: [], total: 0, page: 1 }).success).toBe(false);
  });
});

describe('limitParam', () => {
  const limit = limitParam({ maxLimit: 100, defaultLimit: 20 });
  it('defaults, coerces and bounds the limit', () => {
    expect(limit.parse(undefined)).toBe(20);
    expect(limit.parse('50')).toBe(50);
    expect(limit.safeParse('0').error?.issues[0]?.message).toBe('min');
    expect(limit.safeParse('101').error?.issues[0]?.message).toBe('max');
  });
});
