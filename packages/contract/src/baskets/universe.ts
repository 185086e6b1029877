/**
 * The smart hold baskets' market vocabulary (issue 20, decision 045), shared by the server and the web app:
 * the exchanges a basket can be built on, the market types (SPEC §2 "market type defaults to all markets")
 * and how an asset's quantity is named on the ledger.
 */
import { z } from 'zod';

/** The supported exchanges: each has a market-data adapter (public klines and listings). */
export const EXCHANGES = ['binance', 'kucoin'] as const;
export type ExchangeId = (typeof EXCHANGES)[number];
export const exchangeIdSchema = z.enum(EXCHANGES);

/**
 * `all`: every asset the chosen exchanges list against tether on their spot market. `margin`: only those the
 * exchange also lists on its margin market, the deeper and more established ones (Binance
 * `isMarginTradingAllowed`, KuCoin `isMarginEnabled`).
 */
export const MARKET_TYPES = ['all', 'margin'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const marketTypeSchema = z.enum(MARKET_TYPES);

/** An asset's symbol as the exchanges write it: `BTC`, `ETH`, `1INCH`. */
export const ASSET_SYMBOL_PATTERN = /^[A-Z0-9]{2,15}$/;
export const assetSymbolSchema = z.string().regex(ASSET_SYMBOL_PATTERN);

/**
 * A basket's holding of one asset is a ledger currency of its own, `B:<basket order id>:<SYMBOL>`, in minor
 * units of the asset's quantity scale (like a fund's units, `U:<fund id>`). Tether kept inside a basket is
 * `B:<id>:USDT`, so a basket's value is the sum of its accounts at the latest prices.
 */
export const basketAssetCurrency = (basketId: string, symbol: string) => `B:${basketId}:${symbol}` as const;
export const isBasketAssetCurrency = (currency: string): boolean => currency.startsWith('B:');
export function parseBasketAssetCurrency(currency: string): { basketId: string; symbol: string } | null {
  const m = /^B:([0-9a-f-]{36}):([A-Z0-9]{2,15})$/.exec(currency);
  return m ? { basketId: m[1]!, symbol: m[2]! } : null;
}
