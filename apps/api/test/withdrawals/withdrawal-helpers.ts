import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { queryRows, type DbOrTx } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { newTotpSecret, timeStep, totpAt } from '../../src/lib/totp';
import { sealTotpSecret } from '../../src/modules/admin/operators.service';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { addCard, addSheba, cardNumber, sheba, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { outboxCode, TEST_SECRET, type TestApp } from '../helpers/app';
import { journalPostingsOf, systemBalanceOf, withdrawalSnapshot } from '../helpers/ledger';

export interface Withdrawer {
  cookie: string;
  /** Local form, `0912…`. */
  mobile: string;
  userId: string;
  bankAccountId: string;
  sheba: string;
  /** The address the user's requests come from (the code limits count per address). */
  ip: string;
}

let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.77.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** Moves `toman` from the bank into a user's IRT wallet, as a deposit would. */
export async function fund(t: TestApp, userId: string, toman: bigint) {
  await runMoneyTransaction(t.database.db, (tx) =>
    creditUser(tx, {
      userId,
      from: 'bank_settlement',
      currency: 'IRT',
      amount: toman,
      refType: 'Payment',
      refId: randomUUID(),
    }),
  );
}

/** Writes to a user's row and drops the cached copy, as the admin console would. */
export async function setUser(t: TestApp, userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
}

export const setFrozen = (t: TestApp, userId: string, frozen: boolean) =>
  setUser(t, userId, { frozenAt: frozen ? new Date() : null, frozenReason: frozen ? 'test' : null });

/**
 * An investor at KYC level two (unless `kycLevel` says otherwise) with one bank account (a sheba, or a
 * card when `card`) and `toman` in the IRT wallet.
 */
export async function withdrawer(
  t: TestApp,
  toman: bigint,
  opts: { kycLevel?: number; card?: boolean } = {},
): Promise<Withdrawer> {
  const who = await verifiedInvestor(t);
  const added = opts.card ? await addCard(t, who.cookie, cardNumber('603799')) : await addSheba(t, who.cookie, sheba());
  expect(added.statusCode, added.body).toBe(201);
  const account = added.json<{ id: string }>();
  const [stored] = await queryRows<{ sheba: string }>(
    t.database.db,
    sql`SELECT sheba FROM bank_accounts WHERE id = ${account.id}`,
  );
  await setUser(t, who.userId, { kycLevel: opts.kycLevel ?? 2 });
  if (toman > 0n) await fund(t, who.userId, toman);
  return {
    cookie: who.cookie,
    mobile: who.mobile,
    userId: who.userId,
    bankAccountId: account.id,
    sheba: stored!.sheba,
    ip: nextIp(),
  };
}

/** Turns two-factor on for a user (the secret sealed as the app seals it); answers the base32 secret. */
export async function enableTotp(t: TestApp, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await setUser(t, userId, { twoFactorSecret: sealTotpSecret(TEST_SECRET, secret), twoFactorLastStep: null });
  return secret;
}

/** The authenticator's code at the app's clock (`stepsBack` steps earlier). */
export const totpNow = (t: TestApp, secret: string, stepsBack = 0) =>
  totpAt(secret, timeStep(t.clock.now.getTime()) - stepsBack);

export function requestCode(t: TestApp, u: Pick<Withdrawer, 'cookie' | 'ip'>, channel?: 'sms' | 'voice') {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals/code',
    headers: { cookie: u.cookie },
    remoteAddress: u.ip,
    payload: channel ? { channel } : {},
  });
}

/** Asks for a phone code and reads it from the dev outbox. */
export async function phoneCode(t: TestApp, u: Pick<Withdrawer, 'cookie' | 'ip' | 'mobile'>): Promise<string> {
  const sent = await requestCode(t, u);
  expect(sent.statusCode, sent.body).toBe(200);
  return outboxCode(t.app, u.mobile);
}

export function postWithdrawal(
  t: TestApp,
  u: Pick<Withdrawer, 'cookie' | 'ip'>,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    headers: { cookie: u.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: u.ip,
    payload,
  });
}

/**
 * A pending withdrawal through the whole flow (phone code from the outbox). The clock then moves past
 * the resend wait, so the next code may be asked for at once.
 */
export async function withdraw(t: TestApp, u: Withdrawer, amount: string): Promise<Withdrawal> {
  const code = await phoneCode(t, u);
  const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount, code });
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(61);
  return res.json<Withdrawal>();
}

export function getWithdrawal(t: TestApp, cookie: string, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/wallet/withdrawals/${id}`, headers: { cookie } });
}

export function cancelWithdrawal(t: TestApp, cookie: string, id: string, app = t.app) {
  return app.inject({ method: 'POST', url: `/api/wallet/withdrawals/${id}/cancel`, headers: { cookie } });
}

export function decide(
  t: TestApp,
  cookie: string,
  id: string,
  decision: 'approve' | 'reject',
  payload?: Record<string, unknown>,
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/${decision}`,
    headers: { cookie },
    ...(decision === 'reject' ? { payload: payload ?? { reason: 'other' } } : {}),
  });
}

export async function approved(t: TestApp, cookie: string, id: string): Promise<AdminWithdrawal> {
  const res = await decide(t, cookie, id, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminWithdrawal>();
}

/** The IRT balance of a system account (0n before it is opened). */
export const systemBalance = (db: DbOrTx, code: 'bank_settlement' | 'fees' = 'bank_settlement') =>
  systemBalanceOf(db, code, 'IRT');

/** Everything a refused request must leave as it was: the user's records, balances and the ledger. */
export async function snapshot(t: TestApp, userId: string) {
  return {
    ...(await withdrawalSnapshot(t.database.db, userId, 'withdrawals', 'IRT')),
    bank: await systemBalance(t.database.db),
  };
}

/** The postings of a withdrawal's journals, oldest journal first: `[account code, amount]`. */
export const postingsOf = (db: DbOrTx, withdrawalId: string) => journalPostingsOf(db, 'Withdrawal', withdrawalId);

/** The withdrawal row as stored. */
export async function rowOf(db: DbOrTx, id: string) {
  const [row] = await queryRows<{
    status: string;
    reviewer_id: string | null;
    payout_at: Date | string | null;
    end_journal_id: string | null;
  }>(db, sql`SELECT status, reviewer_id, payout_at, end_journal_id FROM withdrawals WHERE id = ${id}`);
  return row;
}

export async function auditOf(db: DbOrTx, action: string, withdrawalId: string) {
  return queryRows<{ actor_user_id: string | null }>(
    db,
    sql`SELECT actor_user_id FROM audit_log WHERE action = ${action} AND subject_id = ${withdrawalId} ORDER BY at, id`,
  );
}

/** A six-digit code that is none of `codes`. */
export const otherCode = (...codes: string[]) => {
  for (;;) {
    const c = String(randomInt(1_000_000)).padStart(6, '0');
    if (!codes.includes(c)) return c;
  }
};

/** An error answer as `[status, code]`. */
export const errorOf = (res: { statusCode: number; json: () => unknown }) => [
  res.statusCode,
  (res.json() as { code: string }).code,
];
