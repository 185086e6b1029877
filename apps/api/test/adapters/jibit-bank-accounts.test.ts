import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJibitIdentity, toJibitBirthDate } from '../../src/adapters/identity/jibit-identity';
import { createLocalIdentity, localShebaOfCard } from '../../src/adapters/identity/local-identity';
import { isShebaChecksumValid } from '@portal/contract/bank/bank-accounts';
import { cardNumber, sheba } from '../bank-accounts/bank-helpers';
import { startJibitDouble, type JibitDouble } from '../helpers/jibit-double';

const holder = { nationalCode: '0084575948', birthDate: '1990-01-01' };
const someoneElse = { nationalCode: '0067749828', birthDate: '1985-06-15' };

const mine = { card: cardNumber('610433'), iban: sheba('012') };
const blocked = { card: cardNumber('627353'), iban: sheba('018') };
const theirs = { card: cardNumber('603799'), iban: sheba('017') };
const idle = sheba('056');

describe('Jibit bank account inquiries against a local server speaking its protocol', () => {
  let jibit: JibitDouble;
  const identity = () => createJibitIdentity({ baseUrl: jibit.baseUrl, apiKey: 'k', secretKey: 's' });
  beforeAll(async () => {
    jibit = await startJibitDouble({
      apiKey: 'k',
      secretKey: 's',
      people: [
        {
          nationalCode: holder.nationalCode,
          birthDate: '13681011',
          accounts: [
            { iban: mine.iban, cards: [mine.card] },
            { iban: blocked.iban, status: 'BLOCK_WITHOUT_DEPOSIT', cards: [blocked.card] },
            { iban: idle, status: 'IDLE' },
          ],
        },
        {
          nationalCode: someoneElse.nationalCode,
          birthDate: '13640325',
          accounts: [{ iban: theirs.iban, cards: [theirs.card] }],
        },
      ],
    });
  });
  afterAll(async () => {
    await jibit.close();
  });

  it('writes birth dates in the Persian calendar, yyyyMMdd', () => {
    expect(toJibitBirthDate('1990-01-01')).toBe('13681011');
    expect(toJibitBirthDate('1985-06-15')).toBe('13640325');
    expect(toJibitBirthDate('2000-03-20')).toBe('13790101');
  });

  it("a card of the holder's: matched, then its sheba from the card inquiry", async () => {
    const before = jibit.calls.length;
    expect(await identity().cardOwnership({ ...holder, cardNumber: mine.card })).toEqual({
      outcome: 'owned',
      sheba: mine.iban,
      canReceive: true,
    });
    const calls = jibit.calls.slice(before).filter((c) => c.method === 'GET');
    expect(calls.map((c) => [c.path, c.params])).toEqual([
      ['/v1/services/matching', { cardNumber: mine.card, nationalCode: holder.nationalCode, birthDate: '13681011' }],
      ['/v1/cards', { number: mine.card, iban: 'true' }],
    ]);
  });

  it("a sheba of the holder's: matched, then its status from the IBAN inquiry", async () => {
    const before = jibit.calls.length;
    expect(await identity().shebaOwnership({ ...holder, sheba: mine.iban })).toEqual({
      outcome: 'owned',
      sheba: mine.iban,
      canReceive: true,
    });
    expect(
      jibit.calls
        .slice(before)
        .filter((c) => c.method === 'GET')
        .map((c) => [c.path, c.params]),
    ).toEqual([
      ['/v1/services/matching', { iban: mine.iban, nationalCode: holder.nationalCode, birthDate: '13681011' }],
      ['/v1/ibans', { value: mine.iban }],
    ]);
  });

  it('an account blocked for deposits cannot receive; an idle one can', async () => {
    expect(await identity().cardOwnership({ ...holder, cardNumber: blocked.card })).toEqual({
      outcome: 'owned',
      sheba: blocked.iban,
      canReceive: false,
    });
    expect(await identity().shebaOwnership({ ...holder, sheba: blocked.iban })).toMatchObject({ canReceive: false });
    expect(await identity().shebaOwnership({ ...holder, sheba: idle })).toMatchObject({ canReceive: true });
  });

  it("someone else's card or sheba is not owned, and nothing more is asked", async () => {
    const before = jibit.calls.length;
    expect(await identity().cardOwnership({ ...holder, cardNumber: theirs.card })).toEqual({ outcome: 'not_owned' });
    expect(await identity().shebaOwnership({ ...holder, sheba: theirs.iban })).toEqual({ outcome: 'not_owned' });
    expect(
      jibit.calls
        .slice(before)
        .filter((c) => c.path !== '/v1/tokens/generate')
        .map((c) => c.path),
    ).toEqual(['/v1/services/matching', '/v1/services/matching']);
    // the right national code with the wrong birth date does not match either
    expect(await identity().cardOwnership({ ...holder, birthDate: '1990-01-02', cardNumber: mine.card })).toEqual({
      outcome: 'not_owned',
    });
  });

  it('a number no bank knows is unknown', async () => {
    expect(await identity().cardOwnership({ ...holder, cardNumber: cardNumber('603799') })).toEqual({
      outcome: 'unknown',
    });
    expect(await identity().shebaOwnership({ ...holder, sheba: sheba('017') })).toEqual({ outcome: 'unknown' });
  });

  it('renews an expired token once; provider errors and an unreachable provider are errors', async () => {
    const id = identity();
    await id.shebaOwnership({ ...holder, sheba: mine.iban });
    const tokens = jibit.tokens();
    jibit.expireToken();
    expect(await id.shebaOwnership({ ...holder, sheba: mine.iban })).toMatchObject({ outcome: 'owned' });
    expect(jibit.tokens()).toBe(tokens + 1);

    jibit.failNextWith(500);
    await expect(id.cardOwnership({ ...holder, cardNumber: mine.card })).rejects.toThrow(/500/);
    await expect(
      createJibitIdentity({ baseUrl: jibit.baseUrl, apiKey: 'k', secretKey: 'wrong' }).cardOwnership({
        ...holder,
        cardNumber: mine.card,
      }),
    ).rejects.toThrow(/token refused/);
    await expect(
      createJibitIdentity({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', secretKey: 's' }).shebaOwnership({
        ...holder,
        sheba: mine.iban,
      }),
    ).rejects.toThrow(/unreachable/);
  });
});

describe('the local registry (decision 017)', () => {
  const local = createLocalIdentity();

  it("any valid card is the asker's, with a sheba of its bank that passes mod-97 and ends like the card", async () => {
    const n = cardNumber('610433');
    const r = await local.cardOwnership({ ...holder, cardNumber: n });
    expect(r).toEqual({ outcome: 'owned', sheba: localShebaOfCard(n), canReceive: true });
    const s = localShebaOfCard(n)!;
    expect(isShebaChecksumValid(s)).toBe(true);
    expect(s.slice(4, 7)).toBe('012');
    expect(s.slice(-4)).toBe(n.slice(-4));
    expect(localShebaOfCard(n)).toBe(s); // the same card, the same sheba
    expect(await local.shebaOwnership({ ...holder, sheba: sheba('057') })).toMatchObject({ outcome: 'owned' });
  });

  it("ending in 0000 is someone else's, 9999 blocked for deposits", async () => {
    expect(await local.cardOwnership({ ...holder, cardNumber: cardNumber('603799', '0000') })).toEqual({
      outcome: 'not_owned',
    });
    expect(await local.shebaOwnership({ ...holder, sheba: sheba('017', '0000') })).toEqual({ outcome: 'not_owned' });
    expect(await local.cardOwnership({ ...holder, cardNumber: cardNumber('603799', '9999') })).toMatchObject({
      outcome: 'owned',
      canReceive: false,
    });
    expect(await local.shebaOwnership({ ...holder, sheba: sheba('017', '9999') })).toMatchObject({
      canReceive: false,
    });
  });

  it('a prefix or bank code of no Iranian bank is unknown; a national code with a wrong check digit owns nothing', async () => {
    expect(await local.cardOwnership({ ...holder, cardNumber: '4111111111111111' })).toEqual({ outcome: 'unknown' });
    expect(await local.shebaOwnership({ ...holder, sheba: 'IR062960000000100324200001' })).toEqual({
      outcome: 'unknown',
    });
    expect(
      await local.cardOwnership({ nationalCode: '0084575949', birthDate: '1990-01-01', cardNumber: cardNumber() }),
    ).toEqual({ outcome: 'not_owned' });
  });
});
