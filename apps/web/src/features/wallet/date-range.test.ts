import { describe, expect, it } from 'vitest';
import { dateRangeSchema, isoDayParam, isRangeInOrder, toCalendarInput } from './date-range';

const day = (year: string, month: string, d: string) => ({ year, month, day: d });
const blank = day('', '', '');

describe('the transactions date range', () => {
  it('turns Persian dates (any digits) into Gregorian days; a blank end is no bound', () => {
    const schema = dateRangeSchema('persian');
    expect(schema.parse({ from: day('۱۴۰۴', '2', '۱'), to: day('1404', '2', '31') })).toEqual({
      from: '2025-04-21',
      to: '2025-05-21',
    });
    expect(schema.parse({ from: blank, to: day('1403', '12', '30') })).toEqual({ from: undefined, to: '2025-03-20' });
    expect(schema.parse({ from: blank, to: blank })).toEqual({ from: undefined, to: undefined });
    // One day is a range too.
    expect(schema.parse({ from: day('1404', '1', '1'), to: day('1404', '1', '1') })).toEqual({
      from: '2025-03-21',
      to: '2025-03-21',
    });
  });

  it('refuses an end before its start (on `to`) and a date the calendar does not have', () => {
    const schema = dateRangeSchema('persian');
    const reversed = schema.safeParse({ from: day('1404', '3', '10'), to: day('1404', '3', '9') });
    expect(reversed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', 'dateRangeOrder']]);
    // 31 Mehr does not exist; a half-typed date is not a date.
    const invalid = schema.safeParse({ from: day('1404', '7', '31'), to: day('1404', '', '') });
    expect(invalid.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'date'],
      ['to', 'date'],
    ]);
  });

  it('reads the address: real days only, in order', () => {
    expect(isoDayParam('2025-04-21')).toBe('2025-04-21');
    for (const bad of [null, '', '2025-02-30', '21-04-2025', '2025-4-21', 'x'])
      expect(isoDayParam(bad)).toBeUndefined();
    expect(isRangeInOrder({ from: '2025-04-21', to: '2025-04-21' })).toBe(true);
    expect(isRangeInOrder({ from: '2025-04-22', to: '2025-04-21' })).toBe(false);
    expect(isRangeInOrder({ to: '2025-04-21' })).toBe(true);
    expect(toCalendarInput('persian', '2025-04-21')).toEqual({ year: '1404', month: '2', day: '1' });
    expect(toCalendarInput('gregory', '2025-04-21')).toEqual({ year: '2025', month: '4', day: '21' });
    expect(toCalendarInput('persian', undefined)).toEqual(blank);
  });
});
