import { describe, expect, it } from 'vitest';
import { isPeriodDays, periodStart } from './period';

describe('periodStart', () => {
  it('counts back whole days in Tehran, today included', () => {
    // 22:00 UTC on 10 March is already 11 March in Tehran (UTC+03:30).
    const now = new Date('2025-03-10T22:00:00Z');
    expect(periodStart(1, now)).toBe('2025-03-11');
    expect(periodStart(7, now)).toBe('2025-03-05');
    expect(periodStart(30, now)).toBe('2025-02-10');
  });

  it('crosses years', () => {
    expect(periodStart(7, new Date('2025-01-02T08:00:00Z'))).toBe('2024-12-27');
  });

  it('accepts only the offered periods from the address', () => {
    expect(['7', '30', '90', '365', '5', '', null].map(isPeriodDays)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
