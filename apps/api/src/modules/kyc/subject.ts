import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kycSubmissions } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/** A KYC submission as the four-eyes guard sees its review: the user who submitted it. */
export const kycSubmissionSubject: SubjectResolver = async (db: Db, id: string) => {
  const [s] = await db
    .select({ userId: kycSubmissions.userId })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .limit(1);
  return s ? { userIds: [s.userId] } : null;
};
