import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { AdminBasketOrder, AdminBasketOrderRow, BasketSettings } from '@portal/contract/admin/baskets';
import type { AdminUniverse } from '@portal/contract/admin/universe';
import type { Proposal } from '@portal/contract/admin/proposals';
import { ROLE_PERMISSIONS, type Permission, type Role } from '@portal/contract/admin/roles';
import { jsonResponse, renderWithApp } from '@/test/render';
import { OperatorProvider } from '../shell/operator';

/** The operator the basket desk's screen tests sign in as, and another one. */
export const OPERATOR_ID = '11111111-2222-4333-8444-555555555555';
export const OTHER_OPERATOR = {
  operatorId: '22222222-3333-4444-8555-666666666666',
  mobile: '+989121000002',
  firstName: 'رضا',
  lastName: 'بازبین',
  at: '2025-08-01T09:30:00.000Z',
};
export const ORDER_ID = '3b4c5d6e-7f80-4a91-8b2c-3d4e5f607182';
export const USER = {
  id: '44444444-5555-4666-8777-888888888888',
  mobile: '+989121114455',
  firstName: 'مریم',
  lastName: 'احمدی',
};

export type Handler = (
  path: string,
  init: RequestInit | undefined,
  query: URLSearchParams,
) => Response | undefined | Promise<Response | undefined>;

/**
 * A page of the basket desk in the app's providers, signed in as an operator of `role` (or with the given
 * permissions), against a fetch double: `handler` answers, anything else is a 404. `sent` lists the bodies
 * of the calls to a path, `urls` the addresses asked.
 */
export function renderDesk(
  page: ReactElement,
  handler: Handler,
  {
    role = 'senior_operator',
    permissions,
    route = '/admin/baskets',
    operatorId = OPERATOR_ID,
  }: { role?: Role; permissions?: readonly Permission[]; route?: string; operatorId?: string } = {},
) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input as string, 'http://x');
    return (
      (await handler(url.pathname, init, url.searchParams)) ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404)
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const operator = {
    id: operatorId,
    role,
    permissions: [...(permissions ?? ROLE_PERMISSIONS[role])],
    firstName: 'سارا',
    lastName: 'اپراتور',
  };
  const view = renderWithApp(<OperatorProvider operator={operator}>{page}</OperatorProvider>, { route });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => (u as string).split('?')[0] === path && (i?.method ?? 'GET') === method)
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  const urls = (path: string) => fetchMock.mock.calls.map(([u]) => u as string).filter((u) => u.split('?')[0] === path);
  return { ...view, sent, urls, fetchMock };
}

export const pageOf = (items: unknown[], total = items.length, page = 1) =>
  jsonResponse({ items, total, page, pageSize: 20 });

export const rowFixture = (over: Partial<AdminBasketOrderRow> = {}): AdminBasketOrderRow => ({
  id: ORDER_ID,
  status: 'Analysed',
  outcome: 'success',
  risk: 35,
  amount: '2000',
  exchanges: ['binance', 'kucoin'],
  marketType: 'all',
  vip: false,
  specialised: false,
  riskAcknowledged: false,
  riskResultId: null,
  feeBps: 50,
  fee: '10',
  failReason: null,
  declineReason: null,
  holding: 'held',
  paidAt: '2025-08-01T10:01:00.000Z',
  builtAt: '2025-08-01T10:02:00.000Z',
  closedAt: null,
  createdAt: '2025-08-01T10:00:00.000Z',
  updatedAt: '2025-08-01T10:02:00.000Z',
  user: USER,
  notesCount: 0,
  approvalsNeeded: 1,
  firstApproval: null,
  decidedBy: null,
  decidedAt: null,
  ...over,
});

export const vipRowFixture = (over: Partial<AdminBasketOrderRow> = {}): AdminBasketOrderRow =>
  rowFixture({
    status: 'PendingVip',
    outcome: 'vip',
    amount: '60000',
    vip: true,
    fee: null,
    holding: null,
    paidAt: null,
    builtAt: null,
    ...over,
  });

export const orderFixture = (over: Partial<AdminBasketOrder> = {}): AdminBasketOrder => ({
  ...rowFixture(),
  construction: {
    weights: [
      { symbol: 'BTC', weight: 0.3 },
      { symbol: 'ETH', weight: 0.25 },
      { symbol: 'SOL', weight: 0.2 },
    ],
    tetherWeight: 0.25,
    expectedVolatility: 0.35,
    expectedReturn: 0.18,
    riskParityVolatility: 0.41,
    shrinkage: 0.27,
    asOf: '2025-07-31',
    assetsConsidered: 38,
    backtest: [],
  },
  operations: [
    {
      id: '5d6e7f80-91a2-4b3c-8d4e-5f6071829304',
      basketId: ORDER_ID,
      kind: 'build',
      status: 'completed',
      trades: [
        {
          symbol: 'BTC',
          exchange: 'binance',
          side: 'buy',
          quantity: '0.01',
          quoteAmount: '597',
          fee: '0.597',
          price: '59700',
        },
      ],
      fees: '10.597',
      proceeds: null,
      createdAt: '2025-08-01T10:01:30.000Z',
      completedAt: '2025-08-01T10:02:00.000Z',
    },
  ],
  journals: [
    { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', kind: 'pay', memo: null, createdAt: '2025-08-01T10:01:00.000Z' },
    { id: 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff', kind: 'build', memo: null, createdAt: '2025-08-01T10:02:00.000Z' },
  ],
  notes: [],
  attempts: 1,
  lastError: null,
  ...over,
});

export const vipOrderFixture = (over: Partial<AdminBasketOrder> = {}): AdminBasketOrder =>
  orderFixture({ ...vipRowFixture(), construction: null, operations: [], journals: [], attempts: 0, ...over });

export const SETTINGS_VALUES = {
  construction: {
    bands: {
      '10': { volatilityTarget: 0.1, tetherShare: 0.6 },
      '25': { volatilityTarget: 0.2, tetherShare: 0.4 },
      '35': { volatilityTarget: 0.35, tetherShare: 0.25 },
      '60': { volatilityTarget: 0.55, tetherShare: 0.1 },
      '100': { volatilityTarget: 0.8, tetherShare: 0 },
    },
    maxWeight: 0.35,
    minWeight: 0.02,
    minAssets: 4,
    maxAssets: 12,
    minHistoryDays: 365,
    meanShrinkage: 0.5,
    maxAnnualReturn: 1,
  },
  feeBps: 50,
  excludedSymbols: ['DOGE'],
  vipSecondReviewAbove: '100000',
};

export const settingsFixture = (over: Partial<BasketSettings> = {}): BasketSettings => ({
  ...SETTINGS_VALUES,
  updatedBy: null,
  updatedAt: '2025-07-01T00:00:00.000Z',
  pendingProposalId: null,
  ...over,
});

export const PROPOSAL_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

export const basketProposalFixture = (after = SETTINGS_VALUES, over: Partial<Proposal> = {}): Proposal => ({
  id: PROPOSAL_ID,
  kind: 'basket_settings',
  status: 'Pending',
  fund: null,
  payload: { kind: 'basket_settings', ...after },
  effect: { kind: 'basket_settings', before: SETTINGS_VALUES, after, waitingOrders: 3, heldBaskets: 7 },
  proposedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
  proposedAt: '2025-08-01T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectReason: null,
  resultId: null,
  ...over,
});

export const universeFixture = (over: Partial<AdminUniverse> = {}): AdminUniverse => ({
  demo: true,
  sandboxTrading: true,
  syncIntervalMinutes: 10,
  exchanges: [
    {
      exchange: 'binance',
      demo: true,
      lastOkAt: '2025-08-01T10:00:00.000Z',
      lastErrorAt: null,
      lastError: null,
      listings: 40,
      closesAdded: 40,
      durationMs: 1500,
    },
    {
      exchange: 'kucoin',
      demo: true,
      lastOkAt: '2025-08-01T09:00:00.000Z',
      lastErrorAt: '2025-08-01T10:00:00.000Z',
      lastError: 'kucoin: timeout',
      listings: 38,
      closesAdded: 0,
      durationMs: null,
    },
  ],
  assets: [
    {
      symbol: 'BTC',
      name: 'Bitcoin',
      quantityScale: 8,
      enabled: true,
      demo: true,
      lastPrice: '59700.5',
      lastPriceAt: '2025-08-01T10:00:00.000Z',
      historyDays: 1096,
      firstDay: '2022-08-01',
      lastDay: '2025-08-01',
      listings: [
        { exchange: 'binance', pair: 'BTCUSDT', margin: true, quantityStep: '0.00001', minNotional: '5' },
        { exchange: 'kucoin', pair: 'BTC-USDT', margin: true, quantityStep: '0.00000001', minNotional: '0.1' },
      ],
    },
    {
      symbol: 'DOGE',
      name: 'Dogecoin',
      quantityScale: 8,
      enabled: false,
      demo: true,
      lastPrice: '0.12',
      lastPriceAt: '2025-08-01T10:00:00.000Z',
      historyDays: 200,
      firstDay: '2025-01-13',
      lastDay: '2025-08-01',
      listings: [{ exchange: 'binance', pair: 'DOGEUSDT', margin: false, quantityStep: '1', minNotional: '5' }],
    },
  ],
  ...over,
});
