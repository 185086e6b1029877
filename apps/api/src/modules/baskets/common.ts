/**
 * What the baskets module shares between its services (issue 20, decision 045): its dependencies, the
 * arithmetic of quantities and tether on the ledger, and the client order ids of the trades.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@portal/contract/core/errors';
import type { ExchangeId } from '@portal/contract/baskets/universe';
import { basketAssetCurrency } from '@portal/contract/baskets/universe';
import type { Db } from '../../db/client';
import type { TradingPort } from '../../adapters/trading/trading.port';
import { DEC_SCALE, fromDec, toDec } from '../../adapters/market/decimal';
import type { constructBasket } from './construction';
import type { LedgerCurrency } from '../ledger/ledger.service';

export interface BasketDeps {
  db: Db;
  /** The exchange-trading port of each supported exchange (sandbox in the embedded mode). */
  trading: Partial<Record<ExchangeId, TradingPort>>;
  /** The construction (tests inject a fake); default: the construction library's `constructBasket`. */
  construct?: typeof constructBasket;
  /** The clock of the rules that count time (tests move it). */
  now?: () => Date;
  /** Called after a payment commits: the worker takes the order at once. */
  kick?: () => void;
  log?: { error(obj: unknown, msg?: string): void };
}

export const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** Tether's symbol and the scale of its ledger minor unit. */
export const USDT = 'USDT';
export const USDT_SCALE = 6;
/** The exchanges' fee rate the previews estimate with (the fills carry the real fee). */
export const ESTIMATED_FEE_BPS = 10;
/** How many times the worker tries an order whose trades could not be placed (no answer) before failing it. */
export const MAX_ATTEMPTS = 5;
/** How long a claimed order or operation is left to its worker before another may take it over. */
export const LEASE_MS = 2 * 60_000;

export const assetCurrency = (basketId: string, symbol: string) =>
  basketAssetCurrency(basketId, symbol) as LedgerCurrency;

const pow10 = (n: number) => 10n ** BigInt(n);

/** A decimal quantity as minor units of `scale` decimals, rounded down (what the ledger may credit). */
export function quantityToMinor(text: string, scale: number): bigint {
  return toDec(text) / pow10(DEC_SCALE - scale);
}

/** Minor units of `scale` decimals as the canonical decimal string. */
export function minorToDecimal(minor: bigint, scale: number): string {
  return fromDec(minor * pow10(DEC_SCALE - scale));
}

/** A tether amount (decimal) as minor units, rounded `up` (spent) or `down` (received). */
export function usdtToMinor(text: string, rounding: 'up' | 'down'): bigint {
  const dec = toDec(text, rounding === 'up' ? 'up' : 'down');
  const unit = pow10(DEC_SCALE - USDT_SCALE);
  const q = dec / unit;
  return rounding === 'up' && q * unit < dec ? q + 1n : q;
}

/** Tether minor units as a decimal string with its six decimals (`fromMinor`'s shape). */
export function usdtString(minor: bigint): string {
  const neg = minor < 0n;
  const abs = (neg ? -minor : minor).toString().padStart(USDT_SCALE + 1, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -USDT_SCALE)}.${abs.slice(-USDT_SCALE)}`;
}

/** The tether value (minor, rounded down) of `quantity` minor units of `scale` decimals at `price` (decimal). */
export function valueMinor(quantity: bigint, scale: number, price: string): bigint {
  return (toDec(price) * quantity) / pow10(scale + DEC_SCALE - USDT_SCALE);
}

/** The quantity (decimal string, rounded down to `scale`) that `usdtMinor` tether buys at `price`. */
export function quantityFor(usdtMinor: bigint, price: string, scale: number): bigint {
  const p = toDec(price);
  if (p <= 0n) return 0n;
  return (usdtMinor * pow10(scale + DEC_SCALE - USDT_SCALE)) / p;
}

/**
 * The client order id of one trade of one operation: the same operation, asset and side always give the
 * same id, so a retry after a crash finds the order the first attempt placed (32 characters, `[a-z0-9]`).
 */
export function clientOrderIdOf(operationId: string, symbol: string, side: string): string {
  return `bk${createHash('sha256').update(`${operationId}:${symbol}:${side}`).digest('hex').slice(0, 30)}`;
}

export const notFound = () => new AppError('NOT_FOUND', 'No such basket order');

/** The UTC day of an instant (`YYYY-MM-DD`): the exchanges' daily closes are UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function addUtcDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
