import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { writeAudit } from '../lib/audit';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { openTotpSecret, provisionOperator, sealTotpSecret } from '../modules/admin/operators.service';
import { seedDemoHoldings } from './demo-holdings';
import { seedDemoFunds } from './demo-funds';

export const DEMO_MOBILE = '+989120000000';

/**
 * The demo admin of the operator console (embedded mode only, labelled demo). Its password and TOTP key
 * are fixed and printed at start, so they keep working across restarts: add the key to an authenticator
 * app once. Public by design, so the server seeds it only in the embedded mode outside production
 * (`withOperator`), whatever SEED_DEMO says.
 */
export const DEMO_OPERATOR = {
  mobile: '+989120000001',
  password: 'Demo-Operator-1!',
  /** Base32, 20 bytes, as authenticator apps expect. */
  totpSecret: 'PORTALDEMOOPERATORKEY234567ABCDE',
  role: 'admin',
  firstName: 'اپراتور',
  lastName: 'نمایشی',
} as const;

/**
 * The second demo operator (a senior operator): what creates or prices value is proposed by one operator
 * and approved by another (decision 028), so the demo console needs two people to be tried whole.
 */
export const DEMO_SECOND_OPERATOR = {
  mobile: '+989120000003',
  password: 'Demo-Operator-2!',
  totpSecret: 'PORTALDEMOSECONDOPERATORKEY23456',
  role: 'senior_operator',
  firstName: 'اپراتور دوم',
  lastName: 'نمایشی',
} as const;

type DemoOperator = typeof DEMO_OPERATOR | typeof DEMO_SECOND_OPERATOR;

export interface DemoSeed {
  demoMobile: string;
  /** Null when not seeded (`withOperator` false) or the number belongs to a real account, left alone. */
  operator: typeof DEMO_OPERATOR | null;
  /** The second operator, seeded with the first (null likewise). */
  secondOperator: typeof DEMO_SECOND_OPERATOR | null;
}

/**
 * Demo data for the embedded mode, labelled as such (`is_demo`). Idempotent: a second start keeps
 * what the first one made. Later modules add their catalogue (baskets, academy…) here; the funds are
 * `demo-funds.ts`.
 */
export async function seedDemo(db: Db, opts: { secret: string; withOperator: boolean }): Promise<DemoSeed> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, DEMO_MOBILE)).limit(1);
  if (!existing) {
    await db
      .insert(users)
      .values({
        mobile: DEMO_MOBILE,
        firstName: 'کاربر',
        lastName: 'نمایشی',
        referralCode: 'DEMO0000',
        showFillUserInfoPage: false,
        isDemo: true,
      })
      .onConflictDoNothing();
  }
  await seedDemoFunds(db);
  // The demo investor holds a lot bought seven months ago: redeemable without the early-exit fee.
  await seedDemoHoldings(db, new Date());
  const operator = opts.withOperator && (await seedDemoOperator(db, opts.secret, DEMO_OPERATOR));
  const second = opts.withOperator && (await seedDemoOperator(db, opts.secret, DEMO_SECOND_OPERATOR));
  return {
    demoMobile: DEMO_MOBILE,
    operator: operator ? DEMO_OPERATOR : null,
    secondOperator: second ? DEMO_SECOND_OPERATOR : null,
  };
}

/**
 * Creates a demo operator, or puts its printed login back (its role, the fixed password and TOTP key,
 * not frozen) when it was changed in the console, so what the server prints is always true.
 */
async function seedDemoOperator(db: Db, appSecret: string, op: DemoOperator): Promise<boolean> {
  const [u] = await db.select().from(users).where(eq(users.mobile, op.mobile)).limit(1);
  if (u && !u.isDemo) return false;
  if (!u) {
    const { userId } = await provisionOperator(db, appSecret, {
      mobile: op.mobile,
      role: op.role,
      password: op.password,
      totpSecret: op.totpSecret,
      isDemo: true,
      via: 'demo_seed',
    });
    await db
      .update(users)
      .set({ firstName: op.firstName, lastName: op.lastName, showFillUserInfoPage: false })
      .where(eq(users.id, userId));
    return true;
  }
  const totpKept = u.twoFactorSecret !== null && openTotpSecret(appSecret, u.twoFactorSecret) === op.totpSecret;
  const passwordKept = await verifyPassword(u.passwordHash, op.password);
  if (totpKept && passwordKept && u.role === op.role && !u.frozenAt) return true;
  const passwordHash = passwordKept ? u.passwordHash : await hashPassword(op.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        role: op.role,
        passwordHash,
        frozenAt: null,
        frozenReason: null,
        ...(totpKept
          ? {}
          : {
              twoFactorSecret: sealTotpSecret(appSecret, op.totpSecret),
              twoFactorPendingSecret: null,
              twoFactorLastStep: null,
            }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, u.id));
    await writeAudit(tx, {
      action: 'admin.demo_operator_restored',
      actorUserId: null,
      subjectType: 'user',
      subjectId: u.id,
      data: { via: 'demo_seed' },
    });
  });
  return true;
}
