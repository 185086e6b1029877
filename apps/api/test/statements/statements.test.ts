import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@portal/contract/wallet/wallets';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { TEST_SECRET, type TestApp, createTestApp } from '../helpers/app';
import { makeInvestor, type TestUser } from '../helpers/admin';
import { buy, createFund, credit, publishNav } from '../fund-orders/fund-order-helpers';
import { readVerificationCode, signCertificate, verifyCertificate } from '../../src/modules/statements/certificate';
import { jalaliOf, plainTime } from '../../src/modules/statements/format';
import { buildCertificate } from '../../src/modules/statements/statements.service';

/**
 * Statements, the holdings certificate and receipts (issue 19, decision 042). PDFs are read back with
 * pdftotext (poppler-utils, which CI installs): no test is skipped when it is missing, they fail and say so.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let fundId: string;
let today: string;
const work = mkdtempSync(path.join(tmpdir(), 'statements-'));

function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils; .ci/run does)');
    }
    throw err;
  }
}

const get = (u: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: u ? { cookie: u.cookie } : {} });
const issuesOf = (res: { json: () => unknown }) => (res.json() as { details?: { issues?: unknown[] } }).details?.issues;

beforeAll(async () => {
  t = await createTestApp();
  today = tehranDateOf(new Date());
  alice = await makeInvestor(t, {
    firstName: 'علی',
    lastName: 'رضایی',
    firstNameEn: 'Ali',
    lastNameEn: 'Rezaei',
    nationalCode: '0499370899',
    kycLevel: 1,
    kycTrack: 'iranian',
    shahkarPassed: true,
  });
  bob = await makeInvestor(t, { kycLevel: 1, kycTrack: 'iranian', shahkarPassed: true });
  const fund = await createFund(t, {
    name: { fa: 'صندوق طلای آزمون', ar: 'صندوق الذهب التجريبي', en: 'Test gold fund' },
    purchaseFixedFee: 10_000n,
  });
  fundId = fund.id;
  await publishNav(t, fundId, 1_000_000n, tehranDateOf(t.clock.now));
  await credit(t, alice.userId, 5_000_000n);
  // 1,010,000 toman: a fee of 10,000 and one unit at 1,000,000.
  await buy(t, alice, fundId, '1010000');
  await credit(t, bob.userId, 700_000n);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const aliceTransactions = async () =>
  (await get(alice, '/api/transactions')).json<{ items: Transaction[] }>().items.reverse();

describe('the statement', () => {
  it('CSV: UTF-8 with a byte-order mark, every movement with its fee and balance, the holdings at the end', async () => {
    const res = await get(alice, `/api/statements?from=${today}&to=${today}&format=csv&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${today}_${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const transactions = await aliceTransactions();
    // The purchase's hold moves the money out of the wallet; its pricing journal moves only held money.
    expect(transactions).toHaveLength(2);
    const [deposit, hold] = transactions;
    const time = (tx: Transaction) => plainTime(new Date(tx.createdAt));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'Account statement,Investment Portal',
      'Name,Ali Rezaei',
      `Mobile,${alice.mobile}`,
      'National code,0499370899',
      `Period,${today},${today}`,
    ]);
    expect(lines[5]).toMatch(new RegExp(`^Issued,${today},\\d\\d:\\d\\d$`));
    expect(lines.slice(6)).toEqual([
      '',
      'Currency,Date,Time,Type,For,Reference,Amount,Fee,Balance after',
      `IRT,${today},,Opening balance,,,,,0`,
      `IRT,${today},${time(deposit!)},Deposit,Wallet top-up,${deposit!.refId},5000000,0,5000000`,
      `IRT,${today},${time(hold!)},Withdrawal,Fund units bought,${hold!.refId},-1010000,0,3990000`,
      `IRT,${today},,Closing balance,,,,,3990000`,
      '',
      `Fund holdings at the end of the period,${today}`,
      'Fund,Currency,Units,NAV date,NAV,Value',
      `Test gold fund,IRT,1,${today},1000000,1000000`,
      'Total,IRT,,,,1000000',
      '',
    ]);
  });

  it('CSV in Persian: Jalali dates and Persian words, Latin digits for the spreadsheet', async () => {
    const res = await get(alice, `/api/statements?from=${today}&to=${today}&format=csv&lang=fa`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('صورت‌حساب,پرتال سرمایه‌گذاری');
    expect(lines[1]).toBe('نام,علی رضایی');
    expect(lines[4]).toBe(`دوره,${jalaliOf(today)},${jalaliOf(today)}`);
    expect(lines).toContain(`IRT,${jalaliOf(today)},,ماندهٔ پایان دوره,,,,,3990000`);
    expect(lines).toContain(`صندوق طلای آزمون,IRT,1,${jalaliOf(today)},1000000,1000000`);
  });

  it('PDF in English: the investor, the period, the figures', async () => {
    const res = await get(alice, `/api/statements?from=${today}&to=${today}&format=pdf&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${today}_${today}.pdf"`);
    const text = pdfText(res.rawPayload, 'statement-en');
    for (const s of [
      'Account statement',
      'Ali Rezaei',
      alice.mobile,
      '0499370899',
      `From ${today} To ${today}`,
      'Wallet Toman',
      'Opening balance',
      '5,000,000',
      '1,010,000',
      '3,990,000',
      'Closing balance',
      'Test gold fund',
      '1,000,000 Toman',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('PDF in Persian: shaped text reads back as the investor’s name and Persian-digit figures', async () => {
    const res = await get(alice, `/api/statements?from=${today}&to=${today}&format=pdf&lang=fa`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'statement-fa');
    // pdftotext gives each run in drawing order; the words and figures are whole and in Persian digits.
    for (const s of ['علی', 'رضایی', '۵٬۰۰۰٬۰۰۰', '۳٬۹۹۰٬۰۰۰', '۱٬۰۱۰٬۰۰۰', '۰۴۹۹۳۷۰۸۹۹']) {
      expect(text).toContain(s);
    }
    expect(text).toContain(jalaliOf(today).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
  });

  it('a user without movements gets a statement of zero balances', async () => {
    const carol = await makeInvestor(t);
    const res = await get(carol, `/api/statements?from=2025-01-01&to=2025-01-31&format=csv&lang=en`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('IRT,2025-01-01,,Opening balance,,,,,0');
    expect(lines).toContain('IRT,2025-01-31,,Closing balance,,,,,0');
    expect(lines).not.toContain(expect.stringContaining('Test gold fund'));
  });

  it('bad input is VALIDATION_FAILED with translated rules, and no file', async () => {
    const cases: [string, unknown][] = [
      [`from=2025-02-01&to=2025-01-31&format=pdf`, [{ path: 'querystring.to', rule: 'dateRangeOrder' }]],
      [
        `from=2024-01-01&to=2025-01-01&format=pdf`,
        [{ path: 'querystring.to', rule: 'dateRangeTooLong', params: { days: 366 } }],
      ],
      [`from=2025-02-30&to=2025-03-01&format=pdf`, [{ path: 'querystring.from', rule: 'date' }]],
      [`from=2025-01-01&to=2025-01-31&format=xls`, [{ path: 'querystring.format', rule: 'select' }]],
      [`from=2025-01-01&to=2025-01-31&format=pdf&lang=de`, [{ path: 'querystring.lang', rule: 'select' }]],
      [`to=2025-01-31&format=pdf`, [{ path: 'querystring.from', rule: 'date' }]],
    ];
    for (const [q, issues] of cases) {
      const res = await get(alice, `/api/statements?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
      expect(issuesOf(res), q).toEqual(issues);
    }
    // a leap year's 366 days are one statement
    expect((await get(alice, `/api/statements?from=2024-01-01&to=2024-12-31&format=csv`)).statusCode).toBe(200);
    expect((await get(null, `/api/statements?from=${today}&to=${today}&format=csv`)).statusCode).toBe(401);
  });
});

describe('the holdings certificate', () => {
  it('prints units, NAV and value per fund with the total, signed; the code verifies, a tampered one does not', async () => {
    const res = await get(alice, `/api/statements/holdings?date=${today}&format=csv&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="holdings-certificate-${today}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'Holdings certificate,Investment Portal',
      'Name,Ali Rezaei',
      `Mobile,${alice.mobile}`,
      'National code,0499370899',
      `At,${today}`,
    ]);
    expect(lines).toContain(`Test gold fund,IRT,1,${today},1000000,1000000`);
    expect(lines).toContain('Total,IRT,,,,1000000');
    const code = lines.find((l) => l.startsWith('Verification code,'))!.split(',')[1]!;
    const signature = lines.find((l) => l.startsWith('Portal signature,'))!.split(',')[1]!;
    expect(code).toMatch(/^HC1-[A-Z2-7]{4}(-[A-Z2-7]{1,4})+$/);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(readVerificationCode(code)).toMatchObject({ userId: alice.userId, date: today });

    // The signature is the portal's HMAC over the canonical content; a changed figure does not verify.
    const cert = await buildCertificate(t.database.db, alice.userId, today, TEST_SECRET, new Date());
    expect(cert.signature).toBe(signature);
    expect(verifyCertificate(TEST_SECRET, cert.content, signature)).toBe(true);
    const tampered = { ...cert.content, holdings: cert.content.holdings.map((h) => ({ ...h, units: '10' })) };
    expect(verifyCertificate(TEST_SECRET, tampered, signature)).toBe(false);
    expect(verifyCertificate('another-secret-another-secret-0123456789', cert.content, signature)).toBe(false);
    expect(signCertificate(TEST_SECRET, tampered)).not.toBe(signature);

    const verify = await get(null, `/api/statements/verify?code=${encodeURIComponent(code)}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      valid: true,
      date: today,
      holder: 'علی رضایی',
      totals: [{ currency: 'IRT', value: '1000000' }],
    });
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${code.slice(0, -1)}${last}`;
    expect((await get(null, `/api/statements/verify?code=${forged}`)).json()).toEqual({ valid: false });
    // Another holder's id with this code's signature is not valid either.
    const other = readVerificationCode(code)!;
    expect(other.userId).not.toBe(bob.userId);
    expect((await get(null, `/api/statements/verify?code=HC1-AAAA`)).statusCode).toBe(400);
  });

  it('PDF in Persian and English: the fund, the figures and the verification code', async () => {
    const en = await get(alice, `/api/statements/holdings?date=${today}&format=pdf&lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const text = pdfText(en.rawPayload, 'certificate-en');
    for (const s of ['Holdings certificate', 'Ali Rezaei', 'Test gold fund', '1,000,000 Toman', 'HC1-']) {
      expect(text).toContain(s);
    }
    const fa = await get(alice, `/api/statements/holdings?date=${today}&format=pdf&lang=fa`);
    const faText = pdfText(fa.rawPayload, 'certificate-fa');
    for (const s of ['علی', '۱٬۰۰۰٬۰۰۰', 'HC1-']) expect(faText).toContain(s);
  });

  it('a date after today is refused, a past date before any unit answers no holdings', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await get(alice, `/api/statements/holdings?date=${future}&format=pdf`);
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual([{ path: 'querystring.date', rule: 'dateFuture' }]);
    const past = await get(alice, `/api/statements/holdings?date=2024-01-01&format=csv&lang=en`);
    expect(past.statusCode).toBe(200);
    expect(past.body).not.toContain('Test gold fund');
  });
});

describe('receipts', () => {
  it('a receipt for my deposit and my purchase; another user’s transaction is NOT_FOUND', async () => {
    const [deposit, hold] = await aliceTransactions();
    const res = await get(alice, `/api/transactions/${deposit!.id}/receipt?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${deposit!.id}.pdf"`);
    const text = pdfText(res.rawPayload, 'receipt-deposit');
    for (const s of ['Transaction receipt', 'Ali Rezaei', 'Wallet top-up', '5,000,000 Toman', deposit!.refId]) {
      expect(text).toContain(s);
    }
    const purchase = pdfText(
      (await get(alice, `/api/transactions/${hold!.id}/receipt?lang=en`)).rawPayload,
      'receipt-buy',
    );
    for (const s of ['Fund units bought', '1,010,000 Toman', '10,000 Toman', 'Test gold fund', 'Fund order']) {
      expect(purchase).toContain(s);
    }
    const fa = pdfText((await get(alice, `/api/transactions/${hold!.id}/receipt?lang=fa`)).rawPayload, 'receipt-fa');
    for (const s of ['علی', '۱٬۰۱۰٬۰۰۰']) expect(fa).toContain(s);

    const theirs = await get(bob, `/api/transactions/${deposit!.id}/receipt`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ code: string }>().code).toBe('NOT_FOUND');
    expect((await get(alice, `/api/transactions/999999999999/receipt`)).statusCode).toBe(404);
    const bad = await get(alice, `/api/transactions/abc/receipt`);
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad)).toEqual([{ path: 'params.id', rule: 'format' }]);
  });
});
