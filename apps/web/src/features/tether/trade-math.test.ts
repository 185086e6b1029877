import { describe, expect, it } from 'vitest';
import { displayTyped, sanitizeTyped } from './amount-input';
import { priceTrade, tradeValueToman } from '@portal/contract/tether/pricing';
import {
  leastBuyUsdt,
  planShortfallBuy,
  priceInFiat,
  shareOf,
  tomanInFiat,
  tradeAmountRule,
  type AmountContext,
} from './trade-math';
import { quoteSeconds } from './use-trade-quote';

const buyToman: AmountContext = {
  side: 'buy',
  fiat: 'IRT',
  amountOf: 'pay',
  available: '500000',
  price: 1_050_000n,
  feeBps: 25,
  minToman: '100000',
  remainingToman: '400000',
};

/** The rule's verdict: the canonical amount, or the rule key of the first refusal. */
function verdict(ctx: AmountContext, typed: string): string {
  const result = tradeAmountRule(ctx).safeParse(typed);
  return result.success ? `ok ${result.data}` : result.error.issues[0]!.message;
}

describe('the tether trade’s arithmetic on the page', () => {
  it('shows a price of rials in toman exactly, a tenth kept', () => {
    expect(priceInFiat('1050000', 'IRT')).toBe('105000');
    expect(priceInFiat('1052345', 'IRT')).toBe('105234.5');
    expect(priceInFiat(1_052_345n, 'IRR')).toBe('1052345');
    expect(tomanInFiat('100000', 'IRR')).toBe('1000000');
    expect(tomanInFiat('100000', 'IRT')).toBe('100000');
  });

  it('takes shares of a balance rounded down to the currency’s scale', () => {
    expect(shareOf('12.345678', 'USDT', 25)).toBe('3.086419');
    expect(shareOf('12.345678', 'USDT', 75)).toBe('9.259258');
    expect(shareOf('1000001', 'IRT', 50)).toBe('500000');
    expect(shareOf('0', 'IRR', 100)).toBe('0');
  });

  it('checks a typed amount: digits, scale, more than zero, the balance, the minimum and today’s limit', () => {
    expect(verdict(buyToman, '۲۰۰٬۰۰۰')).toBe('ok 200000');
    expect(verdict(buyToman, '12abc')).toBe('amountInvalid');
    expect(verdict(buyToman, '0')).toBe('amountPositive');
    expect(verdict(buyToman, '150000.5')).toBe('noDecimals');
    expect(verdict(buyToman, '150000.0')).toBe('ok 150000');
    expect(verdict(buyToman, '500001')).toBe('overBalance');
    expect(verdict(buyToman, '99999')).toBe('belowMin');
    expect(verdict({ ...buyToman, available: '5000000' }, '400001')).toBe('overDaily');
    // Without a price (still loading) only what needs none is checked.
    expect(verdict({ ...buyToman, price: null }, '99999')).toBe('ok 99999');
  });

  it('checks tether: six decimals; what is received is priced to check what is paid', () => {
    const sell: AmountContext = { ...buyToman, side: 'sell', available: '20', remainingToman: null };
    expect(verdict(sell, '1.123456')).toBe('ok 1.123456');
    expect(verdict(sell, '1.1234567')).toBe('amountDecimals');
    expect(verdict(sell, '20.5')).toBe('overBalance');
    // Tether too small to be worth a rial after the fee.
    expect(verdict({ ...sell, minToman: null }, '0.000001')).toBe('tooSmall');
    // Buying 5 tether costs 526,313 toman with the fee: more than the 500,000 held.
    const receive: AmountContext = { ...buyToman, amountOf: 'receive', remainingToman: null };
    expect(verdict(receive, '4')).toBe('ok 4');
    expect(verdict(receive, '5')).toBe('overBalance');
  });

  it('keeps what is typed, grouped in the language’s digits; letters stay so the rule can say why', () => {
    expect(sanitizeTyped('1,250,000')).toBe('1250000');
    expect(sanitizeTyped('12٫5')).toBe('12.5');
    expect(sanitizeTyped('12a')).toBe('12a');
    expect(displayTyped('1250000.50', 'fa')).toBe('۱٬۲۵۰٬۰۰۰٫۵۰');
    expect(displayTyped('12.', 'en')).toBe('12.');
    expect(displayTyped('12a', 'fa')).toBe('۱۲a');
  });

  it('counts a quote’s validity by the server’s clock', () => {
    expect(
      quoteSeconds({ createdAt: '2025-05-01T08:30:00.000Z', expiresAt: '2025-05-01T08:30:20.000Z' } as never),
    ).toBe(20);
  });

  it('plans buying a shortfall: exactly the tether missing, or the least trade when it is worth less', () => {
    const market = { price: 1_050_000n, feeBps: 25, minToman: '100000' };
    // 7.5 tether at 105,000 toman: 787,500 and a fee of 1,969.
    expect(planShortfallBuy({ ...market, missing: '7.5', fiat: 'IRT' })).toEqual({
      amount: '7.5',
      belowMin: false,
      estimate: { fiat: 789_469n, usdt: 7_500_000n, fee: 1_969n },
    });
    // 0.5 tether is worth 52,632 toman: the least trade, to the cent, instead.
    const small = planShortfallBuy({ ...market, missing: '0.5', fiat: 'IRT' });
    expect(small).toMatchObject({ amount: '0.95', belowMin: true });
    expect(tradeValueToman('buy', 'IRT', small.estimate!)).toBeGreaterThanOrEqual(100_000n);
    // Too little to price at all, in rial: the same least trade.
    expect(planShortfallBuy({ ...market, missing: '0.000001', fiat: 'IRR' })).toMatchObject({
      amount: '0.95',
      belowMin: true,
    });
    // Without a live price the shortfall is asked as it is, and the server answers.
    expect(planShortfallBuy({ ...market, price: null, missing: '0.5', fiat: 'IRT' })).toEqual({
      amount: '0.5',
      belowMin: false,
      estimate: null,
    });
  });

  it('finds the least tether a trade may buy: worth the minimum, a cent less is not', () => {
    for (const [price, feeBps, min] of [
      [1_050_000n, 25, '100000'],
      [1_052_345n, 0, '500000'],
      [987_654n, 100, '1'],
    ] as const) {
      for (const fiat of ['IRT', 'IRR'] as const) {
        const least = leastBuyUsdt(fiat, price, feeBps, min);
        const value = (usdt: bigint) =>
          tradeValueToman(
            'buy',
            fiat,
            priceTrade({ side: 'buy', fiat, amountOf: 'receive', amount: usdt, price, feeBps: BigInt(feeBps) })!,
          );
        expect(least % 10_000n).toBe(0n);
        expect(value(least)).toBeGreaterThanOrEqual(BigInt(min));
        if (least > 10_000n) expect(value(least - 10_000n)).toBeLessThan(BigInt(min));
      }
    }
  });
});
