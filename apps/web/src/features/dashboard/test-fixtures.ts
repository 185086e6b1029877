import {
  portfolioHistorySchema,
  portfolioStateSchema,
  type PnlFigure,
  type PortfolioHistory,
  type PortfolioHolding,
  type PortfolioState,
  type ValuationCurrency,
} from '@portal/contract/account/portfolio';

/**
 * The portfolio of the demo investor as the contract answers it (each fixture is parsed by the contract's
 * schema, so a change of the contract breaks the fixtures first): 350 units of the gold fund bought for
 * 3,500,000 toman and worth 3,600,000 now, 1,000,000 toman and 2.5 tether in the wallets, the tether at
 * 60,000 toman.
 */
/** The four wallets (`GET /wallets`): the holdings list links a wallet to its page by id. */
export const WALLET_IDS = {
  IRR: '00000000-0000-4000-8000-000000000001',
  IRT: '00000000-0000-4000-8000-000000000002',
  USD: '00000000-0000-4000-8000-000000000003',
  USDT: '00000000-0000-4000-8000-000000000004',
} as const;
export const walletsFixture = () => ({
  items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency) => ({
    walletId: WALLET_IDS[currency],
    currency,
    available: '0',
    held: '0',
    total: '0',
  })),
});

export const GOLD_FUND_ID = '30000000-0000-4000-8000-000000000001';

export const goldHolding = (over: Partial<PortfolioHolding> = {}): PortfolioHolding => ({
  key: `fund:${GOLD_FUND_ID}`,
  kind: 'metals',
  fundId: GOLD_FUND_ID,
  fundCode: 'GOLD',
  name: { fa: 'صندوق طلای کهربا', en: 'Kahroba gold fund', ar: 'صندوق كهربا للذهب' },
  currency: 'IRT',
  quantity: '350.5',
  nav: '10271.0414',
  navDate: '2026-11-26',
  nativeValue: '3600000',
  value: '3600000',
  share: 0.75,
  costBasis: '3500000',
  gain: '100000',
  gainRatio: 0.02857,
  approximate: false,
  ...over,
});

const wallet = (currency: 'IRT' | 'USDT', quantity: string, value: string, share: number): PortfolioHolding => ({
  key: `wallet:${currency}`,
  kind: 'wallet',
  fundId: null,
  fundCode: null,
  name: null,
  currency,
  quantity,
  nav: null,
  navDate: null,
  nativeValue: quantity,
  value,
  share,
  costBasis: null,
  gain: null,
  gainRatio: null,
  approximate: false,
});

const pnl = (figures: Partial<Record<PnlFigure['window'], Partial<PnlFigure>>> = {}): PnlFigure[] =>
  (['1d', '7d', '30d', 'all'] as const).map((window) => ({
    window,
    from: '2026-11-26',
    profit: '0',
    netFlow: '0',
    twr: null,
    xirr: null,
    ...figures[window],
  }));

export function portfolioFixture(
  currency: ValuationCurrency = 'IRT',
  over: Partial<PortfolioState> = {},
): PortfolioState {
  const irt = currency === 'IRT';
  return portfolioStateSchema.parse({
    currency,
    asOf: '2026-11-27T08:00:00.000Z',
    tetherPrice: { mid: '60000', at: '2026-11-27T07:59:00.000Z' },
    total: irt ? '4750000' : '79.166666',
    byKind: irt
      ? { funds: '0', metals: '3600000', baskets: '0', wallet: '1150000' }
      : { funds: '0', metals: '60', baskets: '0', wallet: '19.166666' },
    heldKinds: ['metals', 'wallet'],
    holdings: irt
      ? [goldHolding(), wallet('IRT', '1000000', '1000000', 0.2105), wallet('USDT', '2.5', '150000', 0.0316)]
      : [
          goldHolding({ value: '60', costBasis: '58.333333', gain: '1.666666' }),
          wallet('IRT', '1000000', '16.666666', 0.2105),
          wallet('USDT', '2.5', '2.5', 0.0316),
        ],
    pendingRequests: 0,
    isEmptyState: false,
    pnl: pnl(
      irt
        ? {
            '1d': { profit: '20000', twr: 0.0042, xirr: null },
            '7d': { profit: '-15000', twr: -0.0031, xirr: -0.12 },
            '30d': { profit: '100000', netFlow: '1150000', twr: 0.0286, xirr: 0.41 },
            all: { profit: '100000', netFlow: '4650000', twr: 0.0286, xirr: 0.38 },
          }
        : { all: { profit: '1.666666', netFlow: '77.5', twr: 0.0286, xirr: 0.38 } },
    ),
    ...over,
  });
}

/** A new user's portfolio: nothing held, nothing pending. */
export function emptyPortfolioFixture(currency: ValuationCurrency = 'IRT'): PortfolioState {
  return portfolioStateSchema.parse({
    currency,
    asOf: '2026-11-27T08:00:00.000Z',
    tetherPrice: { mid: '60000', at: '2026-11-27T07:59:00.000Z' },
    total: '0',
    byKind: { funds: '0', metals: '0', baskets: '0', wallet: '0' },
    heldKinds: [],
    holdings: [],
    pendingRequests: 0,
    isEmptyState: true,
    pnl: pnl(),
  });
}

/** Seven days of the same portfolio, oldest first. */
export function historyFixture(currency: ValuationCurrency = 'IRT'): PortfolioHistory {
  const days = [
    ['2026-11-21', '4600000', '0', '0'],
    ['2026-11-22', '4620000', '0', '20000'],
    ['2026-11-23', '4600000', '0', '-20000'],
    ['2026-11-24', '4750000', '150000', '0'],
    ['2026-11-25', '4765000', '0', '15000'],
    ['2026-11-26', '4730000', '0', '-35000'],
    ['2026-11-27', '4750000', '0', '20000'],
  ] as const;
  return portfolioHistorySchema.parse({
    currency,
    days: days.map(([date, value, netFlow, profit]) => ({ date, value, netFlow, profit })),
    profit: '0',
    profitRatio: 0,
  });
}
