import type {
  BasketDetail,
  BasketOperation,
  BasketOrder,
  BasketOrderOptions,
  BasketRebalancePreview,
  BasketSummary,
} from '@portal/contract/baskets/orders';
import type { Currency } from '@portal/contract/core/money';
import type { Wallet } from '@portal/contract/wallet/wallets';

export const ORDER_ID = '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
export const OTHER_ORDER_ID = '6c1a8d2f-3b4e-4f60-9b0c-1d2e3f4a5b6c';

/** The order form's options: a quiz result of 30 (band 35, balanced), 2,500 tether, both exchanges. */
export function optionsFixture(over: Partial<BasketOrderOptions> = {}): BasketOrderOptions {
  return {
    limits: { min: '1000', vipFrom: '50000', specialisedAbove: '200000', max: '1000000000' },
    feeBps: 50,
    latestRisk: { id: 'r1', riskNumber: 30, band: 35, takenAt: '2026-11-20T08:00:00.000Z' },
    walletAvailable: '2500',
    exchanges: [
      { exchange: 'binance', assets: { all: 38, margin: 24 } },
      { exchange: 'kucoin', assets: { all: 36, margin: 20 } },
    ],
    demo: false,
    ...over,
  };
}

export function orderFixture(over: Partial<BasketOrder> = {}): BasketOrder {
  return {
    id: ORDER_ID,
    status: 'PaymentPending',
    outcome: 'payment',
    risk: 35,
    amount: '2000',
    exchanges: ['binance', 'kucoin'],
    marketType: 'all',
    vip: false,
    specialised: false,
    riskAcknowledged: false,
    riskResultId: 'r1',
    feeBps: 50,
    fee: null,
    failReason: null,
    declineReason: null,
    holding: null,
    paidAt: null,
    builtAt: null,
    closedAt: null,
    createdAt: '2026-11-27T09:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
    ...over,
  };
}

export const builtOrder = (over: Partial<BasketOrder> = {}) =>
  orderFixture({
    status: 'Analysed',
    outcome: 'success',
    fee: '10',
    holding: 'held',
    paidAt: '2026-11-27T09:01:00.000Z',
    builtAt: '2026-11-27T09:02:00.000Z',
    ...over,
  });

export function summaryFixture(over: Partial<BasketSummary> = {}): BasketSummary {
  return {
    id: ORDER_ID,
    status: 'Analysed',
    holding: 'held',
    risk: 35,
    exchanges: ['binance', 'kucoin'],
    marketType: 'all',
    invested: '2000',
    value: '2150.5',
    gain: '150.5',
    gainRatio: 0.07525,
    drift: 0.031,
    demo: false,
    createdAt: '2026-11-27T09:00:00.000Z',
    builtAt: '2026-11-27T09:02:00.000Z',
    closedAt: null,
    ...over,
  };
}

export function operationFixture(over: Partial<BasketOperation> = {}): BasketOperation {
  return {
    id: '7d2b9e3a-4c5f-4a71-8c1d-2e3f4a5b6c7d',
    basketId: ORDER_ID,
    kind: 'build',
    status: 'completed',
    trades: [
      {
        symbol: 'BTC',
        exchange: 'binance',
        side: 'buy',
        quantity: '0.01',
        quoteAmount: '600',
        fee: '0.6',
        price: '60000',
      },
      {
        symbol: 'ETH',
        exchange: 'kucoin',
        side: 'buy',
        quantity: '0.2',
        quoteAmount: '590',
        fee: '0.59',
        price: '2950',
      },
    ],
    fees: '11.19',
    proceeds: null,
    createdAt: '2026-11-27T09:01:00.000Z',
    completedAt: '2026-11-27T09:02:00.000Z',
    ...over,
  };
}

export function detailFixture(over: Partial<BasketDetail> = {}): BasketDetail {
  return {
    ...summaryFixture(),
    order: builtOrder(),
    holdings: [
      {
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.01',
        price: '65000',
        priceAt: '2026-11-27T10:00:00.000Z',
        value: '650',
        weight: 0.3022,
        targetWeight: 0.3,
        demo: false,
      },
      {
        symbol: 'ETH',
        name: 'Ethereum',
        quantity: '0.2',
        price: '3000',
        priceAt: '2026-11-27T10:00:00.000Z',
        value: '600',
        weight: 0.279,
        targetWeight: 0.3,
        demo: false,
      },
      {
        symbol: 'USDT',
        name: 'Tether',
        quantity: '900.5',
        price: '1',
        priceAt: null,
        value: '900.5',
        weight: 0.4187,
        targetWeight: 0.4,
        demo: false,
      },
    ],
    construction: {
      weights: [
        { symbol: 'BTC', weight: 0.3 },
        { symbol: 'ETH', weight: 0.3 },
      ],
      tetherWeight: 0.4,
      expectedVolatility: 0.3412,
      expectedReturn: 0.18,
      riskParityVolatility: 0.3,
      shrinkage: 0.2,
      asOf: '2026-11-26',
      assetsConsidered: 30,
      backtest: [
        { day: '2026-11-24', basket: 1, bitcoin: 1, tether: 1 },
        { day: '2026-11-25', basket: 1.02, bitcoin: 1.05, tether: 1 },
        { day: '2026-11-26', basket: 1.01, bitcoin: null, tether: 1 },
      ],
    },
    history: [
      { day: '2026-11-27', value: '2140' },
      { day: '2026-11-28', value: '2150.5' },
    ],
    operations: [operationFixture()],
    ...over,
  };
}

export function previewFixture(over: Partial<BasketRebalancePreview> = {}): BasketRebalancePreview {
  return {
    basketId: ORDER_ID,
    value: '2150.5',
    trades: [
      {
        symbol: 'BTC',
        exchange: 'binance',
        side: 'sell',
        quantity: '0.0001',
        quoteAmount: '6.5',
        fee: '0.0065',
        price: '65000',
      },
      {
        symbol: 'ETH',
        exchange: 'kucoin',
        side: 'buy',
        quantity: '0.005',
        quoteAmount: '15',
        fee: '0.015',
        price: '3000',
      },
    ],
    estimatedFees: '0.0215',
    feeBps: 10,
    driftBefore: 0.031,
    driftAfter: 0.002,
    needed: true,
    asOf: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}

export function walletsOf(available: Partial<Record<Currency, string>>): { items: Wallet[] } {
  return {
    items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency, i) => ({
      walletId: `00000000-0000-4000-8000-00000000000${i + 1}`,
      currency,
      available: available[currency] ?? '0',
      held: '0',
      total: available[currency] ?? '0',
    })),
  };
}

/** The `Idempotency-Key` a request carried. */
export const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];
