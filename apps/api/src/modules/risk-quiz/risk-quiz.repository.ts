/**
 * The risk quiz's tables (issue 20, decision 045): versions with their questions and options, and the
 * investors' answer sets. `latestRiskResult` is what other modules read (the fund purchase, basket orders):
 * an investor's newest result, or null when they never took the quiz.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import type { DbOrTx } from '../../db/client';
import {
  riskQuizAnswers,
  riskQuizOptions,
  riskQuizQuestions,
  riskQuizResults,
  riskQuizVersions,
  users,
} from '../../db/schema';
import type { LocalizedText } from '../../db/schema/columns';

export type VersionRow = typeof riskQuizVersions.$inferSelect;
export type ResultRow = typeof riskQuizResults.$inferSelect;

export interface LatestRiskResult {
  id: string;
  /** 0–100. */
  riskNumber: number;
  /** The `FundRisk` band the number falls in. */
  band: FundRiskValue;
  takenAt: Date;
}

/** An investor's newest risk quiz result, or null when they have none. */
export async function latestRiskResult(db: DbOrTx, userId: string): Promise<LatestRiskResult | null> {
  const [row] = await db
    .select({
      id: riskQuizResults.id,
      riskNumber: riskQuizResults.riskNumber,
      band: riskQuizResults.band,
      takenAt: riskQuizResults.createdAt,
    })
    .from(riskQuizResults)
    .where(eq(riskQuizResults.userId, userId))
    .orderBy(desc(riskQuizResults.createdAt), desc(riskQuizResults.id))
    .limit(1);
  if (!row) return null;
  return { id: row.id, riskNumber: row.riskNumber, band: row.band as FundRiskValue, takenAt: row.takenAt };
}

export interface QuestionWithOptions {
  id: string;
  position: number;
  text: LocalizedText;
  options: { id: string; position: number; text: LocalizedText; score: number }[];
}

export async function versionByStatus(db: DbOrTx, status: 'draft' | 'published'): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(riskQuizVersions).where(eq(riskQuizVersions.status, status)).limit(1);
  return row;
}

export async function versionById(db: DbOrTx, id: string): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(riskQuizVersions).where(eq(riskQuizVersions.id, id)).limit(1);
  return row;
}

/** A version's questions in order, each with its options in order. */
export async function questionsOf(db: DbOrTx, versionId: string): Promise<QuestionWithOptions[]> {
  const rows = await db
    .select({
      questionId: riskQuizQuestions.id,
      questionPosition: riskQuizQuestions.position,
      questionText: riskQuizQuestions.text,
      optionId: riskQuizOptions.id,
      optionPosition: riskQuizOptions.position,
      optionText: riskQuizOptions.text,
      score: riskQuizOptions.score,
    })
    .from(riskQuizQuestions)
    .leftJoin(riskQuizOptions, eq(riskQuizOptions.questionId, riskQuizQuestions.id))
    .where(eq(riskQuizQuestions.versionId, versionId))
    .orderBy(asc(riskQuizQuestions.position), asc(riskQuizOptions.position));
  const questions: QuestionWithOptions[] = [];
  for (const r of rows) {
    let q = questions.at(-1);
    if (!q || q.id !== r.questionId) {
      q = { id: r.questionId, position: r.questionPosition, text: r.questionText, options: [] };
      questions.push(q);
    }
    if (r.optionId !== null && r.optionPosition !== null && r.optionText !== null && r.score !== null) {
      q.options.push({ id: r.optionId, position: r.optionPosition, text: r.optionText, score: r.score });
    }
  }
  return questions;
}

/** Writes an answer set and its answers. */
export async function insertResult(
  db: DbOrTx,
  r: {
    userId: string;
    versionId: string;
    riskNumber: number;
    band: number;
    answers: { questionId: string; optionId: string }[];
  },
): Promise<ResultRow> {
  const [row] = await db
    .insert(riskQuizResults)
    .values({ userId: r.userId, versionId: r.versionId, riskNumber: r.riskNumber, band: r.band })
    .returning();
  if (!row) throw new Error('the risk quiz result was not written');
  await db.insert(riskQuizAnswers).values(r.answers.map((a) => ({ resultId: row.id, versionId: r.versionId, ...a })));
  return row;
}

/** An investor's results, newest first, with their version's number. */
export async function listResults(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<(ResultRow & { versionNumber: number })[]> {
  const rows = await db
    .select({ result: riskQuizResults, versionNumber: riskQuizVersions.number })
    .from(riskQuizResults)
    .innerJoin(riskQuizVersions, eq(riskQuizVersions.id, riskQuizResults.versionId))
    .where(eq(riskQuizResults.userId, userId))
    .orderBy(desc(riskQuizResults.createdAt), desc(riskQuizResults.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.result, versionNumber: r.versionNumber }));
}

// ---- the console ------------------------------------------------------------------------------

export interface VersionSummaryRow extends VersionRow {
  publishedByName: string | null;
  questionCount: number;
  answerCount: number;
}

/** Every version, newest first, with who published it and how many answer sets it has. */
export async function listVersions(db: DbOrTx): Promise<VersionSummaryRow[]> {
  const rows = await db
    .select({
      version: riskQuizVersions,
      firstName: users.firstName,
      lastName: users.lastName,
      mobile: users.mobile,
      questionCount: sql<number>`(SELECT count(*)::int FROM risk_quiz_questions q WHERE q.version_id = ${riskQuizVersions.id})`,
      answerCount: sql<number>`(SELECT count(*)::int FROM risk_quiz_results r WHERE r.version_id = ${riskQuizVersions.id})`,
    })
    .from(riskQuizVersions)
    .leftJoin(users, eq(users.id, riskQuizVersions.publishedBy))
    .orderBy(desc(riskQuizVersions.number));
  return rows.map((r) => ({
    ...r.version,
    publishedByName:
      r.version.publishedBy === null ? null : [r.firstName, r.lastName].filter(Boolean).join(' ') || (r.mobile ?? null),
    questionCount: Number(r.questionCount),
    answerCount: Number(r.answerCount),
  }));
}

/** The next version number. */
export async function nextVersionNumber(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COALESCE(max(${riskQuizVersions.number}), 0)::int + 1` })
    .from(riskQuizVersions);
  return Number(row?.n ?? 1);
}

export async function insertDraft(db: DbOrTx, createdBy: string, number: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .insert(riskQuizVersions)
    .values({ number, status: 'draft', createdBy })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Replaces a draft's questions and options (the trigger refuses it for any other version). */
export async function replaceQuestions(
  db: DbOrTx,
  versionId: string,
  questions: { text: LocalizedText; options: { text: LocalizedText; score: number }[] }[],
): Promise<void> {
  await db.delete(riskQuizQuestions).where(eq(riskQuizQuestions.versionId, versionId));
  if (questions.length === 0) return;
  const inserted = await db
    .insert(riskQuizQuestions)
    .values(questions.map((q, position) => ({ versionId, position, text: q.text })))
    .returning({ id: riskQuizQuestions.id, position: riskQuizQuestions.position });
  const idAt = new Map(inserted.map((q) => [q.position, q.id]));
  const options = questions.flatMap((q, position) =>
    q.options.map((o, i) => ({ questionId: idAt.get(position)!, position: i, text: o.text, score: o.score })),
  );
  if (options.length > 0) await db.insert(riskQuizOptions).values(options);
}

export async function deleteDraft(db: DbOrTx, versionId: string): Promise<boolean> {
  const rows = await db
    .delete(riskQuizVersions)
    .where(and(eq(riskQuizVersions.id, versionId), eq(riskQuizVersions.status, 'draft')))
    .returning({ id: riskQuizVersions.id });
  return rows.length > 0;
}

/** Retires the published version and publishes the draft, in the caller's transaction. */
export async function publishDraft(db: DbOrTx, draftId: string, operatorId: string, at: Date): Promise<void> {
  await db
    .update(riskQuizVersions)
    .set({ status: 'retired' })
    .where(and(eq(riskQuizVersions.status, 'published')));
  await db
    .update(riskQuizVersions)
    .set({ status: 'published', publishedAt: at, publishedBy: operatorId })
    .where(and(eq(riskQuizVersions.id, draftId), eq(riskQuizVersions.status, 'draft')));
}

/** Locks the quiz's versions for a console write (one editor at a time). */
export async function lockVersions(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT id FROM risk_quiz_versions WHERE status IN ('draft', 'published') FOR UPDATE`);
}
