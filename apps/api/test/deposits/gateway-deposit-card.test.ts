import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@portal/contract/wallet/deposits';
import type { PaymentPort, PaymentRequest } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { queryRows } from '../../src/db/client';
import { addCard, addSheba, cardNumber, deleteAccount, sheba, verifiedInvestor } from '../bank-accounts/bank-helpers';
import { createTestApp, type TestApp } from '../helpers/app';
import { ledgerCounts } from '../helpers/ledger';

/** The sandbox, with every request it was asked for kept to be looked at. */
const sandbox = createSandboxPayment();
const requests: PaymentRequest[] = [];
const payment: PaymentPort & { routes(app: FastifyInstance): void } = {
  ...sandbox,
  request: (input) => {
    requests.push(input);
    return sandbox.request(input);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adapters: { payment } });
});
afterAll(async () => {
  await t.close();
});

const start = (cookie: string, payload: Record<string, unknown>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposits/gateway',
    headers: { cookie, 'idempotency-key': key },
    payload,
  });

async function accountId(res: { statusCode: number; json: <T>() => T }): Promise<string> {
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('gateway deposit from a chosen card (SPEC §2 "Deposit": amount, card)', () => {
  it('the gateway is asked to take the payment from that card, shows it masked, and the deposit keeps it', async () => {
    const u = await verifiedInvestor(t);
    const card = cardNumber('603799');
    const id = await accountId(await addCard(t, u.cookie, card));

    const res = await start(u.cookie, { amount: '300000', bankAccountId: id });
    expect(res.statusCode).toBe(201);
    const { depositId, redirectUrl } = res.json<{ depositId: string; redirectUrl: string }>();
    expect(requests.at(-1)).toMatchObject({ amountRial: 3_000_000n, cardPan: card });

    const page = await t.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.body).toContain(`${card.slice(0, 6)}******${card.slice(-4)}`);
    expect(page.body).not.toContain(card);

    const paid = await t.app.inject({
      method: 'POST',
      url: redirectUrl,
      payload: 'result=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(paid.headers.location as string, 'http://portal.test').searchParams;
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/wallet/deposits/${depositId}/verify`,
      headers: { cookie: u.cookie },
      payload: { authority: back.get('Authority'), status: 'OK' },
    });
    expect(verified.json<Deposit>()).toMatchObject({ outcome: 'success', credited: '300000' });
    const [row] = await queryRows<{ card_pan: string }>(
      t.database.db,
      sql`SELECT card_pan FROM deposits WHERE id = ${depositId}`,
    );
    expect(row?.card_pan).toBe(`${card.slice(0, 6)}******${card.slice(-4)}`);
  });

  it('a retry with the same key and card is the same deposit; the key with another card is refused', async () => {
    const u = await verifiedInvestor(t);
    const first = await accountId(await addCard(t, u.cookie, cardNumber('603799')));
    const second = await accountId(await addCard(t, u.cookie, cardNumber('610433')));
    const key = randomUUID();
    const a = await start(u.cookie, { amount: '50000', bankAccountId: first }, key);
    const b = await start(u.cookie, { amount: '50000', bankAccountId: first }, key);
    expect(b.json()).toEqual(a.json());
    const c = await start(u.cookie, { amount: '50000', bankAccountId: second }, key);
    expect([c.statusCode, c.json<{ code: string }>().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('another user’s card, a deleted one, an account without a card or a malformed id start nothing', async () => {
    const u = await verifiedInvestor(t);
    const other = await verifiedInvestor(t);
    const othersCard = await accountId(await addCard(t, other.cookie, cardNumber('603799')));
    const shebaOnly = await accountId(await addSheba(t, u.cookie, sheba('017')));
    const deleted = await accountId(await addCard(t, u.cookie, cardNumber('603799')));
    expect((await deleteAccount(t, u.cookie, deleted)).statusCode).toBe(200);

    const before = await ledgerCounts(t.database.db);
    const asked = requests.length;
    for (const bankAccountId of [othersCard, shebaOnly, deleted, randomUUID()]) {
      const res = await start(u.cookie, { amount: '50000', bankAccountId });
      expect([res.statusCode, res.json<{ code: string }>().code], bankAccountId).toEqual([404, 'NOT_FOUND']);
    }
    const malformed = await start(u.cookie, { amount: '50000', bankAccountId: 'card-1' });
    expect([malformed.statusCode, malformed.json<{ code: string }>().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(requests.length).toBe(asked);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM deposits WHERE user_id = ${u.userId}`,
    );
    expect(n).toBe(0);
  });
});
