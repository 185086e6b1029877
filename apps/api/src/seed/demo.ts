import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export const DEMO_MOBILE = '+989120000000';

/**
 * Demo data for the embedded mode, labelled as such (`is_demo`). Idempotent: a second start keeps
 * what the first one made. Later modules add their catalogue (funds, baskets, academy…) here.
 */
export async function seedDemo(db: Db): Promise<{ demoMobile: string }> {
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
  return { demoMobile: DEMO_MOBILE };
}
