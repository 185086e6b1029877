import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskCardNumber, maskSheba } from '@portal/contract/bank/bank-accounts';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startJibitDouble, type JibitDouble } from '../helpers/jibit-double';
import { matchingMobile, postJson } from '../kyc/kyc-helpers';
import { accountRows, addCard, addSheba, cardNumber, sheba } from './bank-helpers';

/** The whole path with `IDENTITY_PROVIDER=jibit`: level one by Jibit's Shahkar matching, then bank accounts by its inquiries. */
const nationalCode = '0084575948';
const mobile = matchingMobile();
const mine = { card: cardNumber('502229'), iban: sheba('057') };
const blocked = { card: cardNumber('627412'), iban: sheba('055') };
const theirs = sheba('017');

let jibit: JibitDouble;
let t: TestApp;
beforeAll(async () => {
  jibit = await startJibitDouble({
    apiKey: 'k',
    secretKey: 's',
    people: [
      {
        nationalCode,
        birthDate: '13681011',
        mobiles: [mobile],
        accounts: [
          { iban: mine.iban, cards: [mine.card] },
          { iban: blocked.iban, status: 'BLOCK_WITHOUT_DEPOSIT', cards: [blocked.card] },
        ],
      },
      { nationalCode: '0067749828', birthDate: '13640325', accounts: [{ iban: theirs }] },
    ],
  });
  t = await createTestApp({
    envVars: {
      IDENTITY_PROVIDER: 'jibit',
      JIBIT_BASE_URL: jibit.baseUrl,
      JIBIT_API_KEY: 'k',
      JIBIT_SECRET_KEY: 's',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await jibit?.close();
});

describe('bank accounts through Jibit', () => {
  it('level one, then a card with the sheba Jibit gives, a blocked one, another person’s sheba and an unknown card', async () => {
    const { cookie } = await signIn(t, mobile);
    const kyc = await postJson(t, cookie, '/api/kyc/identity', { nationalCode, birthDate: '1990-01-01' });
    expect(kyc.statusCode).toBe(200);

    const res = await addCard(t, cookie, mine.card);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      bank: 'pasargad',
      cardNumberMasked: maskCardNumber(mine.card),
      shebaMasked: maskSheba(mine.iban),
    });
    const matching = jibit.calls.find((c) => c.params.cardNumber === mine.card);
    expect(matching?.params).toEqual({ cardNumber: mine.card, nationalCode, birthDate: '13681011' });

    expect((await addSheba(t, cookie, mine.iban)).json().code).toBe('BANK_ACCOUNT_DUPLICATE');
    expect((await addCard(t, cookie, blocked.card)).json().code).toBe('BANK_ACCOUNT_INACTIVE');
    expect((await addSheba(t, cookie, theirs)).json().code).toBe('BANK_ACCOUNT_NOT_OWNED');
    expect((await addCard(t, cookie, cardNumber('603799'))).json().code).toBe('CARD_NUMBER_INVALID');

    jibit.failNextWith(503);
    const down = await addSheba(t, cookie, sheba('057'));
    expect([down.statusCode, down.json().code]).toEqual([502, 'BANK_INQUIRY_FAILED']);

    const userId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json().user.id;
    const rows = await accountRows(t, userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sheba: mine.iban, verified_by: 'jibit', added_by: 'card' });
  });
});
