import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { evmAddressFromBytes, tronAddressFromBytes, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { TetherWithdrawal } from '@portal/contract/tether/chain';
import { queryRows, type Db, type DbOrTx } from '../../src/db/client';
import { chainDeposits, chainNetworks, chainSettings, depositAddresses, users } from '../../src/db/schema';
import { runMoneyTransaction } from '../../src/lib/money-tx';
import { newTotpSecret, timeStep, totpAt } from '../../src/lib/totp';
import { sealTotpSecret } from '../../src/modules/admin/operators.service';
import { creditUser } from '../../src/modules/ledger/ledger.service';
import { makeInvestor } from '../helpers/admin';
import { outboxCode, TEST_SECRET, type TestApp } from '../helpers/app';
import { journalPostingsOf, systemBalanceOf, withdrawalSnapshot } from '../helpers/ledger';

/** Tether in minor units (six decimals): `usdt(12.5)` is 12 500 000n. */
export const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));

export interface TetherUser {
  cookie: string;
  mobile: string;
  userId: string;
  ip: string;
  /** The authenticator's base32 secret when two-factor is on (codes then come from it). */
  totp: string | null;
}

let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.88.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** A fresh address of a network nobody has used. */
export const freshAddress = (network: TetherNetworkKey = 'TRC20') =>
  network === 'TRC20' ? tronAddressFromBytes(randomBytes(20)) : evmAddressFromBytes(randomBytes(20));

/**
 * A credited tether deposit of `amount` to a user, as the watcher writes one: the transfer's row and the
 * credit from the chain custody account (ref `TetherDeposit`). Answers the deposit's id.
 */
export async function creditTether(db: Db, userId: string, amount: bigint) {
  const id = randomUUID();
  await runMoneyTransaction(db, async (tx) => {
    const credit = await creditUser(tx, {
      userId,
      from: 'chain_custody',
      currency: 'USDT',
      amount,
      refType: 'TetherDeposit',
      refId: id,
    });
    await tx.insert(chainDeposits).values({
      id,
      network: 'TRC20',
      txHash: randomBytes(32).toString('hex'),
      logIndex: 0,
      blockNumber: 1000n,
      blockHash: randomBytes(32).toString('hex'),
      userId,
      fromAddress: freshAddress('TRC20'),
      toAddress: freshAddress('TRC20'),
      token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      rawValue: amount.toString(),
      amount,
      status: 'Credited',
      confirmations: 19,
      requiredConfirmations: 19,
      journalId: credit.journalId,
      creditedAt: new Date(),
    });
  });
  return id;
}

/**
 * An investor at KYC level two (unless `kycLevel` says otherwise) with `tether` in the USDT wallet, and
 * two-factor on unless `phone` (then codes come by SMS).
 */
export async function tetherUser(
  t: TestApp,
  tether: bigint,
  opts: { kycLevel?: number; phone?: boolean } = {},
): Promise<TetherUser> {
  const totp = opts.phone ? null : newTotpSecret();
  const u = await makeInvestor(t, {
    kycLevel: opts.kycLevel ?? 2,
    ...(totp ? { twoFactorSecret: sealTotpSecret(TEST_SECRET, totp), twoFactorLastStep: null } : {}),
  });
  if (tether > 0n) await creditTether(t.database.db, u.userId, tether);
  return { ...u, ip: nextIp(), totp };
}

/**
 * A right confirming code now: the authenticator's of the next step (the clock moves 30 s, so the step
 * is unused), or a phone code asked for and read from the outbox (the clock then moves past the resend wait).
 */
export async function codeFor(t: TestApp, u: TetherUser): Promise<string> {
  if (u.totp) {
    t.clock.advance(30);
    return totpAt(u.totp, timeStep(t.clock.now.getTime()));
  }
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals/code',
    headers: { cookie: u.cookie },
    remoteAddress: u.ip,
    payload: {},
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await outboxCode(t.app, u.mobile);
  t.clock.advance(61);
  return code;
}

export function postTetherWithdrawal(
  t: TestApp,
  u: Pick<TetherUser, 'cookie' | 'ip'>,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/tether/withdrawals',
    headers: { cookie: u.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: u.ip,
    payload,
  });
}

/** A withdrawal through the whole flow; answers it. */
export async function withdrawTether(
  t: TestApp,
  u: TetherUser,
  o: { amount: string; address?: string; network?: TetherNetworkKey },
): Promise<TetherWithdrawal> {
  const network = o.network ?? 'TRC20';
  const res = await postTetherWithdrawal(t, u, {
    network,
    address: o.address ?? freshAddress(network),
    amount: o.amount,
    code: await codeFor(t, u),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TetherWithdrawal>();
}

export const get = (t: TestApp, cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });

export const post = (t: TestApp, u: Pick<TetherUser, 'cookie' | 'ip'>, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { cookie: u.cookie },
    remoteAddress: u.ip,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** An error answer as `[status, code]`. */
export const errorOf = (res: { statusCode: number; json: () => unknown }) => [
  res.statusCode,
  (res.json() as { code: string }).code,
];

/** The field issues of a 400 answer. */
export const issuesOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { issues?: { path: string; rule: string }[] } }).details?.issues ?? [];

/** The USDT balance of a system account (0n before it is opened). */
export const systemUsdt = (db: DbOrTx, code: 'chain_custody' | 'fees') => systemBalanceOf(db, code, 'USDT');

/** Everything a refused request must leave as it was: the user's records, balances and the ledger. */
export const snapshot = (t: TestApp, userId: string) =>
  withdrawalSnapshot(t.database.db, userId, 'tether_withdrawals', 'USDT');

/** The postings of a withdrawal's journals, oldest journal first: `[account code, amount]`. */
export const postingsOf = (db: DbOrTx, withdrawalId: string) => journalPostingsOf(db, 'TetherWithdrawal', withdrawalId);

export async function auditOf(db: DbOrTx, action: string, subjectId: string) {
  return queryRows<{ actor_user_id: string | null; data: Record<string, unknown> }>(
    db,
    sql`SELECT actor_user_id, data FROM audit_log WHERE action = ${action} AND subject_id = ${subjectId} ORDER BY at, id`,
  );
}

/** Changes a network's settings for the block, then puts them back. */
export async function withNetwork<T>(
  t: TestApp,
  network: TetherNetworkKey,
  values: Partial<typeof chainNetworks.$inferInsert>,
  fn: () => Promise<T>,
): Promise<T> {
  const [before] = await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  await t.database.db.update(chainNetworks).set(values).where(eq(chainNetworks.network, network));
  try {
    return await fn();
  } finally {
    await t.database.db.update(chainNetworks).set(before!).where(eq(chainNetworks.network, network));
  }
}

/** Changes the settings across networks for the block, then puts them back. */
export async function withSettings<T>(
  t: TestApp,
  values: Partial<typeof chainSettings.$inferInsert>,
  fn: () => Promise<T>,
): Promise<T> {
  const [before] = await t.database.db.select().from(chainSettings).where(eq(chainSettings.id, 1));
  await t.database.db.update(chainSettings).set(values).where(eq(chainSettings.id, 1));
  try {
    return await fn();
  } finally {
    await t.database.db.update(chainSettings).set(before!).where(eq(chainSettings.id, 1));
  }
}

/** Makes `address` a deposit address of the portal (another user's), as the deposit side would. */
export async function portalDepositAddress(t: TestApp, network: TetherNetworkKey = 'TRC20'): Promise<string> {
  const owner = await makeInvestor(t);
  const address = freshAddress(network);
  await t.database.db
    .insert(depositAddresses)
    .values({ userId: owner.userId, network, address, addressIndex: 900_000 + (ipSeq++ % 100_000) });
  return address;
}

/** Writes to a user's row and drops the cached copy, as the admin console would. */
export async function setUser(t: TestApp, userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
}
