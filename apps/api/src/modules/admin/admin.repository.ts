import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, kycSubmissions, sessions, userNotes, users } from '../../db/schema';

/** Escapes `%`, `_` and `\` for a LIKE/ILIKE pattern (PostgreSQL's default escape character is `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users matching `where`, newest first, one page, and how many match in all. */
export async function searchUsers(tx: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listUserSubmissions(tx: DbOrTx, userId: string) {
  return tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id));
}

/** A user's sessions, live or ended, newest first (the last 50). */
export async function listUserSessions(tx: DbOrTx, userId: string) {
  return tx
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(50);
}

export async function listUserNotes(tx: DbOrTx, userId: string) {
  const author = aliasedTable(users, 'author');
  return tx
    .select({
      id: userNotes.id,
      text: userNotes.text,
      authorId: userNotes.authorId,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      createdAt: userNotes.createdAt,
    })
    .from(userNotes)
    .leftJoin(author, eq(author.id, userNotes.authorId))
    .where(eq(userNotes.userId, userId))
    .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
}

export async function insertNote(
  tx: DbOrTx,
  values: { userId: string; authorId: string; text: string; createdAt: Date },
) {
  const [row] = await tx.insert(userNotes).values(values).returning();
  return row!;
}

export async function updateUser(tx: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** The kinds an operator reviews; `identity` is decided at once by the identity inquiry. */
export const REVIEWED_KINDS = ['video', 'foreign'] as const;

export async function listSubmissions(
  tx: DbOrTx,
  status: 'pending' | 'approved' | 'rejected',
  page: { limit: number; offset: number },
) {
  const where = and(eq(kycSubmissions.status, status), inArray(kycSubmissions.kind, [...REVIEWED_KINDS]));
  const order =
    status === 'pending'
      ? [asc(kycSubmissions.createdAt), asc(kycSubmissions.id)]
      : [desc(kycSubmissions.reviewedAt), desc(kycSubmissions.createdAt), desc(kycSubmissions.id)];
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        submission: kycSubmissions,
        user: { id: users.id, mobile: users.mobile, firstName: users.firstName, lastName: users.lastName },
      })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(kycSubmissions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findSubmission(tx: DbOrTx, id: string, lock = false) {
  const q = tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateSubmission(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof kycSubmissions.$inferInsert>,
): Promise<void> {
  await tx.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
}

export interface AuditFilter {
  userId?: string | undefined;
  actorId?: string | undefined;
  /** The user found by their mobile: what was done about them and what they did. */
  involvedUserId?: string | undefined;
  /** An action the contract declares, matched exactly (`auth.step_up` is not `auth.step_up_failed`). */
  action?: string | undefined;
  actionPrefix?: string | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  before?: Date | undefined;
}

export async function searchAudit(tx: DbOrTx, f: AuditFilter, page: { limit: number; offset: number }) {
  const where = and(
    // About the user, or done by the user to their own account (not an operator's acts on other users).
    f.userId
      ? or(
          eq(auditLog.subjectId, f.userId),
          and(eq(auditLog.actorUserId, f.userId), sql`${auditLog.subjectType} is distinct from 'user'`),
        )
      : undefined,
    f.actorId ? eq(auditLog.actorUserId, f.actorId) : undefined,
    f.involvedUserId
      ? or(eq(auditLog.subjectId, f.involvedUserId), eq(auditLog.actorUserId, f.involvedUserId))
      : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.actionPrefix ? sql`${auditLog.action} like ${`${escapeLike(f.actionPrefix)}%`}` : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.before ? lt(auditLog.at, f.before) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({ entry: auditLog, actorMobile: users.mobile })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
