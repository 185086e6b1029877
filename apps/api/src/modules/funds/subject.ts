import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { funds } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * A fund as the four-eyes guard sees an operation on it. No user is its subject (its texts and
 * announcements are no one's account); its holders are asked for when its NAV, dividend or terms are
 * proposed or approved (`holdsFundStake`), not listed here: a fund may have many.
 */
export const fundSubject: SubjectResolver = async (db: Db, id: string) => {
  const [f] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, id)).limit(1);
  return f ? { userIds: [], fundId: f.id } : null;
};
