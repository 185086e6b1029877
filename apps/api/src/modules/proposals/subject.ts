import { eq } from 'drizzle-orm';
import { createCsvStatementParser } from '../../adapters/settlement/csv-statement';
import type { Db } from '../../db/client';
import { proposals } from '../../db/schema';
import type { SubjectResolver } from '../../lib/four-eyes';
import { statementCredits } from './effects';

/** The proposals table keeps a statement as the file the console imports (decision 020's CSV). */
const statementParser = createCsvStatementParser();

/**
 * A proposal as the four-eyes guard sees it: its proposer (never its approver), the fund it prices or
 * pays from (its holders may not approve), and the users it would credit: for a pending statement import,
 * the owners of the payment IDs its new lines carry (an approver among them is refused).
 */
export const proposalSubject: SubjectResolver = async (db: Db, id: string) => {
  const [p] = await db
    .select({
      kind: proposals.kind,
      status: proposals.status,
      proposedBy: proposals.proposedBy,
      fundId: proposals.fundId,
      content: proposals.content,
    })
    .from(proposals)
    .where(eq(proposals.id, id))
    .limit(1);
  if (!p) return null;
  const userIds =
    p.kind === 'bank_statement_import' && p.status === 'Pending' && p.content !== null
      ? [...(await statementCredits(db, statementParser, p.content)).credits.keys()]
      : [];
  return { userIds, makerId: p.proposedBy, fundId: p.fundId, proposalKind: p.kind };
};
