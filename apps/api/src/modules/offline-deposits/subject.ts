import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * An offline deposit as the four-eyes guard sees its review: the user who declared it, and the operator
 * who gave it its first approval when it needs two (they may not give the second).
 */
export const offlineDepositSubject: SubjectResolver = async (db: Db, id: string) => {
  const [d] = await db
    .select({ userId: deposits.userId, firstApprovedBy: deposits.firstApprovedBy })
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.kind, 'offline')))
    .limit(1);
  return d ? { userIds: [d.userId], makerId: d.firstApprovedBy } : null;
};
