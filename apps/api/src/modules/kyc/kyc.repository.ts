import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, kycSubmissions, users } from '../../db/schema';
import { findUser } from '../users/users.repository';

export type SubmissionRow = typeof kycSubmissions.$inferSelect;
export type FileRow = typeof files.$inferSelect;

/** What the KYC rules read of a user; `lock` takes the row for the rest of the transaction. */
export async function findKycUser(tx: DbOrTx, userId: string, lock = false) {
  const u = await findUser(tx, userId, lock ? { lock: 'update' } : {});
  if (!u) return null;
  const { id, mobile, nationalCode, birthDate, kycLevel, kycTrack, shahkarPassed } = u;
  return { id, mobile, nationalCode, birthDate, kycLevel, kycTrack, shahkarPassed };
}
export type KycUser = NonNullable<Awaited<ReturnType<typeof findKycUser>>>;

/** Every submission of a user, newest first. */
export function listSubmissions(tx: DbOrTx, userId: string): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id));
}

export async function findPendingSubmission(tx: DbOrTx, userId: string): Promise<SubmissionRow | null> {
  const [s] = await tx
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending')))
    .limit(1);
  return s ?? null;
}

export async function isNationalCodeHeldByOther(tx: DbOrTx, nationalCode: string, userId: string): Promise<boolean> {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.nationalCode, nationalCode), ne(users.id, userId)))
    .limit(1);
  return Boolean(u);
}

export async function setIdentityVerified(
  tx: DbOrTx,
  userId: string,
  input: { nationalCode: string; birthDate: string; now: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      nationalCode: input.nationalCode,
      birthDate: input.birthDate,
      kycTrack: 'iranian',
      shahkarPassed: true,
      kycLevel: 1,
      updatedAt: input.now,
    })
    .where(eq(users.id, userId));
}

export async function setKycTrack(tx: DbOrTx, userId: string, track: 'iranian' | 'foreign', now: Date) {
  await tx.update(users).set({ kycTrack: track, updatedAt: now }).where(eq(users.id, userId));
}

export async function insertSubmission(
  tx: DbOrTx,
  values: Pick<typeof kycSubmissions.$inferInsert, 'userId' | 'kind' | 'status' | 'data' | 'createdAt'> &
    Partial<Pick<typeof kycSubmissions.$inferInsert, 'videoFileId' | 'passportImageFileId' | 'reviewedAt'>>,
): Promise<SubmissionRow> {
  const [row] = await tx.insert(kycSubmissions).values(values).returning();
  return row!;
}

export async function insertFile(tx: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await tx.insert(files).values(values).returning();
  return row!;
}

export async function findFile(tx: DbOrTx, fileId: string): Promise<FileRow | null> {
  const [f] = await tx.select().from(files).where(eq(files.id, fileId)).limit(1);
  return f ?? null;
}
