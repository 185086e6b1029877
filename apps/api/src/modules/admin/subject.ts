import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/** A user as the four-eyes guard sees an operation about them (a note, a freeze, a role): that user. */
export const userSubject: SubjectResolver = async (db: Db, id: string) => {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return u ? { userIds: [u.id] } : null;
};
