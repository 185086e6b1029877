import type { TetherMarket, TetherPrice, TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import type { Currency } from '@portal/contract/core/money';
import type { Wallet } from '@portal/contract/wallet/wallets';

/** Wallet ids of the fixtures (valid UUIDs). */
export const WALLET_IDS: Record<Currency, string> = {
  IRR: '00000000-0000-4000-8000-000000000001',
  IRT: '00000000-0000-4000-8000-000000000002',
  USD: '00000000-0000-4000-8000-000000000003',
  USDT: '00000000-0000-4000-8000-000000000004',
};

export function walletsFixture(available: Partial<Record<Currency, string>> = {}): { items: Wallet[] } {
  return {
    items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency) => ({
      walletId: WALLET_IDS[currency],
      currency,
      available: available[currency] ?? '0',
      held: '0',
      total: available[currency] ?? '0',
    })),
  };
}

/** A live price: 105,000 toman to buy a tether, 104,000 toman when selling one. */
export function priceFixture(over: Partial<TetherPrice> = {}): TetherPrice {
  return {
    status: 'live',
    buy: '1050000',
    sell: '1040000',
    mid: '1045000',
    at: '2025-05-01T08:30:00.000Z',
    seq: 10,
    demo: false,
    ...over,
  };
}

/** A 0.25 % fee, 12-second quotes, 100,000 toman at least, 450 million of today's 500 million left. */
export function marketFixture(over: Partial<TetherMarket> = {}): TetherMarket {
  return {
    price: priceFixture(),
    feeBps: 25,
    quoteTtlSeconds: 12,
    minTradeToman: '100000',
    dailyLimitToman: '500000000',
    dailyRemainingToman: '450000000',
    requiredKycLevel: 1,
    kycLevel: 1,
    ...over,
  };
}

export const QUOTE_IDS = [
  '30000000-0000-4000-8000-000000000001',
  '30000000-0000-4000-8000-000000000002',
  '30000000-0000-4000-8000-000000000003',
] as const;

/**
 * Buying with 1,000,000 toman at 105,000 toman a tether: a fee of 2,500 toman, 9.5 tether (the contract's
 * `priceTrade`), valid for `seconds` from now.
 */
export function quoteFixture(over: Partial<TetherQuote> = {}, seconds = 12): TetherQuote {
  const created = new Date();
  return {
    id: QUOTE_IDS[0],
    side: 'buy',
    fiat: 'IRT',
    amountOf: 'pay',
    price: '1050000',
    fiatAmount: '1000000',
    usdtAmount: '9.5',
    fee: '2500',
    feeBps: 25,
    createdAt: created.toISOString(),
    expiresAt: new Date(created.getTime() + seconds * 1000).toISOString(),
    tradeId: null,
    ...over,
  };
}

export function tradeOf(quote: TetherQuote): TetherTrade {
  return {
    id: '40000000-0000-4000-8000-000000000001',
    quoteId: quote.id,
    side: quote.side,
    fiat: quote.fiat,
    price: quote.price,
    fiatAmount: quote.fiatAmount,
    usdtAmount: quote.usdtAmount,
    fee: quote.fee,
    createdAt: new Date().toISOString(),
  };
}
