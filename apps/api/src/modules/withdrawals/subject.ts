import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * A withdrawal as the four-eyes guard sees its review: the user who asked, and the operator who gave it
 * its first approval when it needs two (they may not give the second).
 */
export const withdrawalSubject: SubjectResolver = async (db: Db, id: string) => {
  const [w] = await db
    .select({ userId: withdrawals.userId, firstApprovedBy: withdrawals.firstApprovedBy })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .limit(1);
  return w ? { userIds: [w.userId], makerId: w.firstApprovedBy } : null;
};
