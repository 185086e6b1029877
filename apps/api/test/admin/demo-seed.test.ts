import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSchema } from '@portal/contract/auth/password';
import { formatMobileLocal } from '@portal/contract/core/mobile';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { DEMO_OPERATOR, DEMO_SECOND_OPERATOR, seedDemo } from '../../src/seed/demo';
import { createTestApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { cookieOf, passwordLogin, totpNow } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Logs in as the server prints it: the number, the password, then a code of the printed key. */
async function logInAsPrinted(op: { mobile: string; password: string; totpSecret: string } = DEMO_OPERATOR) {
  t.clock.advance(30); // a new TOTP step: a code works once
  const first = await passwordLogin(t, formatMobileLocal(op.mobile), op.password);
  expect(first.json(), first.body).toMatchObject({ status: 'twoFactorRequired' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify',
    payload: { challengeToken: first.json().challengeToken, code: totpNow(t, op.totpSecret) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

const operatorRow = async () =>
  (await t.database.db.select().from(users).where(eq(users.mobile, DEMO_OPERATOR.mobile)))[0];

describe('the demo admin', () => {
  it('is not seeded unless asked (the server asks only in the embedded mode outside production)', async () => {
    const seeded = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: false });
    expect(seeded.operator).toBeNull();
    expect(seeded.secondOperator).toBeNull();
    expect(await operatorRow()).toBeUndefined();
  });

  it('is seeded once, labelled demo, and logs in with the printed password and TOTP key', async () => {
    expect(passwordSchema.safeParse(DEMO_OPERATOR.password).success).toBe(true);
    const seeded = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: true });
    expect(seeded.operator).toEqual(DEMO_OPERATOR);
    const row = await operatorRow();
    expect(row).toMatchObject({ role: 'admin', isDemo: true, firstName: 'اپراتور', lastName: 'نمایشی' });
    expect(row!.twoFactorSecret).not.toContain(DEMO_OPERATOR.totpSecret);

    const cookie = await logInAsPrinted();
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: row!.id, role: 'admin' });

    // a second start keeps what the first made
    const afterLogin = await operatorRow();
    const again = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: true });
    expect(again.operator).toEqual(DEMO_OPERATOR);
    expect(await operatorRow()).toEqual(afterLogin);
    await logInAsPrinted();
  });

  it('comes with a second demo operator, a senior operator, who logs in as printed (four eyes need two people)', async () => {
    const seeded = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: true });
    expect(seeded.secondOperator).toEqual(DEMO_SECOND_OPERATOR);
    expect(passwordSchema.safeParse(DEMO_SECOND_OPERATOR.password).success).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.mobile, DEMO_SECOND_OPERATOR.mobile));
    expect(row).toMatchObject({ role: 'senior_operator', isDemo: true });
    const cookie = await logInAsPrinted(DEMO_SECOND_OPERATOR);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: row!.id, role: 'senior_operator' });
  });

  it('gets its printed login back at the next start when it was changed in the console', async () => {
    const before = (await operatorRow())!;
    await t.database.db
      .update(users)
      .set({ role: 'operator', passwordHash: null, twoFactorSecret: null, frozenAt: new Date(), frozenReason: 'test' })
      .where(eq(users.id, before.id));
    await t.database.bus.publish({ kind: 'user', id: before.id });
    const seeded = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: true });
    expect(seeded.operator).toEqual(DEMO_OPERATOR);
    expect(await operatorRow()).toMatchObject({ id: before.id, role: 'admin', frozenAt: null });
    const cookie = await logInAsPrinted();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().role).toBe(
      'admin',
    );
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'admin.demo_operator_restored' and subject_id = ${before.id}`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('leaves a real account on that number alone and prints nothing', async () => {
    await t.database.db
      .update(users)
      .set({ isDemo: false, role: 'investor' })
      .where(eq(users.mobile, DEMO_OPERATOR.mobile));
    const seeded = await seedDemo(t.database.db, { secret: TEST_SECRET, withOperator: true });
    expect(seeded.operator).toBeNull();
    expect(await operatorRow()).toMatchObject({ role: 'investor', isDemo: false });
  });
});
