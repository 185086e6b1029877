import { describe, expect, it } from 'vitest';
import { withoutDemoMark } from './demo-name';

describe('withoutDemoMark (a demo fund beside its demo badge)', () => {
  it('drops the seed’s demo mark in each language', () => {
    expect(withoutDemoMark('صندوق طلای زرین (نمایشی)', true)).toBe('صندوق طلای زرین');
    expect(withoutDemoMark('صندوق زرين للذهب (تجريبي)', true)).toBe('صندوق زرين للذهب');
    expect(withoutDemoMark('Zarrin Gold Fund (demo)', true)).toBe('Zarrin Gold Fund');
  });

  it('leaves a fund that is not a demo fund as it is named, mark or not', () => {
    expect(withoutDemoMark('Zarrin Gold Fund (demo)', false)).toBe('Zarrin Gold Fund (demo)');
  });

  it('keeps a name that has no mark, or a mark in the middle', () => {
    expect(withoutDemoMark('صندوق طلا', true)).toBe('صندوق طلا');
    expect(withoutDemoMark('Fund (demo) Two', true)).toBe('Fund (demo) Two');
  });
});
