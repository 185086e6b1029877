import { describe, expect, it } from 'vitest';
import arTexts from '@/locales/ar/translation.json';
import { formatDate, formatDigits, formatNumber } from './format';
import { formatAmount } from './format-money';

const ARABIC_INDIC = /[٠-٩]/;
const LATIN = /[0-9]/;
const PERSIAN = /[۰-۹]/;

describe('one set of digits per language (issue 19)', () => {
  it('writes Arabic figures, amounts, dates and inputs in the Arabic-Indic digits its texts use', () => {
    // The Arabic texts are written with Arabic-Indic digits ("٦ أرقام").
    expect(arTexts.auth.code.sentBySms).toMatch(ARABIC_INDIC);
    for (const shown of [
      formatNumber(1234, 'ar'),
      formatAmount('1250000', 'IRT', 'ar'),
      formatDate('2025-03-21T12:00:00Z', 'ar', 'gregory', 'long', 'UTC'),
      formatDigits('09121234567', 'ar'),
    ]) {
      expect(shown).toMatch(ARABIC_INDIC);
      expect(shown).not.toMatch(LATIN);
      expect(shown).not.toMatch(PERSIAN);
    }
  });

  it('keeps Persian digits in Persian and Latin ones in English', () => {
    expect(formatDigits('0912', 'fa')).toBe('۰۹۱۲');
    expect(formatNumber(1234, 'fa')).not.toMatch(LATIN);
    expect(formatDigits('0912', 'en')).toBe('0912');
  });
});
