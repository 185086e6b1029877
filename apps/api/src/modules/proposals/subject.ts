import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { proposals } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';

/**
 * A proposal as the four-eyes guard sees it: its proposer (never its approver), the fund it prices or
 * pays from (its holders may not approve), and the users it would credit.
 */
export const proposalSubject: SubjectResolver = async (db: Db, id: string) => {
  const [p] = await db
    .select({ kind: proposals.kind, proposedBy: proposals.proposedBy, fundId: proposals.fundId })
    .from(proposals)
    .where(eq(proposals.id, id))
    .limit(1);
  if (!p) return null;
  return { userIds: [], makerId: p.proposedBy, fundId: p.fundId, proposalKind: p.kind };
};
