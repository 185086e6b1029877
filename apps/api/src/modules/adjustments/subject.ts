import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adjustments } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/** An adjustment as the four-eyes guard sees it: the user whose wallet it moves, and its maker. */
export const adjustmentSubject: SubjectResolver = async (db: Db, id: string) => {
  const [a] = await db
    .select({ userId: adjustments.userId, makerId: adjustments.makerId })
    .from(adjustments)
    .where(eq(adjustments.id, id))
    .limit(1);
  return a ? { userIds: [a.userId], makerId: a.makerId, proposalKind: 'adjustment' } : null;
};
