import { useMemo } from 'react';
import { fromMinor, type Currency } from '@portal/contract/core/money';
import type { TradeFiat } from '@portal/contract/tether/pricing';
import { useFormat } from '@/hooks/use-format';
import { priceInFiat } from './trade-math';

/** Tether shown to two decimals unless the user asks for all six (the ledger's scale). */
export const USDT_SHORT_DECIMALS = 2;

/**
 * The tether pages' figures in the user's language: amounts with their currency, tether to two decimals
 * (or all of them when `precise`), a price in rials per tether shown in the page's fiat (toman = rials ÷ 10,
 * a tenth kept), the fee in basis points as a percentage.
 */
export function useTradeFormat() {
  const fmt = useFormat();
  return useMemo(() => {
    const money = (amount: string, currency: Currency, precise = false) =>
      currency === 'USDT' && !precise
        ? fmt.money(amount, currency, { maxFractionDigits: USDT_SHORT_DECIMALS })
        : fmt.money(amount, currency);
    return {
      ...fmt,
      money,
      /** Minor units of a currency (an estimate from `priceTrade`). */
      minor: (amount: bigint, currency: Currency, precise = false) =>
        money(fromMinor(amount, currency), currency, precise),
      price: (rials: string | bigint, fiat: TradeFiat) =>
        fmt.money(priceInFiat(rials, fiat), fiat, { maxFractionDigits: 1 }),
      fee: (bps: number) => fmt.percent(bps / 10_000),
    };
  }, [fmt]);
}
