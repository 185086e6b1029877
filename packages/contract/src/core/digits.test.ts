import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDigits, toPersianDigits } from './digits';

describe('normalizeDigits', () => {
  it('turns Persian digits into Latin digits', () => {
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('turns Arabic-Indic digits into Latin digits', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('keeps everything else, including mixed scripts', () => {
    expect(normalizeDigits('کد: ۱۲-٣٤ ab 56')).toBe('کد: 12-34 ab 56');
    expect(normalizeDigits('')).toBe('');
    expect(normalizeDigits('no digits')).toBe('no digits');
  });

  it('leaves strings without Persian or Arabic-Indic digits unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalizeDigits(s)).toBe(s);
      }),
    );
  });

  it('is idempotent', () => {
    const mixed = fc.string({ unit: fc.constantFrom(...'0123456789۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩ a-') });
    fc.assert(
      fc.property(mixed, (s) => {
        expect(normalizeDigits(normalizeDigits(s))).toBe(normalizeDigits(s));
        expect(normalizeDigits(s)).not.toMatch(/[۰-۹٠-٩]/);
      }),
    );
  });
});

describe('toPersianDigits', () => {
  it('writes Latin digits as Persian digits', () => {
    expect(toPersianDigits('2025-01-09')).toBe('۲۰۲۵-۰۱-۰۹');
    expect(toPersianDigits('1,250.5 USDT')).toBe('۱,۲۵۰.۵ USDT');
  });

  it('round-trips through normalizeDigits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalizeDigits(toPersianDigits(s))).toBe(s);
      }),
    );
  });
});
