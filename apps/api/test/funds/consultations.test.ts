import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConsultation, AdminFund } from '@portal/contract/admin/funds';
import type { ConsultationView, FundDetail } from '@portal/contract/funds/catalogue';
import { fundConsultations } from '../../src/db/schema';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { auditCount, auditOf, call, createFund, errorOf, issuesOf } from './fund-helpers';

/**
 * Consultation requests (SPEC §2, §3): Today or Tomorrow, a period of the day (Morning 9–12, Noon 12–17,
 * Afternoon 17–20, Night 19–22, Tehran time), a phone. A period of Today that is over is refused; one open
 * request per user, fund and date. Operators work the queue: open first by date and period.
 */
let t: TestApp;
let operator: TestUser;
let fund: AdminFund;

/** Tehran is UTC+03:30: `tehran('2025-06-15', '11:30')` is that wall-clock time. */
const tehran = (day: string, hm: string) => new Date(Date.parse(`${day}T${hm}:00+03:30`));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = tehran('2025-06-15', '11:30');
  operator = await makeOperator(t, 'admin');
  fund = await createFund(t, operator.cookie);
});
afterAll(async () => {
  await t.close();
});

const ask = (cookie: string, body: Record<string, unknown>, fundId = fund.id) =>
  call(t, cookie, 'POST', `/funds/${fundId}/consultations`, body);

const rowsOf = (userId: string) =>
  t.database.db.select().from(fundConsultations).where(eq(fundConsultations.userId, userId));

describe('asking for a call', () => {
  it('books a period of Today that is not over, with the phone normalised to E.164', async () => {
    const u = await makeInvestor(t);
    const res = await ask(u.cookie, { day: 'Today', period: 'Morning', phone: '۰۹۱۲ ۳۴۵ ۶۷۸۹' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ConsultationView>()).toEqual({
      id: expect.any(String),
      fundId: fund.id,
      callDate: '2025-06-15',
      period: 'Morning',
      phone: '+989123456789',
      status: 'Open',
      createdAt: t.clock.now.toISOString(),
    });
    const detail = (await call(t, u.cookie, 'GET', `/funds/${fund.id}`)).json<FundDetail>();
    expect(detail.openConsultations.map((c) => [c.callDate, c.period])).toEqual([['2025-06-15', 'Morning']]);
  });

  it('refuses a period of Today that is over in Tehran, and books it for Tomorrow', async () => {
    const u = await makeInvestor(t);
    t.clock.now = tehran('2025-06-15', '12:00');
    const over = await ask(u.cookie, { day: 'Today', period: 'Morning', phone: '09123456789' });
    expect(errorOf(over)).toEqual([400, 'CONSULTATION_PERIOD_OVER']);
    expect(await rowsOf(u.userId)).toEqual([]);
    const noon = await ask(u.cookie, { day: 'Today', period: 'Noon', phone: '09123456789' });
    expect(noon.statusCode, noon.body).toBe(201);

    t.clock.now = tehran('2025-06-15', '22:00');
    const u2 = await makeInvestor(t);
    for (const period of ['Morning', 'Noon', 'Afternoon', 'Night']) {
      expect(errorOf(await ask(u2.cookie, { day: 'Today', period, phone: '09123456789' })), period).toEqual([
        400,
        'CONSULTATION_PERIOD_OVER',
      ]);
    }
    const tomorrow = await ask(u2.cookie, { day: 'Tomorrow', period: 'Morning', phone: '09123456789' });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    expect(tomorrow.json<ConsultationView>().callDate).toBe('2025-06-16');
    t.clock.now = tehran('2025-06-15', '11:30');
  });

  it('Today is the Tehran date (just after midnight in Tehran it is still the day before in UTC)', async () => {
    t.clock.now = tehran('2025-06-16', '00:10'); // 2025-06-15T20:40Z
    const u = await makeInvestor(t);
    const res = await ask(u.cookie, { day: 'Today', period: 'Night', phone: '09123456789' });
    expect(res.json<ConsultationView>().callDate).toBe('2025-06-16');
    t.clock.now = tehran('2025-06-15', '11:30');
  });

  it('one open request per user, fund and date: a second is refused, nothing written', async () => {
    const u = await makeInvestor(t);
    expect((await ask(u.cookie, { day: 'Tomorrow', period: 'Noon', phone: '09123456789' })).statusCode).toBe(201);
    const dup = await ask(u.cookie, { day: 'Tomorrow', period: 'Night', phone: '09351234567' });
    expect(errorOf(dup)).toEqual([409, 'CONSULTATION_ALREADY_REQUESTED']);
    expect(await rowsOf(u.userId)).toHaveLength(1);
    // another date, or another fund, is fine
    expect((await ask(u.cookie, { day: 'Today', period: 'Night', phone: '09123456789' })).statusCode).toBe(201);
    const other = await createFund(t, operator.cookie);
    expect((await ask(u.cookie, { day: 'Tomorrow', period: 'Noon', phone: '09123456789' }, other.id)).statusCode).toBe(
      201,
    );
  });

  it('after an operator closes the request, the user may ask again for that date', async () => {
    const u = await makeInvestor(t);
    const first = (
      await ask(u.cookie, { day: 'Tomorrow', period: 'Noon', phone: '09123456789' })
    ).json<ConsultationView>();
    const res = await call(t, operator.cookie, 'POST', `/admin/funds/consultations/${first.id}/resolve`, {
      status: 'Done',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ask(u.cookie, { day: 'Tomorrow', period: 'Afternoon', phone: '09123456789' })).statusCode).toBe(201);
  });

  it('concurrent requests for the same date make one', async () => {
    const u = await makeInvestor(t);
    const results = await Promise.all(
      ['Morning', 'Noon', 'Afternoon', 'Night'].map((period) =>
        ask(u.cookie, { day: 'Tomorrow', period, phone: '09123456789' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await rowsOf(u.userId)).toHaveLength(1);
  });

  it('bad input gets translated rules and writes nothing', async () => {
    const u = await makeInvestor(t);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ day: 'Today', period: 'Morning', phone: '12345' }, ['body.phone mobile']],
      [{ day: 'Today', period: 'Morning', phone: '02188776655' }, ['body.phone mobile']],
      [{ day: 'Yesterday', period: 'Dawn', phone: '09123456789' }, ['body.day select', 'body.period select']],
      [{ day: 'Today', period: 'Morning' }, ['body.phone required']],
    ];
    for (const [body, issues] of cases) {
      const res = await ask(u.cookie, body);
      expect(errorOf(res), JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(issuesOf(res).sort()).toEqual(issues);
    }
    expect(await rowsOf(u.userId)).toEqual([]);
  });
});

describe('the queue', () => {
  it('lists open requests first by call date then period; an operator closes one with a note, audited', async () => {
    const f = await createFund(t, operator.cookie);
    const a = await makeInvestor(t, { firstName: 'Ali' });
    const b = await makeInvestor(t);
    const c = await makeInvestor(t);
    const tomorrowMorning = (
      await ask(a.cookie, { day: 'Tomorrow', period: 'Morning', phone: '09121111111' }, f.id)
    ).json<ConsultationView>();
    const todayNight = (
      await ask(b.cookie, { day: 'Today', period: 'Night', phone: '09122222222' }, f.id)
    ).json<ConsultationView>();
    const todayNoon = (
      await ask(c.cookie, { day: 'Today', period: 'Noon', phone: '09123333333' }, f.id)
    ).json<ConsultationView>();

    const queue = async (query = '') =>
      (await call(t, operator.cookie, 'GET', `/admin/funds/consultations?fundId=${f.id}${query}`)).json<{
        items: AdminConsultation[];
        total: number;
      }>();
    expect((await queue()).items.map((x) => x.id)).toEqual([todayNoon.id, todayNight.id, tomorrowMorning.id]);
    expect((await queue()).items[2]).toMatchObject({
      user: { id: a.userId, firstName: 'Ali' },
      fund: { id: f.id, code: f.code, name: f.name },
      phone: '+989121111111',
      handledBy: null,
      note: null,
    });

    const consultant = await makeOperator(t, 'operator');
    const before = await auditCount(t.database.db);
    const res = await call(t, consultant.cookie, 'POST', `/admin/funds/consultations/${todayNoon.id}/resolve`, {
      status: 'Done',
      note: 'Called, explained the fees',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminConsultation>()).toMatchObject({
      status: 'Done',
      handledBy: consultant.userId,
      handledAt: t.clock.now.toISOString(),
      note: 'Called, explained the fees',
    });
    expect(await auditCount(t.database.db)).toBe(before + 1);
    expect(await auditOf(t.database.db, 'fund.consultation_resolved', c.userId)).toEqual([
      expect.objectContaining({
        actorUserId: consultant.userId,
        data: expect.objectContaining({ consultationId: todayNoon.id, status: 'Done' }),
      }),
    ]);
    // open ones first, the closed one after
    expect((await queue()).items.map((x) => x.id)).toEqual([todayNight.id, tomorrowMorning.id, todayNoon.id]);
    expect((await queue('&status=Open')).total).toBe(2);
    expect((await queue('&status=Done')).items.map((x) => x.id)).toEqual([todayNoon.id]);

    // closed once: a second decision is refused and changes nothing
    const again = await call(t, operator.cookie, 'POST', `/admin/funds/consultations/${todayNoon.id}/resolve`, {
      status: 'Canceled',
    });
    expect(errorOf(again)).toEqual([409, 'REQUEST_ALREADY_REVIEWED']);
    expect((await queue('&status=Done')).items[0]).toMatchObject({ status: 'Done', handledBy: consultant.userId });
  });

  it('refuses a bad status, a long note and an unknown request; investors get 403', async () => {
    const u = await makeInvestor(t);
    const r = (await ask(u.cookie, { day: 'Tomorrow', period: 'Noon', phone: '09123456789' })).json<ConsultationView>();
    const url = `/admin/funds/consultations/${r.id}/resolve`;
    const bad = await call(t, operator.cookie, 'POST', url, { status: 'Open', note: 'x'.repeat(1001) });
    expect(issuesOf(bad).sort()).toEqual(['body.note max', 'body.status select']);
    expect(
      errorOf(
        await call(t, operator.cookie, 'POST', `/admin/funds/consultations/${randomUUID()}/resolve`, {
          status: 'Done',
        }),
      ),
    ).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await call(t, u.cookie, 'POST', url, { status: 'Done' }))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await call(t, u.cookie, 'GET', '/admin/funds/consultations'))).toEqual([403, 'FORBIDDEN']);
    expect((await rowsOf(u.userId))[0]).toMatchObject({ status: 'Open', handledBy: null });
  });
});
