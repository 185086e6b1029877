import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/render';
import { FUND_IDS, fundDetailFixture, fundHoldingFixture } from '../test-fixtures';
import { fundQueryOptions } from '@/lib/queries/funds';
import { DEFAULT_NAV_RANGE, fundNavHistoryQueryOptions } from './get-fund-nav-history';
import { fundHoldingQueryOptions } from './get-holdings';
import { prefetchFundPage } from './prefetch';

const id = FUND_IDS.gold;
const base = `/api/funds/${id}`;

describe('prefetchFundPage (the fund route’s loader)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the very cache entries the fund page reads: the fund, my units of it, the chart’s first range', async () => {
    const nav = { range: DEFAULT_NAV_RANGE, points: [{ navDate: '2026-03-10', nav: '125000' }] };
    const answers: Record<string, () => Response> = {
      [base]: () => jsonResponse(fundDetailFixture()),
      [`${base}/holding`]: () => jsonResponse(fundHoldingFixture()),
      [`${base}/navs?range=${DEFAULT_NAV_RANGE}`]: () => jsonResponse(nav),
    };
    const fetchMock = vi.fn<typeof fetch>((input) => {
      const answer = answers[input as string];
      return Promise.resolve(answer ? answer() : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient({ queries: { retry: false } });

    await prefetchFundPage(client, id);

    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(answers).sort());
    expect(client.getQueryData(fundQueryOptions(id).queryKey)?.id).toBe(id);
    expect(client.getQueryData(fundHoldingQueryOptions(id).queryKey)).not.toBeUndefined();
    expect(client.getQueryData(fundNavHistoryQueryOptions(id, DEFAULT_NAV_RANGE).queryKey)?.points).toHaveLength(1);
  });

  it('asks for nothing without a fund id', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await prefetchFundPage(createQueryClient(), '');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
