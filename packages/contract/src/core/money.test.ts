import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  CURRENCY_SCALE,
  type Currency,
  type Rounding,
  decimalStringSchema,
  divRound,
  fromMinor,
  toMinor,
} from './money';

const ROUNDINGS: readonly Rounding[] = ['down', 'up', 'half-even'];
const currencyArb = fc.constantFrom<Currency>(...CURRENCIES);
/** Minor-unit amounts well beyond 2^53, both signs. */
const minorArb = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });

describe('currency scales', () => {
  it('fixes IRR 0, IRT 0, USD 2, USDT 6', () => {
    expect(CURRENCY_SCALE).toEqual({ IRR: 0, IRT: 0, USD: 2, USDT: 6 });
    expect(CURRENCIES).toEqual(['IRR', 'IRT', 'USD', 'USDT']);
  });
});

describe('toMinor', () => {
  it.each([
    ['1250.5', 'USDT', 1_250_500_000n],
    ['1250.5', 'USD', 125_050n],
    ['0.000001', 'USDT', 1n],
    ['0.01', 'USD', 1n],
    ['-0.01', 'USD', -1n],
    ['100', 'IRR', 100n],
    ['25000000', 'IRT', 25_000_000n],
    ['0', 'USD', 0n],
    ['-0', 'USD', 0n],
    ['007.10', 'USD', 710n],
    ['1.500000000', 'USD', 150n],
    [' 12.3 ', 'USD', 1230n],
    ['123456789012345678901234567890.123456', 'USDT', 123_456_789_012_345_678_901_234_567_890_123_456n],
  ] as const)('%s %s → %s', (amount, currency, expected) => {
    expect(toMinor(amount, currency)).toBe(expected);
  });

  it.each([
    ['0.001', 'USD'],
    ['1.0000001', 'USDT'],
    ['10.5', 'IRR'],
    ['10.01', 'IRT'],
    ['-0.005', 'USD'],
  ] as const)('refuses %s %s: more decimals than the scale and no rounding named', (amount, currency) => {
    expect(() => toMinor(amount, currency)).toThrow(RangeError);
    expect(() => toMinor(amount, currency)).toThrow(/more than \d decimals/);
  });

  it.each(['', ' ', '1e3', '1.', '.5', '+1', '1,000', '۱۰۰', '12a', 'NaN', 'Infinity', '--1', '1.2.3'])(
    'refuses %j: not a decimal',
    (amount) => {
      expect(() => toMinor(amount, 'USD')).toThrow(RangeError);
      expect(() => toMinor(amount, 'USD', 'half-even')).toThrow(/not a decimal/);
    },
  );

  describe('with a named rounding', () => {
    it.each([
      // amount,   down,  up,   half-even
      ['1.001', 100n, 101n, 100n],
      ['1.004', 100n, 101n, 100n],
      ['1.005', 100n, 101n, 100n], // tie, 100 is even
      ['1.015', 101n, 102n, 102n], // tie, 101 is odd
      ['1.0051', 100n, 101n, 101n], // above the tie
      ['1.0049999', 100n, 101n, 100n],
      ['1.009', 100n, 101n, 101n],
      ['-1.001', -100n, -101n, -100n],
      ['-1.005', -100n, -101n, -100n],
      ['-1.015', -101n, -102n, -102n],
      ['-1.009', -100n, -101n, -101n],
      ['0.004', 0n, 1n, 0n],
      ['-0.004', 0n, -1n, 0n],
    ] as const)('%s USD: down %s, up %s, half-even %s', (amount, down, up, halfEven) => {
      expect(toMinor(amount, 'USD', 'down')).toBe(down);
      expect(toMinor(amount, 'USD', 'up')).toBe(up);
      expect(toMinor(amount, 'USD', 'half-even')).toBe(halfEven);
    });

    it('rounds whole-unit currencies too', () => {
      expect(toMinor('10.5', 'IRR', 'half-even')).toBe(10n);
      expect(toMinor('11.5', 'IRR', 'half-even')).toBe(12n);
      expect(toMinor('10.5', 'IRT', 'down')).toBe(10n);
      expect(toMinor('10.1', 'IRT', 'up')).toBe(11n);
    });

    it('does not round when the extra decimals are zeros', () => {
      expect(toMinor('1.00000', 'USD', 'up')).toBe(100n);
      expect(toMinor('-2.000', 'IRR', 'up')).toBe(-2n);
      expect(toMinor('2.500', 'IRR', 'down')).toBe(2n);
      expect(toMinor('2.000', 'IRR', 'up')).toBe(2n);
    });

    it('keeps down ≤ half-even ≤ up in magnitude, at most one minor unit apart', () => {
      const amountArb = fc
        .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.stringMatching(/^\d{0,12}$/))
        .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);
      fc.assert(
        fc.property(amountArb, currencyArb, (amount, currency) => {
          const abs = (v: bigint) => (v < 0n ? -v : v);
          const down = abs(toMinor(amount, currency, 'down'));
          const up = abs(toMinor(amount, currency, 'up'));
          const even = abs(toMinor(amount, currency, 'half-even'));
          expect(down <= even && even <= up).toBe(true);
          expect(up - down === 0n || up - down === 1n).toBe(true);
        }),
      );
    });
  });
});

describe('fromMinor', () => {
  it.each([
    [1_250_500_000n, 'USDT', '1250.5'],
    [125_050n, 'USD', '1250.5'],
    [5n, 'USD', '0.05'],
    [-5n, 'USD', '-0.05'],
    [100n, 'USD', '1'],
    [-100n, 'USD', '-1'],
    [0n, 'USD', '0'],
    [0n, 'USDT', '0'],
    [1n, 'USDT', '0.000001'],
    [1_000_000n, 'USDT', '1'],
    [123n, 'IRR', '123'],
    [-123n, 'IRT', '-123'],
    [10n ** 30n + 7n, 'USD', '10000000000000000000000000000.07'],
  ] as const)('%s %s → %s', (minor, currency, expected) => {
    expect(fromMinor(minor, currency)).toBe(expected);
  });

  it('round-trips every minor amount of every currency', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, (minor, currency) => {
        const s = fromMinor(minor, currency);
        expect(decimalStringSchema.safeParse(s).success).toBe(true);
        expect(toMinor(s, currency)).toBe(minor);
      }),
    );
  });

  it('is canonical: no trailing zeros, no leading zeros, no negative zero', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, (minor, currency) => {
        const s = fromMinor(minor, currency);
        expect(s).not.toMatch(/\.\d*0$/);
        expect(s).not.toMatch(/^-?0\d/);
        expect(s).not.toBe('-0');
        expect(s.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(CURRENCY_SCALE[currency]);
      }),
    );
  });

  it('round-trips decimal strings within the scale to their canonical form', () => {
    const arb = currencyArb.chain((currency) =>
      fc
        .tuple(
          fc.constant(currency),
          fc.boolean(),
          fc.bigInt({ min: 0n, max: 10n ** 18n }),
          fc.stringMatching(new RegExp(`^\\d{0,${CURRENCY_SCALE[currency]}}$`)),
        )
        .map(([c, neg, int, frac]) => [c, `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`] as const),
    );
    fc.assert(
      fc.property(arb, ([currency, amount]) => {
        const minor = toMinor(amount, currency);
        const back = fromMinor(minor, currency);
        // Same value: compare the minor units of both strings, and the canonical string is stable.
        expect(toMinor(back, currency)).toBe(minor);
        expect(fromMinor(toMinor(back, currency), currency)).toBe(back);
      }),
    );
  });
});

describe('decimalStringSchema', () => {
  it.each(['0', '1250.5', '-3', '-0.000001', '0012'])('accepts %j', (s) => {
    expect(decimalStringSchema.safeParse(s).success).toBe(true);
  });
  it.each(['', '1e3', '1.', '.5', '+1', '1,000', ' 1', 'abc'])('refuses %j', (s) => {
    expect(decimalStringSchema.safeParse(s).success).toBe(false);
  });
  it('refuses JSON numbers', () => {
    expect(decimalStringSchema.safeParse(1250.5).success).toBe(false);
  });
});

describe('divRound', () => {
  it.each([
    // n, d, down, up, half-even
    [7n, 2n, 3n, 4n, 4n], // 3.5 → 4 (4 is even)
    [5n, 2n, 2n, 3n, 2n], // 2.5 → 2 (2 is even)
    [1n, 2n, 0n, 1n, 0n], // 0.5 → 0
    [3n, 2n, 1n, 2n, 2n], // 1.5 → 2
    [10n, 3n, 3n, 4n, 3n], // 3.33
    [11n, 3n, 3n, 4n, 4n], // 3.67
    [1n, 3n, 0n, 1n, 0n],
    [2n, 3n, 0n, 1n, 1n],
    [6n, 3n, 2n, 2n, 2n], // exact
    [0n, 7n, 0n, 0n, 0n],
    [-7n, 2n, -3n, -4n, -4n], // toward zero, away from zero, tie to even
    [-5n, 2n, -2n, -3n, -2n],
    [-10n, 3n, -3n, -4n, -3n],
    [-11n, 3n, -3n, -4n, -4n],
    [7n, -2n, -3n, -4n, -4n],
    [-7n, -2n, 3n, 4n, 4n],
    [-6n, 3n, -2n, -2n, -2n],
    [10n ** 30n + 1n, 10n ** 30n, 1n, 2n, 1n],
  ] as const)('%s / %s: down %s, up %s, half-even %s', (n, d, down, up, halfEven) => {
    expect(divRound(n, d, 'down')).toBe(down);
    expect(divRound(n, d, 'up')).toBe(up);
    expect(divRound(n, d, 'half-even')).toBe(halfEven);
  });

  it('refuses division by zero for every rounding', () => {
    for (const r of ROUNDINGS) expect(() => divRound(1n, 0n, r)).toThrow(RangeError);
  });

  it('agrees with exact arithmetic for every sign and rounding', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), nonZero, (n, d) => {
        const abs = (v: bigint) => (v < 0n ? -v : v);
        const exactSign = n === 0n ? 0 : n < 0n !== d < 0n ? -1 : 1;
        const floorAbs = abs(n) / abs(d);
        const exact = abs(n) % abs(d) === 0n;

        const down = divRound(n, d, 'down');
        const up = divRound(n, d, 'up');
        const even = divRound(n, d, 'half-even');

        // 'down' is toward zero, 'up' away from zero.
        expect(abs(down)).toBe(floorAbs);
        expect(abs(up)).toBe(exact ? floorAbs : floorAbs + 1n);
        // The result never has the wrong sign.
        for (const q of [down, up, even]) expect(q === 0n || (q < 0n ? -1 : 1) === exactSign).toBe(true);
        // 'half-even' is the nearest integer: |n - q·d| ≤ |d| / 2, ties to the even one.
        const twiceRemainder = 2n * abs(n - even * d);
        expect(twiceRemainder <= abs(d)).toBe(true);
        if (twiceRemainder === abs(d)) expect(even % 2n).toBe(0n);
      }),
    );
  });
});

describe('the house rule: fees round up, payouts round down', () => {
  // A 1% fee on 1,234,567 IRT: 12,345.67 → the user pays 12,346.
  it('a fee charged to the user rounds up', () => {
    const amount = toMinor('1234567', 'IRT');
    expect(fromMinor(divRound(amount * 1n, 100n, 'up'), 'IRT')).toBe('12346');
  });

  // Redeeming 3 units at a NAV of 10.000001 USDT with 1/3 of a minor unit lost: the user gets the floor.
  it('an amount paid to the user rounds down', () => {
    const units = 3n;
    const navMinor = toMinor('10.000001', 'USDT'); // 10_000_001
    const payout = divRound(units * navMinor * 2n, 3n, 'down'); // two thirds of the holding
    expect(fromMinor(payout, 'USDT')).toBe('20.000002');
    expect(divRound(10n, 3n, 'down')).toBe(3n);
  });
});

describe('CURRENCY_CODES', () => {
  it('is every currency of CURRENCY_SCALE, once', () => {
    expect([...CURRENCY_CODES].sort()).toEqual([...CURRENCIES].sort());
  });
});
