import { describe, expect, it } from 'vitest';
import { redeemRule } from './redeem-rules';

/**
 * The form's redemption rule is the server's (`belowRedeemMinimum` in the contract): a count under the
 * fund's minimum is refused unless it is every unit that can be redeemed now (issue 19).
 */
describe('redeemRule', () => {
  const small = { units: '0.4585', freeUnits: '0', minRedeemUnits: '1' };
  const big = { units: '10', freeUnits: '6', minRedeemUnits: '1' };

  it('a holding under the minimum can be redeemed whole («all»)', () => {
    expect(redeemRule({ units: '0.4585', freeOnly: false }, small)).toBeNull();
    expect(redeemRule({ units: '0.45850', freeOnly: false }, small)).toBeNull();
  });

  it('part of a holding under the minimum, or a small part of a large one, is under the minimum', () => {
    expect(redeemRule({ units: '0.4', freeOnly: false }, small)).toBe('unitsMin');
    expect(redeemRule({ units: '0.5', freeOnly: false }, big)).toBe('unitsMin');
    expect(redeemRule({ units: '1', freeOnly: false }, big)).toBeNull();
    expect(redeemRule({ units: '10', freeOnly: false }, big)).toBeNull();
  });

  it('keeps the other checks', () => {
    expect(redeemRule({ units: '0.5', freeOnly: false }, small)).toBe('unitsOverHolding');
    expect(redeemRule({ units: '0', freeOnly: false }, small)).toBe('unitsPositive');
    expect(redeemRule({ units: '0.45851', freeOnly: false }, small)).toBe('unitsDecimals');
    expect(redeemRule({ units: '', freeOnly: false }, small)).toBe('required');
    expect(redeemRule({ units: '', freeOnly: true }, small)).toBe('noFreeUnits');
  });

  it('free units only: under the minimum only when they are not everything held', () => {
    const someFree = { units: '0.4585', freeUnits: '0.3', minRedeemUnits: '1' };
    expect(redeemRule({ units: '0.3', freeOnly: true }, someFree)).toBe('unitsMin');
    const allFree = { units: '0.4585', freeUnits: '0.4585', minRedeemUnits: '1' };
    expect(redeemRule({ units: '0.4585', freeOnly: true }, allFree)).toBeNull();
  });
});
