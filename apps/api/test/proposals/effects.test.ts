import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_EFFECT_HOLDERS_MAX, type ProposalEffect } from '@portal/contract/admin/proposals';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { createFund, publishNav, today } from '../fund-orders/fund-order-helpers';
import { grantUnits, propose, proposed, quietInvestors, readProposal } from './proposal-helpers';

/**
 * What a pending proposal shows it would do (issue 15, decision 028), figure by figure: every holder's
 * value at the previous NAV and at the proposed one (⌊units × NAV ÷ 10⁴⌋, rounded down as the fund pays),
 * the totals, the operators among the holders first and marked; each holder's dividend with the
 * dividend's own rounding. Computed when read: it follows the holders.
 */
let t: TestApp;
let proposer: TestUser;
let holderOp: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-06-11T12:00:00+03:30');
  proposer = await makeOperator(t, 'senior_operator');
  holderOp = await makeOperator(t, 'operator', { firstName: 'دارنده', lastName: 'واحد' });
});
afterAll(async () => {
  await t.close();
});

type NavEffect = Extract<ProposalEffect, { previousNav: string | null }>;
type DividendEffect = Extract<ProposalEffect, { kind: 'dividend' }>;

describe('a NAV’s effect', () => {
  it('each holder’s value before and after, exactly; totals over every holder; operators first and marked', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 123_457n);
    const [alice, bob, tiny] = await quietInvestors(t, 3);
    await grantUnits(t, alice!, fund.id, 80_999n);
    await grantUnits(t, bob!, fund.id, 40_094n);
    await grantUnits(t, tiny!, fund.id, 9n);
    await grantUnits(t, holderOp.userId, fund.id, 1_234n);

    const p = proposed(await propose.correction(t, proposer.cookie, fund.id, today(t), '130,000'));
    const effect = p.effect as NavEffect;
    expect(effect).toEqual({
      kind: 'nav_correction',
      currency: 'IRT',
      previousNav: '123457',
      nav: '130000',
      // (130,000 − 123,457) × 10⁴ ÷ 123,457 = 529.98… → 530 (away from zero): beyond 500, an admin's.
      changeBps: 530,
      needsAdmin: true,
      holdersCount: 4,
      // 999,989 + 494,988 + 111 + 15,234 and 1,052,987 + 521,222 + 117 + 16,042
      totalValueBefore: '1510322',
      totalValueAfter: '1590368',
      operatorHolders: 1,
      holders: [
        {
          userId: holderOp.userId,
          mobile: expect.stringMatching(/^\+98/),
          firstName: 'دارنده',
          lastName: 'واحد',
          isOperator: true,
          units: '0.1234',
          // ⌊1,234 × 123,457 ÷ 10⁴⌋ = 15,234 (15,234.5…); ⌊1,234 × 130,000 ÷ 10⁴⌋ = 16,042 (16,042.0)
          valueBefore: '15234',
          valueAfter: '16042',
        },
        expect.objectContaining({
          userId: alice,
          isOperator: false,
          units: '8.0999',
          valueBefore: '999989',
          valueAfter: '1052987',
        }),
        expect.objectContaining({ userId: bob, units: '4.0094', valueBefore: '494988', valueAfter: '521222' }),
        // ⌊9 × 123,457 ÷ 10⁴⌋ = 111 (111.11…); ⌊9 × 130,000 ÷ 10⁴⌋ = 117
        expect.objectContaining({ userId: tiny, units: '0.0009', valueBefore: '111', valueAfter: '117' }),
      ],
    });

    // Read again after a holder left: it follows.
    await grantUnits(t, bob!, fund.id, 10_000n);
    const later = (await readProposal(t, proposer.cookie, p.id)).effect as NavEffect;
    expect(later.holders.find((h) => h.userId === bob)).toMatchObject({ units: '5.0094', valueAfter: '651222' });
  });

  it('USDT: values in six decimals of the fund’s currency', async () => {
    const fund = await createFund(t, { currency: 'USDT', minPurchase: 10_000_000n });
    await publishNav(t, fund.id, 1_234_567n);
    const [x] = await quietInvestors(t, 1);
    await grantUnits(t, x!, fund.id, 15_000n);
    const p = proposed(await propose.correction(t, proposer.cookie, fund.id, today(t), '1.3'));
    expect(p.effect).toMatchObject({
      currency: 'USDT',
      previousNav: '1.234567',
      nav: '1.3',
      // ⌊15,000 × 1,234,567 ÷ 10⁴⌋ = 1,851,850 micro-USDT (1,851,850.5); 1.3 × 1.5 = 1.95
      holders: [{ userId: x, units: '1.5', valueBefore: '1.85185', valueAfter: '1.95' }],
      totalValueBefore: '1.85185',
      totalValueAfter: '1.95',
    });
  });

  it(`lists at most ${PROPOSAL_EFFECT_HOLDERS_MAX} holders, largest first, and every operator among them`, async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 10_000n);
    const many = await quietInvestors(t, PROPOSAL_EFFECT_HOLDERS_MAX + 5);
    for (const [i, id] of many.entries()) await grantUnits(t, id, fund.id, BigInt(100 * (i + 1)));
    // The operator holds the least of all: still listed, first.
    await grantUnits(t, holderOp.userId, fund.id, 1n);
    const p = proposed(await propose.correction(t, proposer.cookie, fund.id, today(t), '10100'));
    const effect = p.effect as NavEffect;
    expect(effect).toMatchObject({
      holdersCount: many.length + 1,
      operatorHolders: 1,
      changeBps: 100,
      needsAdmin: false,
    });
    expect(effect.holders).toHaveLength(PROPOSAL_EFFECT_HOLDERS_MAX);
    expect(effect.holders[0]).toMatchObject({ userId: holderOp.userId, isOperator: true, units: '0.0001' });
    const rest = effect.holders.slice(1);
    expect(rest.map((h) => h.userId)).toEqual(
      many
        .slice()
        .reverse()
        .slice(0, PROPOSAL_EFFECT_HOLDERS_MAX - 1),
    );
    // Totals over all 56: Σ 100·i for i = 1…55 units-minor at 10,000 → Σ 100·i; the operator's 1 → 1.
    const units = (many.length * (many.length + 1) * 100) / 2;
    expect(effect.totalValueBefore).toBe(String(units + 1));
    expect(effect.totalValueAfter).toBe(String(Math.floor((units * 10_100) / 10_000) + 1));
  });
});

describe('a dividend’s effect', () => {
  it('each holder’s payment with the dividend’s rounding, on top of their value; unpaid holders left out', async () => {
    const fund = await createFund(t);
    await publishNav(t, fund.id, 123_457n);
    const [alice, bob, dust] = await quietInvestors(t, 3);
    await grantUnits(t, alice!, fund.id, 80_999n);
    await grantUnits(t, bob!, fund.id, 40_094n);
    await grantUnits(t, dust!, fund.id, 7n); // ⌊7 × 1,250 ÷ 10⁴⌋ = 0: not paid
    await grantUnits(t, holderOp.userId, fund.id, 3n); // an operator paid nothing is still shown
    const p = proposed(await propose.dividend(t, proposer.cookie, fund.id, '1,250'));
    expect(p.effect as DividendEffect).toEqual({
      kind: 'dividend',
      currency: 'IRT',
      // ⌊80,999 × 1,250 ÷ 10⁴⌋ = 10,124; ⌊40,094 × 1,250 ÷ 10⁴⌋ = 5,011
      holdersCount: 2,
      total: '15135',
      operatorHolders: 1,
      holders: [
        expect.objectContaining({ userId: holderOp.userId, isOperator: true, valueBefore: '37', valueAfter: '37' }),
        expect.objectContaining({ userId: alice, units: '8.0999', valueBefore: '999989', valueAfter: '1010113' }),
        expect.objectContaining({ userId: bob, units: '4.0094', valueBefore: '494988', valueAfter: '499999' }),
      ],
    });
  });
});
