import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { basketOrders } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * A basket order as the four-eyes guard sees a VIP request's review (issue 20): the investor who asked, and
 * the operator who gave it its first approval when it needs two (they may not give the second).
 */
export const basketOrderSubject: SubjectResolver = async (db: Db, id: string) => {
  const [o] = await db
    .select({ userId: basketOrders.userId, firstApprovedBy: basketOrders.firstApprovedBy })
    .from(basketOrders)
    .where(eq(basketOrders.id, id))
    .limit(1);
  return o ? { userIds: [o.userId], makerId: o.firstApprovedBy } : null;
};
