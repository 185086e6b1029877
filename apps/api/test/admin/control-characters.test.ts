import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Issue 15, finding 10: a NUL byte in an operator's text reached the database and came back a 500. Every
 * free-text field is declared with the contract's text rule (core/text.ts): a 400 naming the field.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const id = () => randomUUID();
const tri = (s: string) => ({ fa: s, ar: s, en: s });

interface Case {
  field: string;
  method: 'GET' | 'POST';
  /** The URL, with `bad` where the text goes (a query), or a body builder. */
  url: (bad: string) => string;
  body?: (bad: string) => Record<string, unknown>;
  /** The issue's path as the API names it. */
  path: string;
}

const cases: Case[] = [
  {
    field: 'a user note',
    method: 'POST',
    url: () => `/api/admin/users/${id()}/notes`,
    body: (bad) => ({ text: `note ${bad}` }),
    path: 'body.text',
  },
  {
    field: 'the reason of a freeze',
    method: 'POST',
    url: () => `/api/admin/users/${id()}/freeze`,
    body: (bad) => ({ reason: `reason ${bad}` }),
    path: 'body.reason',
  },
  {
    field: 'the reason of an unfreeze',
    method: 'POST',
    url: () => `/api/admin/users/${id()}/unfreeze`,
    body: (bad) => ({ reason: `reason ${bad}` }),
    path: 'body.reason',
  },
  {
    field: 'the comment of a KYC rejection',
    method: 'POST',
    url: () => `/api/admin/kyc/${id()}/reject`,
    body: (bad) => ({ reason: 'video_unclear', comment: `comment ${bad}` }),
    path: 'body.comment',
  },
  {
    field: 'the comment of a withdrawal rejection',
    method: 'POST',
    url: () => `/api/admin/withdrawals/${id()}/reject`,
    body: (bad) => ({ reason: 'account_mismatch', comment: `comment ${bad}` }),
    path: 'body.comment',
  },
  {
    field: 'the comment of an offline deposit rejection',
    method: 'POST',
    url: () => `/api/admin/offline-deposits/${id()}/reject`,
    body: (bad) => ({ reason: 'not_received', comment: `comment ${bad}` }),
    path: 'body.comment',
  },
  {
    field: 'the reason of an adjustment',
    method: 'POST',
    url: () => '/api/admin/adjustments',
    body: (bad) => ({
      userId: id(),
      currency: 'IRT',
      direction: 'credit',
      amount: '1000',
      reasonCode: 'deposit_correction',
      reason: `a deposit credited short ${bad}`,
    }),
    path: 'body.reason',
  },
  {
    field: 'the reason of an adjustment’s rejection',
    method: 'POST',
    url: () => `/api/admin/adjustments/${id()}/reject`,
    body: (bad) => ({ reason: `not supported by the statement ${bad}` }),
    path: 'body.reason',
  },
  {
    field: 'the reason of a NAV correction',
    method: 'POST',
    url: () => `/api/admin/funds/${id()}/navs/corrections`,
    body: (bad) => ({ navDate: '2025-01-05', nav: '1000', reason: `typo in the NAV ${bad}` }),
    path: 'body.reason',
  },
  {
    field: 'the title of an announcement',
    method: 'POST',
    url: () => `/api/admin/funds/${id()}/announcements`,
    body: (bad) => ({ title: { ...tri('Title'), fa: `عنوان ${bad}` }, body: tri('Body') }),
    path: 'body.title.fa',
  },
  {
    field: 'the body of an announcement',
    method: 'POST',
    url: () => `/api/admin/funds/${id()}/announcements`,
    body: (bad) => ({ title: tri('Title'), body: { ...tri('Body\nsecond line'), en: `Body ${bad}` } }),
    path: 'body.body.en',
  },
  {
    field: 'the note of a consultation',
    method: 'POST',
    url: () => `/api/admin/funds/consultations/${id()}/resolve`,
    body: (bad) => ({ status: 'Done', note: `called back ${bad}` }),
    path: 'body.note',
  },
  {
    field: 'the name of a bank statement',
    method: 'POST',
    url: () => '/api/admin/bank-statements',
    body: (bad) => ({
      fileName: `statement${bad}.csv`,
      content: 'date,time,amount_rial,source_sheba,payment_id,bank_ref\n',
    }),
    path: 'body.fileName',
  },
  {
    field: 'the user search',
    method: 'GET',
    url: (bad) => `/api/admin/users?q=${encodeURIComponent(`0912${bad}`)}`,
    path: 'querystring.q',
  },
  {
    field: 'the audit log’s action filter',
    method: 'GET',
    url: (bad) => `/api/admin/audit?action=${encodeURIComponent(`kyc.${bad}`)}`,
    path: 'querystring.action',
  },
];

const call = (c: Case, bad: string) =>
  t.app.inject({
    method: c.method,
    url: c.url(bad),
    headers: { cookie: admin.cookie },
    ...(c.body ? { payload: c.body(bad) } : {}),
  });

describe('control characters in operator text', () => {
  it.each(cases.map((c) => [c.field, c] as const))('a NUL byte in %s is a 400 naming the field', async (_, c) => {
    const res = await call(c, '\u0000');
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; details: { issues: { path: string; rule: string }[] } }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.issues).toContainEqual({ path: c.path, rule: 'controlCharacters' });
  });

  it.each(['\u0007', '\u001b[31m', '\u007f', '\u0085'])('so is any other control character (%j)', async (bad) => {
    for (const c of cases) {
      const res = await call(c, bad);
      expect(res.statusCode, `${c.field}: ${res.body}`).toBe(400);
      expect(res.json<{ details: { issues: unknown[] } }>().details.issues, c.field).toContainEqual({
        path: c.path,
        rule: 'controlCharacters',
      });
    }
  });

  it('multi-line text keeps its line breaks and tabs; nothing was written by the refused requests', async () => {
    const u = await makeInvestor(t);
    const note = 'called the investor\n\tthey will send the receipt\r\nagain tomorrow';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.userId}/notes`,
      headers: { cookie: admin.cookie },
      payload: { text: note },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ text: string }>().text).toBe(note);

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.userId}/notes`,
      headers: { cookie: admin.cookie },
      payload: { text: 'hidden\u0000text' },
    });
    expect(refused.statusCode).toBe(400);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${u.userId}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.json<{ notes: { text: string }[] }>().notes.map((n) => n.text)).toEqual([note]);
  });
});
