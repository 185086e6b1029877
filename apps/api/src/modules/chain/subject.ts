import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tetherWithdrawals } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * A tether withdrawal as the four-eyes guard sees its review (issue 18, decision 040): the user who asked,
 * and the operator who gave it its first approval when it needs two (they may not give the second).
 */
export const tetherWithdrawalSubject: SubjectResolver = async (db: Db, id: string) => {
  const [w] = await db
    .select({ userId: tetherWithdrawals.userId, firstApprovedBy: tetherWithdrawals.firstApprovedBy })
    .from(tetherWithdrawals)
    .where(eq(tetherWithdrawals.id, id))
    .limit(1);
  return w ? { userIds: [w.userId], makerId: w.firstApprovedBy } : null;
};
