import { describe, expect, it } from 'vitest';
import { decimalDiff } from './proposal-effect';

describe('decimalDiff (a dividend’s share is after − before, exactly)', () => {
  it.each([
    ['1260000', '1200000', '60000'],
    ['1200000', '1260000', '-60000'],
    ['10.000001', '10', '0.000001'],
    ['0.1', '0.3', '-0.2'],
    ['100', '99.999999', '0.000001'],
    ['5', '5', '0'],
    ['123456789012345678901234.5', '0.5', '123456789012345678901234.0'],
  ])('%s − %s = %s', (a, b, out) => {
    expect(decimalDiff(a, b)).toBe(out);
  });
});
