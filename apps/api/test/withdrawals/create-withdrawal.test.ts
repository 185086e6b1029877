import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@portal/contract/wallet/wallets';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { addSheba, deleteAccount, sheba } from '../bank-accounts/bank-helpers';
import { createTestApp, type TestApp } from '../helpers/app';
import { balanceOf, expectLedgerSound } from '../helpers/ledger';
import {
  auditOf,
  enableTotp,
  otherCode,
  phoneCode,
  postingsOf,
  postWithdrawal,
  requestCode,
  setFrozen,
  setUser,
  snapshot,
  totpNow,
  withdraw,
  withdrawer,
} from './withdrawal-helpers';

/**
 * Asking for a toman withdrawal (SPEC §2 "Withdraw", issue 5, decision 016): KYC level two, one of the
 * user's own bank accounts, at least 10,000 toman, confirmed by a phone code (or the authenticator when
 * two-factor is on). The amount moves from available to held at once; the request is idempotent; every
 * refused request changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ErrorBody {
  code: string;
  details?: { issues?: { path: string; rule: string }[]; retryAfterSeconds?: number; [k: string]: unknown };
}
const errorOf = (res: { statusCode: number; json: () => unknown }) => {
  const body = res.json() as ErrorBody;
  return [res.statusCode, body.code];
};

async function outbox(mobile: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?mobile=${encodeURIComponent(mobile)}` });
  return res.json<{ items: { channel: string; purpose: string; code: string | null }[] }>().items;
}

describe('asking for the confirming code', () => {
  it('sends a six-digit code by SMS to the user’s own number, with the resend and voice countdowns', async () => {
    const u = await withdrawer(t, 500_000n);
    const res = await requestCode(t, u);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ channel: string; maskedMobile: string; expiresInSeconds: number }>();
    expect(body).toEqual({
      channel: 'sms',
      maskedMobile: expect.any(String),
      expiresInSeconds: 120,
      resendInSeconds: 60,
      voiceInSeconds: 60,
    });
    expect(body.maskedMobile).toContain(u.mobile.slice(-2));
    expect(body.maskedMobile).not.toContain(u.mobile.slice(4, 8));
    const [sent] = await outbox(u.mobile);
    expect(sent).toMatchObject({ channel: 'sms', purpose: 'withdrawal', code: expect.stringMatching(/^\d{6}$/) });

    // The resend countdown: neither another SMS nor a voice call before 60 seconds.
    const again = await requestCode(t, u);
    expect(errorOf(again)).toEqual([429, 'OTP_RESEND_TOO_SOON']);
    expect(again.json<ErrorBody>().details?.retryAfterSeconds).toBe(60);
    t.clock.advance(30);
    const voiceTooSoon = await requestCode(t, u, 'voice');
    expect(errorOf(voiceTooSoon)).toEqual([429, 'OTP_VOICE_TOO_SOON']);
    expect(voiceTooSoon.json<ErrorBody>().details?.retryAfterSeconds).toBe(30);

    // Then the user may switch to a voice call; the new code replaces the SMS one.
    t.clock.advance(31);
    const voice = await requestCode(t, u, 'voice');
    expect(voice.statusCode, voice.body).toBe(200);
    expect(voice.json<{ channel: string }>().channel).toBe('voice');
    const [called] = await outbox(u.mobile);
    expect(called).toMatchObject({ channel: 'voice', purpose: 'withdrawal' });
    const smsCode = sent!.code!;
    const voiceCode = called!.code!;
    if (smsCode !== voiceCode) {
      const old = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '50000', code: smsCode });
      expect(errorOf(old)).toEqual([400, 'OTP_INVALID']);
    }
    const ok = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '50000', code: voiceCode });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(50_000n);
  });

  it('a user with two-factor on gets no phone code and confirms with the authenticator code', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const res = await requestCode(t, u);
    expect(errorOf(res)).toEqual([400, 'STEP_UP_METHOD_NOT_ALLOWED']);
    expect((await outbox(u.mobile)).filter((m) => m.purpose === 'withdrawal')).toEqual([]);

    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const payload = (code: string) => ({ bankAccountId: u.bankAccountId, amount: '100000', code });
    const current = totpNow(t, secret);
    const wrong = await postWithdrawal(t, u, payload(otherCode(current, totpNow(t, secret, 1))), key);
    expect(errorOf(wrong)).toEqual([400, 'TOTP_INVALID']);
    expect(await snapshot(t, u.userId)).toEqual(before);

    // The same key, now with the authenticator's code: the wrong try did not spend it.
    const ok = await postWithdrawal(t, u, payload(current), key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<Withdrawal>()).toMatchObject({ amount: '100000', status: 'Pending' });
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(400_000n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);

    // An authenticator code works once: the same one (or the step before) for a second withdrawal is refused.
    const afterFirst = await snapshot(t, u.userId);
    const reused = await postWithdrawal(t, u, payload(current));
    expect(errorOf(reused)).toEqual([400, 'TOTP_ALREADY_USED']);
    const previous = await postWithdrawal(t, u, payload(totpNow(t, secret, 1)));
    expect(errorOf(previous)).toEqual([400, 'TOTP_ALREADY_USED']);
    expect(await snapshot(t, u.userId)).toEqual(afterFirst);

    // The next step's code is accepted.
    t.clock.advance(30);
    const next = await postWithdrawal(t, u, payload(totpNow(t, secret)));
    expect(next.statusCode, next.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(200_000n);
    await expectLedgerSound(t.database.db);
  });

  it('ten wrong authenticator codes lock the step: then even the right code is refused, nothing held', async () => {
    const u = await withdrawer(t, 500_000n);
    const secret = await enableTotp(t, u.userId);
    const before = await snapshot(t, u.userId);
    const payload = (code: string) => ({ bankAccountId: u.bankAccountId, amount: '100000', code });
    const wrong = () => otherCode(totpNow(t, secret), totpNow(t, secret, 1));
    const answers: unknown[] = [];
    for (let i = 0; i < 10; i++) answers.push(errorOf(await postWithdrawal(t, u, payload(wrong()))));
    expect(answers).toEqual([...Array.from({ length: 9 }, () => [400, 'TOTP_INVALID']), [429, 'AUTH_LOCKED']]);
    expect(errorOf(await postWithdrawal(t, u, payload(totpNow(t, secret))))).toEqual([429, 'AUTH_LOCKED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('below KYC level two: no code is sent and no withdrawal is made', async () => {
    const u = await withdrawer(t, 500_000n, { kycLevel: 1 });
    const res = await requestCode(t, u);
    expect(errorOf(res)).toEqual([403, 'KYC_REQUIRED']);
    expect(res.json<ErrorBody>().details?.requiredLevel).toBe(2);
    expect((await outbox(u.mobile)).filter((m) => m.purpose === 'withdrawal')).toEqual([]);

    const before = await snapshot(t, u.userId);
    const made = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code: '123456' });
    expect(errorOf(made)).toEqual([403, 'KYC_REQUIRED']);
    expect(made.json<ErrorBody>().details?.requiredLevel).toBe(2);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('KYC lowered after the code was sent: refused, nothing held, and the key and code stay usable', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    await setUser(t, u.userId, { kycLevel: 1 });
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code };
    const res = await postWithdrawal(t, u, body, key);
    expect(errorOf(res)).toEqual([403, 'KYC_REQUIRED']);
    expect(await snapshot(t, u.userId)).toEqual(before);

    await setUser(t, u.userId, { kycLevel: 2 });
    const ok = await postWithdrawal(t, u, body, key);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a frozen account gets no code and cannot withdraw; after unfreezing, the same key and code work', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    t.clock.advance(61);
    await setFrozen(t, u.userId, true);
    expect(errorOf(await requestCode(t, u))).toEqual([403, 'ACCOUNT_FROZEN']);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000', code };
    const res = await postWithdrawal(t, u, body, key);
    expect(errorOf(res)).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await snapshot(t, u.userId)).toEqual(before);

    await setFrozen(t, u.userId, false);
    const ok = await postWithdrawal(t, u, body, key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
  });

  it('needs a session', async () => {
    const code = await t.app.inject({ method: 'POST', url: '/api/wallet/withdrawals/code', payload: {} });
    expect(code.statusCode).toBe(401);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdrawals',
      headers: { 'idempotency-key': randomUUID() },
      payload: { bankAccountId: randomUUID(), amount: '10000', code: '123456' },
    });
    expect(made.statusCode).toBe(401);
  });
});

describe('making a withdrawal', () => {
  it('holds the amount at once: available down, held up, in one balanced journal, audited', async () => {
    const u = await withdrawer(t, 500_000n);
    const before = await snapshot(t, u.userId);
    const code = await phoneCode(t, u);
    const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '125000', code });
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json<Withdrawal>();
    expect(w).toEqual({
      id: expect.any(String),
      currency: 'IRT',
      amount: '125000',
      status: 'Pending',
      bankAccountId: u.bankAccountId,
      shebaMasked: `${u.sheba.slice(0, 4)}…${u.sheba.slice(-4)}`,
      rejectReason: null,
      payoutAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    expect(await snapshot(t, u.userId)).toEqual({
      ...before,
      withdrawals: 1,
      journals: before.journals + 1,
      postings: before.postings + 2,
      idempotency: 1,
      available: 375_000n,
      held: 125_000n,
    });
    expect(await postingsOf(t.database.db, w.id)).toEqual([
      [
        ['available', '-125000'],
        ['held', '125000'],
      ],
    ]);
    await expectLedgerSound(t.database.db);

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/withdrawals/${w.id}`,
      headers: { cookie: u.cookie },
    });
    expect(got.json<Withdrawal>()).toEqual(w);
    const wallets = await t.app.inject({ method: 'GET', url: '/api/wallets', headers: { cookie: u.cookie } });
    expect(wallets.json<{ items: Wallet[] }>().items.find((x) => x.currency === 'IRT')).toMatchObject({
      available: '375000',
      held: '125000',
      total: '500000',
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/transactions?refType=Withdrawal',
      headers: { cookie: u.cookie },
    });
    expect(history.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ type: 'Withdrawal', refType: 'Withdrawal', refId: w.id, amount: '125000' }),
    ]);
    expect(await auditOf(t.database.db, 'withdrawal.requested', w.id)).toEqual([{ actor_user_id: u.userId }]);
  });

  it('“select all”: the whole balance may be withdrawn (Persian digits and separators read); then nothing more', async () => {
    const u = await withdrawer(t, 250_000n);
    const code = await phoneCode(t, u);
    const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '۲۵۰٬۰۰۰', code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Withdrawal>().amount).toBe('250000');
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(250_000n);

    t.clock.advance(61);
    const before = await snapshot(t, u.userId);
    const more = await postWithdrawal(t, u, {
      bankAccountId: u.bankAccountId,
      amount: '10000',
      code: await phoneCode(t, u),
    });
    expect(errorOf(more)).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    await expectLedgerSound(t.database.db);
  });

  it('exactly the minimum, 10,000 toman, is accepted; to a card account too (its sheba)', async () => {
    const u = await withdrawer(t, 10_000n, { card: true });
    const w = await withdraw(t, u, '10000');
    expect(w).toMatchObject({
      amount: '10000',
      status: 'Pending',
      shebaMasked: `${u.sheba.slice(0, 4)}…${u.sheba.slice(-4)}`,
    });
    expect(u.sheba).toMatch(/^IR\d{24}$/);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(10_000n);
  });
});

describe('the phone code', () => {
  it('a wrong code is refused and counted, holds nothing, and gives the key back for the right code', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    const before = await snapshot(t, u.userId);
    const key = randomUUID();
    const body = { bankAccountId: u.bankAccountId, amount: '100000' };
    const wrong = await postWithdrawal(t, u, { ...body, code: otherCode(code) }, key);
    expect(errorOf(wrong)).toEqual([400, 'OTP_INVALID']);
    expect(wrong.json<ErrorBody>().details?.attemptsLeft).toBe(4);
    expect(await snapshot(t, u.userId)).toEqual(before);

    const right = await postWithdrawal(t, u, { ...body, code }, key);
    expect(right.statusCode, right.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
  });

  it('five wrong tries spend the code: then even the right one is refused', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    const before = await snapshot(t, u.userId);
    const body = { bankAccountId: u.bankAccountId, amount: '100000' };
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push(errorOf(await postWithdrawal(t, u, { ...body, code: otherCode(code) })));
    expect(answers).toEqual([
      [400, 'OTP_INVALID'],
      [400, 'OTP_INVALID'],
      [400, 'OTP_INVALID'],
      [400, 'OTP_INVALID'],
      [429, 'OTP_TOO_MANY_ATTEMPTS'],
    ]);
    expect(errorOf(await postWithdrawal(t, u, { ...body, code }))).toEqual([429, 'OTP_TOO_MANY_ATTEMPTS']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('an expired code is refused and holds nothing', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    t.clock.advance(121);
    const before = await snapshot(t, u.userId);
    const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code });
    expect(errorOf(res)).toEqual([400, 'OTP_EXPIRED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('without asking for a code, any code is refused', async () => {
    const u = await withdrawer(t, 500_000n);
    const before = await snapshot(t, u.userId);
    const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code: '123456' });
    expect(errorOf(res)).toEqual([400, 'OTP_EXPIRED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });

  it('a code works once: a second withdrawal with it is refused', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    const first = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code });
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshot(t, u.userId);
    const second = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '20000', code });
    expect(errorOf(second)).toEqual([400, 'OTP_EXPIRED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect(before.held).toBe(100_000n);
  });
});

describe('idempotency', () => {
  it('a retry with the same key answers the first withdrawal and holds the amount once', async () => {
    const u = await withdrawer(t, 500_000n);
    const code = await phoneCode(t, u);
    const key = randomUUID();
    const first = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code }, key);
    expect(first.statusCode, first.body).toBe(201);
    const after = await snapshot(t, u.userId);

    // The same request again (its code already spent), and written differently (Persian digits): the same answer.
    for (const amount of ['100000', '۱۰۰,۰۰۰']) {
      const again = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount, code }, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<Withdrawal>()).toEqual(first.json<Withdrawal>());
    }
    expect(await snapshot(t, u.userId)).toEqual(after);
    expect(after).toMatchObject({ withdrawals: 1, available: 400_000n, held: 100_000n });

    // Keys are per user: another user's request with the same key is a request of its own.
    const other = await withdrawer(t, 500_000n);
    const theirs = await postWithdrawal(
      t,
      other,
      { bankAccountId: other.bankAccountId, amount: '100000', code: await phoneCode(t, other) },
      key,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<Withdrawal>().id).not.toBe(first.json<Withdrawal>().id);
    expect(await balanceOf(t.database.db, other.userId, 'IRT', 'held')).toBe(100_000n);
    expect(await snapshot(t, u.userId)).toMatchObject({
      withdrawals: 1,
      idempotency: 1,
      available: 400_000n,
      held: 100_000n,
    });
  });

  it('the same key with another amount or another bank account is refused and changes nothing', async () => {
    const u = await withdrawer(t, 500_000n);
    const second = await addSheba(t, u.cookie, sheba());
    expect(second.statusCode).toBe(201);
    const code = await phoneCode(t, u);
    const key = randomUUID();
    const first = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code }, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshot(t, u.userId);

    const otherAmount = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '90000', code }, key);
    expect(errorOf(otherAmount)).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherAccount = await postWithdrawal(
      t,
      u,
      { bankAccountId: second.json<{ id: string }>().id, amount: '100000', code },
      key,
    );
    expect(errorOf(otherAccount)).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await snapshot(t, u.userId)).toEqual(before);
  });
});

describe('bad inputs', () => {
  it('each gets its error code and changes nothing; the code still works afterwards', async () => {
    const u = await withdrawer(t, 100_000n);
    const stranger = await withdrawer(t, 100_000n);
    const removed = await addSheba(t, u.cookie, sheba());
    expect(removed.statusCode).toBe(201);
    const removedId = removed.json<{ id: string }>().id;
    expect((await deleteAccount(t, u.cookie, removedId)).statusCode).toBe(200);
    const code = await phoneCode(t, u);
    const before = await snapshot(t, u.userId);
    const strangerBefore = await snapshot(t, stranger.userId);

    const invalid = (path: string, rule: string) => ({ status: 400, code: 'VALIDATION_FAILED', issue: { path, rule } });
    const cases: [string, Record<string, unknown>, { status: number; code: string; issue?: object }][] = [
      ['an amount over the balance', { amount: '100001' }, { status: 422, code: 'INSUFFICIENT_BALANCE' }],
      ['far over the balance', { amount: '999999999999999' }, { status: 422, code: 'INSUFFICIENT_BALANCE' }],
      ['below the minimum', { amount: '9999' }, invalid('body.amount', 'amountMin')],
      ['zero', { amount: '0' }, invalid('body.amount', 'amountMin')],
      ['negative', { amount: '-20000' }, invalid('body.amount', 'amountInvalid')],
      ['not a number', { amount: 'twenty thousand' }, invalid('body.amount', 'amountInvalid')],
      ['a fraction of a toman', { amount: '20000.5' }, invalid('body.amount', 'amountInvalid')],
      ['an exponent', { amount: '2e4' }, invalid('body.amount', 'amountInvalid')],
      ['empty', { amount: '' }, invalid('body.amount', 'amountInvalid')],
      ['an amount as a JSON number', { amount: 20_000 }, { status: 400, code: 'VALIDATION_FAILED' }],
      ['no amount', { amount: undefined }, { status: 400, code: 'VALIDATION_FAILED' }],
      ["another user's bank account", { bankAccountId: stranger.bankAccountId }, { status: 404, code: 'NOT_FOUND' }],
      ['a deleted bank account', { bankAccountId: removedId }, { status: 404, code: 'NOT_FOUND' }],
      ['a bank account that does not exist', { bankAccountId: randomUUID() }, { status: 404, code: 'NOT_FOUND' }],
      ['no bank account chosen', { bankAccountId: '' }, invalid('body.bankAccountId', 'select')],
      ['a code that is not six digits', { code: '12ab' }, invalid('body.code', 'code')],
    ];
    for (const [name, overrides, want] of cases) {
      const payload = { bankAccountId: u.bankAccountId, amount: '20000', code, ...overrides };
      const res = await postWithdrawal(t, u, payload);
      const got = res.json<ErrorBody>();
      expect({ status: res.statusCode, code: got.code }, name).toEqual({ status: want.status, code: want.code });
      if (want.issue) expect(got.details?.issues, name).toContainEqual(expect.objectContaining(want.issue));
      expect(await snapshot(t, u.userId), name).toEqual(before);
    }
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '20000', code }, key);
      expect([res.statusCode, res.json<ErrorBody>().code], String(key)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await snapshot(t, u.userId)).toEqual(before);
    expect(await snapshot(t, stranger.userId)).toEqual(strangerBefore);

    // Nothing above spent the code, not even the refusals that got as far as the ledger.
    const ok = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '100000', code });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT')).toBe(0n);
    await expectLedgerSound(t.database.db);
  });

  it('an amount over what is left after a pending withdrawal is refused', async () => {
    const u = await withdrawer(t, 100_000n);
    await withdraw(t, u, '60000');
    const code = await phoneCode(t, u);
    const before = await snapshot(t, u.userId);
    const res = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '40001', code });
    expect(errorOf(res)).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await snapshot(t, u.userId)).toEqual(before);
    const rest = await postWithdrawal(t, u, { bankAccountId: u.bankAccountId, amount: '40000', code });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await balanceOf(t.database.db, u.userId, 'IRT', 'held')).toBe(100_000n);
  });

  it('the code sent to one user does not confirm another user’s withdrawal', async () => {
    const alice = await withdrawer(t, 100_000n);
    const bob = await withdrawer(t, 100_000n);
    const alicesCode = await phoneCode(t, alice);
    const bobsCode = await phoneCode(t, bob);
    const before = await snapshot(t, bob.userId);
    if (alicesCode !== bobsCode) {
      const res = await postWithdrawal(t, bob, { bankAccountId: bob.bankAccountId, amount: '50000', code: alicesCode });
      expect(errorOf(res)).toEqual([400, 'OTP_INVALID']);
    }
    expect(await snapshot(t, bob.userId)).toEqual(before);
    // Alice's code is still hers.
    const hers = await postWithdrawal(t, alice, {
      bankAccountId: alice.bankAccountId,
      amount: '50000',
      code: alicesCode,
    });
    expect(hers.statusCode, hers.body).toBe(201);
  });
});
