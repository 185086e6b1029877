import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskQuiz, RiskResult } from '@portal/contract/baskets/risk-quiz';
import { fundPurchases } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf } from '../helpers/ledger';
import type { TestUser } from '../helpers/admin';
import { buyer, createFund, get, post, publishNav } from '../fund-orders/fund-order-helpers';

/**
 * Issue 20: a fund purchase riskier than the investor's latest risk quiz result (or with none) is refused
 * with RISK_CONFIRMATION_REQUIRED unless the investor confirms it; the confirmation and the result compared
 * are kept on the purchase.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Takes the quiz answering every question with the option at `pick` (0: the most careful; 9: the boldest). */
async function takeQuiz(u: TestUser, pick: number): Promise<RiskResult> {
  const quiz = (await get(t, u.cookie, '/risk-quiz')).json<RiskQuiz>();
  const answers = quiz.questions.map((q) => ({
    questionId: q.id,
    optionId: q.options[Math.min(pick, q.options.length - 1)]!.id,
  }));
  const res = await post(t, u.cookie, '/risk-quiz/results', { versionId: quiz.id, answers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RiskResult>();
}

const buy = (u: TestUser, fundId: string, extra: Record<string, unknown> = {}, key = randomUUID()) =>
  post(
    t,
    u.cookie,
    `/funds/${fundId}/purchases`,
    { amount: '500000', method: 'wallet', acceptTerms: true, ...extra },
    key,
  );
const rowsOf = (userId: string) => t.database.db.select().from(fundPurchases).where(eq(fundPurchases.userId, userId));

describe('a purchase riskier than the latest quiz result', () => {
  it('without a result, a fund above the safe band asks for confirmation; nothing is held', async () => {
    const u = await buyer(t, 1_000_000n);
    const fund = await createFund(t, { risk: 60 });
    await publishNav(t, fund.id, 100_000n);
    const res = await buy(u, fund.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RISK_CONFIRMATION_REQUIRED' });
    expect(await rowsOf(u.userId)).toHaveLength(0);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(1_000_000n);
    const no = await buy(u, fund.id, { riskAcknowledged: false });
    expect(no.json()).toMatchObject({ code: 'RISK_CONFIRMATION_REQUIRED' });

    const ok = await buy(u, fund.id, { riskAcknowledged: true });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await rowsOf(u.userId);
    expect(row).toMatchObject({ riskAcknowledged: true, riskResultId: null });
  });

  it('without a result, a safe fund needs no confirmation', async () => {
    const u = await buyer(t, 1_000_000n);
    const fund = await createFund(t, { risk: 10 });
    await publishNav(t, fund.id, 100_000n);
    expect((await buy(u, fund.id)).statusCode).toBe(201);
    expect((await rowsOf(u.userId))[0]).toMatchObject({ riskAcknowledged: false, riskResultId: null });
  });

  it('a careful result refuses a high-risk fund until confirmed, and the result is recorded', async () => {
    const u = await buyer(t, 2_000_000n);
    const careful = await takeQuiz(u, 0);
    expect(careful.band).toBe(10);
    const fund = await createFund(t, { risk: 35 });
    await publishNav(t, fund.id, 100_000n);
    expect((await buy(u, fund.id)).json()).toMatchObject({ code: 'RISK_CONFIRMATION_REQUIRED' });
    const ok = await buy(u, fund.id, { riskAcknowledged: true });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await rowsOf(u.userId))[0]).toMatchObject({ riskAcknowledged: true, riskResultId: careful.id });
  });

  it('a bold result buys the same fund without confirmation (the newest result counts)', async () => {
    const u = await buyer(t, 2_000_000n);
    await takeQuiz(u, 0);
    const bold = await takeQuiz(u, 9);
    expect(bold.band).toBe(100);
    const fund = await createFund(t, { risk: 100 });
    await publishNav(t, fund.id, 100_000n);
    const res = await buy(u, fund.id);
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowsOf(u.userId))[0]).toMatchObject({ riskAcknowledged: false, riskResultId: bold.id });
  });

  it('other refusals come first: a paused fund says so, whatever the risk', async () => {
    const u = await buyer(t, 1_000_000n);
    const fund = await createFund(t, { risk: 100, buyingPaused: true });
    expect((await buy(u, fund.id)).json()).toMatchObject({ code: 'FUND_TRADING_PAUSED' });
  });

  it('a replay of a confirmed purchase answers the same purchase', async () => {
    const u = await buyer(t, 2_000_000n);
    const fund = await createFund(t, { risk: 60 });
    await publishNav(t, fund.id, 100_000n);
    const key = randomUUID();
    const a = await buy(u, fund.id, { riskAcknowledged: true }, key);
    const b = await buy(u, fund.id, { riskAcknowledged: true }, key);
    expect(b.json<{ id: string }>().id).toBe(a.json<{ id: string }>().id);
    expect(await rowsOf(u.userId)).toHaveLength(1);
  });
});
