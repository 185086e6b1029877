import { describe, expect, it } from 'vitest';
import {
  defaultCalendarFor,
  displayMobile,
  formatClock,
  formatDate,
  formatDigits,
  formatDuration,
  formatNumber,
  formatPercent,
} from './format';
import { formatAmount, formatDecimal } from './format-money';

// 2025-03-21 12:00 UTC is Nowruz: 1 Farvardin 1404 in the Persian calendar.
const NOWRUZ = new Date(Date.UTC(2025, 2, 21, 12));

describe('formatDate', () => {
  it('shows the Persian calendar in Persian digits', () => {
    expect(formatDate(NOWRUZ, 'fa', 'persian', 'long', 'UTC')).toBe('۱ فروردین ۱۴۰۴');
  });

  it('shows the Gregorian calendar in English', () => {
    expect(formatDate(NOWRUZ, 'en', 'gregory', 'long', 'UTC')).toBe('March 21, 2025');
  });

  it('shows the lunar (Umm al-Qura) calendar', () => {
    const s = formatDate(NOWRUZ, 'en', 'islamic-umalqura', 'long', 'UTC');
    expect(s).toMatch(/1446/);
    expect(s).toMatch(/Ramadan/);
  });

  it('accepts ISO strings and returns empty text for an invalid date', () => {
    expect(formatDate('2025-03-21T12:00:00Z', 'fa', 'persian', 'long', 'UTC')).toBe('۱ فروردین ۱۴۰۴');
    expect(formatDate('not a date', 'fa')).toBe('');
  });

  it('defaults the calendar by language', () => {
    expect(defaultCalendarFor('fa')).toBe('persian');
    expect(defaultCalendarFor('en')).toBe('gregory');
    expect(defaultCalendarFor('ar')).toBe('gregory');
  });
});

describe('numbers', () => {
  it('groups thousands in the locale’s digits', () => {
    expect(formatNumber(1234567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('formats percentages', () => {
    expect(formatPercent(0.25, 'fa')).toBe('۲۵٪');
    expect(formatPercent(0.25, 'en')).toBe('25%');
  });

  it('formats countdowns and durations', () => {
    expect(formatClock(75, 'fa')).toBe('۰۱:۱۵');
    expect(formatClock(5, 'en')).toBe('00:05');
    expect(formatDuration(45, 'en')).toBe('45 seconds');
    expect(formatDuration(61, 'en')).toBe('2 minutes');
    expect(formatDuration(45, 'fa')).toBe('۴۵ ثانیه');
  });

  it('shows digits inside text in the locale’s digits', () => {
    expect(formatDigits('+98 912', 'fa')).toBe('+۹۸ ۹۱۲');
    expect(formatDigits('+98 912', 'en')).toBe('+98 912');
  });

  it('shows Iranian mobile numbers the local way', () => {
    expect(displayMobile('+989121234567', 'fa')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(displayMobile('+989121234567', 'en')).toBe('09121234567');
    expect(displayMobile('+14155550100', 'en')).toBe('+14155550100');
  });
});

describe('money from decimal strings', () => {
  it('groups without ever going through a float', () => {
    // 2^53 + 1 cannot be a JS number; the string keeps every digit.
    expect(formatDecimal('9007199254740993', 'en')).toBe('9,007,199,254,740,993');
    expect(formatDecimal('1234567.5', 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۵');
  });

  it('cuts to the currency’s scale without rounding up, and trims trailing zeros', () => {
    expect(formatAmount('1250.1234569', 'USDT', 'en')).toBe('1,250.123456');
    expect(formatAmount('1250.500000', 'USDT', 'en')).toBe('1,250.5');
    expect(formatAmount('99.999', 'USD', 'en')).toBe('99.99');
    expect(formatAmount('1500000', 'IRT', 'fa')).toBe('۱٬۵۰۰٬۰۰۰');
    expect(formatAmount('12.9', 'IRT', 'en')).toBe('12');
  });

  it('pads to a minimum of decimals when asked', () => {
    expect(formatAmount('5', 'USD', 'en', { minFractionDigits: 2 })).toBe('5.00');
  });

  it('handles zero and negatives', () => {
    expect(formatAmount('0', 'USDT', 'fa')).toBe('۰');
    expect(formatAmount('-0.0000001', 'USDT', 'en')).toBe('0');
    expect(formatAmount('-1200', 'IRT', 'en')).toBe('-1,200');
  });

  it('refuses what is not a decimal string', () => {
    expect(() => formatDecimal('1e9', 'en')).toThrow(RangeError);
    expect(() => formatDecimal('12,000', 'en')).toThrow(RangeError);
  });
});
