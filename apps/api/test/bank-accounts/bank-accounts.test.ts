import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_LIMIT, maskCardNumber, maskSheba } from '@portal/contract/bank/bank-accounts';
import { toPersianDigits } from '@portal/contract/core/digits';
import { IdentityInquiryError, type IdentityPort } from '../../src/adapters/identity/identity.port';
import { createLocalIdentity, localShebaOfCard } from '../../src/adapters/identity/local-identity';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { decrypt, deriveKey } from '../../src/lib/crypto';
import { insertBankAccount } from '../../src/modules/bank-accounts/bank-accounts.repository';
import { BANK_INQUIRY_RATE } from '../../src/modules/bank-accounts/bank-accounts.service';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { auditActions, investor } from '../kyc/kyc-helpers';
import {
  accountRows,
  addCard,
  addSheba,
  addAccount,
  cardNumber,
  deleteAccount,
  failingLuhn,
  failingMod97,
  listAccounts,
  sheba,
  verifiedInvestor,
} from './bank-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Nothing of the user's bank accounts was written: no row, no audit record. */
async function expectNothingWritten(userId: string) {
  expect(await accountRows(t, userId)).toEqual([]);
  expect((await auditActions(t, userId)).filter((a) => a.startsWith('bank_account.'))).toEqual([]);
}

async function inquiriesCounted(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select coalesce(sum(count), 0)::int as n from rate_counters where bucket = ${BANK_INQUIRY_RATE.bucket} and key = ${userId}`,
  );
  return row?.n ?? 0;
}

describe('POST /bank-accounts by card', () => {
  it('adds the card with the sheba the inquiry gives; the answer and the list show masked numbers only', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const n = cardNumber('603799');
    const s = localShebaOfCard(n)!;
    const res = await addCard(t, cookie, n);
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toEqual({
      id: expect.any(String),
      bank: 'melli',
      cardNumberMasked: `${n.slice(0, 6)}******${n.slice(-4)}`,
      shebaMasked: `${s.slice(0, 6)}${'*'.repeat(16)}${s.slice(-4)}`,
      createdAt: t.clock.now.toISOString(),
    });

    const list = await listAccounts(t, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [account] });
    for (const body of [res.body, list.body]) {
      expect(body).not.toContain(n);
      expect(body).not.toContain(s);
      expect(body).not.toContain(n.slice(6, 12));
    }

    // Kept: the card sealed (and its HMAC), the sheba as it is, for payouts.
    const [row] = await accountRows(t, userId);
    expect(row).toMatchObject({
      id: account.id,
      sheba: s,
      card_number_masked: maskCardNumber(n),
      added_by: 'card',
      verified_by: 'local',
      deleted_at: null,
    });
    expect(row!.card_number_sealed).not.toContain(n);
    expect(decrypt(deriveKey(TEST_SECRET, 'bank-card'), row!.card_number_sealed!)).toBe(n);
    expect(await auditActions(t, userId)).toContain('bank_account.added');
  });

  it('accepts Persian digits with spaces and dashes, and names the bank by the sheba', async () => {
    const { cookie } = await verifiedInvestor(t);
    const n = cardNumber('610433');
    const typed = toPersianDigits(`${n.slice(0, 4)} ${n.slice(4, 8)}-${n.slice(8, 12)} ${n.slice(12)}`);
    const res = await addCard(t, cookie, typed);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ bank: 'mellat', cardNumberMasked: maskCardNumber(n) });
  });

  it('a card failing Luhn is refused by validation before any inquiry, and nothing is written', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const res = await addCard(t, cookie, failingLuhn(cardNumber()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.cardNumber', rule: 'cardNumberChecksum' }] },
    });
    const short = await addCard(t, cookie, '603799123456');
    expect(short.json().details.issues).toEqual([{ path: 'body.cardNumber', rule: 'cardNumber' }]);
    await expectNothingWritten(userId);
    expect(await inquiriesCounted(userId)).toBe(0);
  });

  it("a card of no Iranian bank is CARD_NUMBER_INVALID; someone else's BANK_ACCOUNT_NOT_OWNED; a blocked one BANK_ACCOUNT_INACTIVE", async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const cases = [
      ['4111111111111111', 'CARD_NUMBER_INVALID'],
      [cardNumber('603799', '0000'), 'BANK_ACCOUNT_NOT_OWNED'],
      [cardNumber('589210', '9999'), 'BANK_ACCOUNT_INACTIVE'],
    ] as const;
    for (const [n, code] of cases) {
      const res = await addCard(t, cookie, n);
      expect([res.statusCode, res.json().code], n).toEqual([400, code]);
    }
    await expectNothingWritten(userId);
    expect((await listAccounts(t, cookie)).json()).toEqual({ items: [] });
  });
});

describe('POST /bank-accounts by sheba', () => {
  it('adds the sheba (with or without IR, any case, grouped); no card', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const s = sheba('057');
    const typed = `ir${s.slice(2, 4)} ${toPersianDigits(s.slice(4, 8))} ${s.slice(8)}`;
    const res = await addSheba(t, cookie, typed);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ bank: 'pasargad', cardNumberMasked: null, shebaMasked: maskSheba(s) });
    expect(res.body).not.toContain(s);
    const [row] = await accountRows(t, userId);
    expect(row).toMatchObject({ sheba: s, card_number_sealed: null, card_number_hash: null, added_by: 'sheba' });

    const other = sheba('012');
    expect((await addSheba(t, cookie, other.slice(2))).json()).toMatchObject({ bank: 'mellat' });
  });

  it('a sheba failing mod-97 is refused by validation, and nothing is written', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const res = await addSheba(t, cookie, failingMod97(sheba()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.sheba', rule: 'shebaChecksum' }] },
    });
    expect((await addSheba(t, cookie, 'IR12345')).json().details.issues).toEqual([
      { path: 'body.sheba', rule: 'sheba' },
    ]);
    expect((await addAccount(t, cookie, { kind: 'iban', sheba: sheba() })).statusCode).toBe(400);
    await expectNothingWritten(userId);
  });

  it("a sheba of no bank is SHEBA_INVALID; someone else's BANK_ACCOUNT_NOT_OWNED; a blocked one BANK_ACCOUNT_INACTIVE", async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const cases = [
      [sheba('296'), 'SHEBA_INVALID'],
      [sheba('017', '0000'), 'BANK_ACCOUNT_NOT_OWNED'],
      [sheba('017', '9999'), 'BANK_ACCOUNT_INACTIVE'],
    ] as const;
    for (const [s, code] of cases) {
      const res = await addSheba(t, cookie, s);
      expect([res.statusCode, res.json().code], s).toEqual([400, code]);
    }
    await expectNothingWritten(userId);
  });
});

describe('duplicates and the limit', () => {
  it('the same card, or its sheba, twice is BANK_ACCOUNT_DUPLICATE; removed, it can be added again', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const n = cardNumber();
    const first = (await addCard(t, cookie, n)).json<{ id: string }>();
    const again = await addCard(t, cookie, toPersianDigits(n));
    expect([again.statusCode, again.json().code]).toEqual([409, 'BANK_ACCOUNT_DUPLICATE']);
    const bySheba = await addSheba(t, cookie, localShebaOfCard(n)!);
    expect([bySheba.statusCode, bySheba.json().code]).toEqual([409, 'BANK_ACCOUNT_DUPLICATE']);
    expect(await accountRows(t, userId)).toHaveLength(1);

    expect((await deleteAccount(t, cookie, first.id)).statusCode).toBe(200);
    expect((await addCard(t, cookie, n)).statusCode).toBe(201);
    // Two rows (the test clock gives them one created_at, so no order is assumed): the removed first
    // one, hidden, and a new active one.
    const rows = await accountRows(t, userId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.id)?.deleted_at).not.toBeNull();
    expect(rows.filter((r) => r.id !== first.id).map((r) => r.deleted_at)).toEqual([null]);
  });

  it('a duplicate is refused before the inquiry is asked (and counted)', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const s = sheba();
    await addSheba(t, cookie, s);
    const before = await inquiriesCounted(userId);
    expect((await addSheba(t, cookie, s)).statusCode).toBe(409);
    expect(await inquiriesCounted(userId)).toBe(before);
  });

  it('a card added after its sheba joins that account: one account with both', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const n = cardNumber('621986');
    const bySheba = (await addSheba(t, cookie, localShebaOfCard(n)!)).json<{ id: string }>();
    const res = await addCard(t, cookie, n);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: bySheba.id,
      bank: 'saman',
      cardNumberMasked: maskCardNumber(n),
      shebaMasked: maskSheba(localShebaOfCard(n)!),
    });
    expect((await listAccounts(t, cookie)).json().items).toHaveLength(1);
    expect(await auditActions(t, userId)).toEqual(
      expect.arrayContaining(['bank_account.added', 'bank_account.card_added']),
    );
    // and a second card of the same account is a duplicate of it
    const rows = await accountRows(t, userId);
    expect(rows).toHaveLength(1);
  });

  it(`the ${BANK_ACCOUNT_LIMIT + 1}th active account is BANK_ACCOUNT_LIMIT; after removing one, it fits`, async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    for (let i = 0; i < BANK_ACCOUNT_LIMIT - 1; i++) {
      await insertBankAccount(t.database.db, { userId, sheba: sheba(), addedBy: 'sheba', verifiedBy: 'local' });
    }
    const tenth = await addCard(t, cookie, cardNumber());
    expect(tenth.statusCode).toBe(201);
    const before = await inquiriesCounted(userId);
    const over = await addSheba(t, cookie, sheba());
    expect([over.statusCode, over.json().code]).toEqual([409, 'BANK_ACCOUNT_LIMIT']);
    expect(await inquiriesCounted(userId)).toBe(before);
    expect(await accountRows(t, userId)).toHaveLength(BANK_ACCOUNT_LIMIT);

    expect((await deleteAccount(t, cookie, tenth.json<{ id: string }>().id)).statusCode).toBe(200);
    expect((await addSheba(t, cookie, sheba())).statusCode).toBe(201);
    expect((await listAccounts(t, cookie)).json().items).toHaveLength(BANK_ACCOUNT_LIMIT);
  });

  it('the same card added twice at once: one is added, the other is a duplicate', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const n = cardNumber();
    const results = await Promise.all([addCard(t, cookie, n), addCard(t, cookie, n), addCard(t, cookie, n)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await accountRows(t, userId)).toHaveLength(1);
  });
});

describe('who may add', () => {
  it('without KYC level one: 403 KYC_REQUIRED (requiredLevel 1), no inquiry, nothing written', async () => {
    const { cookie, userId } = await investor(t);
    const res = await addCard(t, cookie, cardNumber());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED', details: { requiredLevel: 1 } });
    await expectNothingWritten(userId);
    expect(await inquiriesCounted(userId)).toBe(0);
    // the list answers (empty) without KYC
    expect((await listAccounts(t, cookie)).json()).toEqual({ items: [] });
  });

  it('a frozen account: 403 ACCOUNT_FROZEN', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    await t.database.db.update(users).set({ frozenAt: t.clock.now, frozenReason: 'test' }).where(eq(users.id, userId));
    const res = await addSheba(t, cookie, sheba());
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_FROZEN']);
    await expectNothingWritten(userId);
  });

  it('a foreign investor (level two by passport, no national code): BANK_ACCOUNT_NATIONAL_CODE_REQUIRED', async () => {
    const { cookie, userId } = await investor(t);
    await t.database.db.update(users).set({ kycLevel: 2, kycTrack: 'foreign' }).where(eq(users.id, userId));
    const res = await addCard(t, cookie, cardNumber());
    expect([res.statusCode, res.json().code]).toEqual([403, 'BANK_ACCOUNT_NATIONAL_CODE_REQUIRED']);
    await expectNothingWritten(userId);
  });

  it(`inquiries are limited to ${BANK_INQUIRY_RATE.limit} an hour per user; refusals by validation do not count`, async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    for (let i = 0; i < BANK_INQUIRY_RATE.limit; i++) {
      expect((await addCard(t, cookie, failingLuhn(cardNumber()))).statusCode).toBe(400);
      expect((await addCard(t, cookie, cardNumber('603799', '0000'))).json().code).toBe('BANK_ACCOUNT_NOT_OWNED');
    }
    const res = await addCard(t, cookie, cardNumber());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } });
    await expectNothingWritten(userId);
    // another user is not limited by it
    const other = await verifiedInvestor(t);
    expect((await addCard(t, other.cookie, cardNumber())).statusCode).toBe(201);
  });

  it('an inquiry that fails is BANK_INQUIRY_FAILED (502) and changes nothing', async () => {
    const down = (): Promise<never> => Promise.reject(new IdentityInquiryError('provider down'));
    const failing: IdentityPort = { ...createLocalIdentity(), name: 'down', cardOwnership: down, shebaOwnership: down };
    const local = await createTestApp({ adapters: { identity: failing } });
    try {
      const { cookie } = await investor(local);
      await local.app.inject({
        method: 'POST',
        url: '/api/kyc/identity',
        headers: { cookie },
        payload: { nationalCode: '0084575948', birthDate: '1990-01-01' },
      });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/bank-accounts',
        headers: { cookie },
        payload: { kind: 'sheba', sheba: sheba() },
      });
      expect([res.statusCode, res.json().code]).toEqual([502, 'BANK_INQUIRY_FAILED']);
      expect(
        (await local.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: { cookie } })).json(),
      ).toEqual({ items: [] });
    } finally {
      await local.close();
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bank-accounts' })).statusCode).toBe(401);
    const add = await t.app.inject({ method: 'POST', url: '/api/bank-accounts', payload: { kind: 'x' } });
    expect([add.statusCode, add.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bank-accounts/${randomUUID()}` })).statusCode).toBe(401);
  });
});

describe('DELETE /bank-accounts/:bankAccountId', () => {
  it('removes my account from the list, keeps the row, and writes the audit record; a second time is 404', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const keep = (await addSheba(t, cookie, sheba())).json<{ id: string }>();
    const gone = (await addCard(t, cookie, cardNumber())).json<{ id: string }>();
    const res = await deleteAccount(t, cookie, gone.id);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await listAccounts(t, cookie)).json().items.map((a: { id: string }) => a.id)).toEqual([keep.id]);
    const rows = await accountRows(t, userId);
    expect(rows.find((r) => r.id === gone.id)?.deleted_at).not.toBeNull();
    expect(await auditActions(t, userId)).toContain('bank_account.deleted');
    expect((await deleteAccount(t, cookie, gone.id)).statusCode).toBe(404);
  });

  it("another user's account id is 404 and nothing changes; an unknown id 404; a malformed one 400", async () => {
    const a = await verifiedInvestor(t);
    const b = await verifiedInvestor(t);
    const bAccount = (await addCard(t, b.cookie, cardNumber())).json<{ id: string }>();
    const bBefore = await accountRows(t, b.userId);
    const bAudit = await auditActions(t, b.userId);

    const res = await deleteAccount(t, a.cookie, bAccount.id);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(await accountRows(t, b.userId)).toEqual(bBefore);
    expect(await auditActions(t, b.userId)).toEqual(bAudit);
    expect((await auditActions(t, a.userId)).filter((x) => x.startsWith('bank_account.'))).toEqual([]);
    expect((await listAccounts(t, b.cookie)).json().items).toHaveLength(1);
    // A's list never shows B's account
    expect((await listAccounts(t, a.cookie)).body).not.toContain(bAccount.id);

    expect((await deleteAccount(t, a.cookie, randomUUID())).statusCode).toBe(404);
    const bad = await deleteAccount(t, a.cookie, 'not-a-uuid');
    expect([bad.statusCode, bad.json().details.issues]).toEqual([
      400,
      [{ path: 'params.bankAccountId', rule: 'format' }],
    ]);
  });
});

describe('the table', () => {
  it('refuses deleting a row, changing its numbers, or bringing a removed one back', async () => {
    const { cookie, userId } = await verifiedInvestor(t);
    const { id } = (await addSheba(t, cookie, sheba())).json<{ id: string }>();
    const db = t.database.db;
    await expect(db.execute(sql`delete from bank_accounts where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`update bank_accounts set sheba = ${sheba()} where id = ${id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update bank_accounts set user_id = ${randomUUID()} where id = ${id}`),
    ).rejects.toThrow();
    expect((await deleteAccount(t, cookie, id)).statusCode).toBe(200);
    await expect(db.execute(sql`update bank_accounts set deleted_at = null where id = ${id}`)).rejects.toThrow();
    expect(await accountRows(t, userId)).toHaveLength(1);
  });
});
