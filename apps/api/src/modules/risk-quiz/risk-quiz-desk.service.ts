/**
 * The console's risk quiz editor (issue 20, decision 045): one draft at a time, written whole (its
 * questions and options in order), published as the next version. Each write is one senior operator's act,
 * audited, under a lock of the quiz's live versions so two editors never interleave.
 */
import type { AdminRiskQuizDesk, AdminRiskQuizDetail, SaveRiskQuizDraftBody } from '@portal/contract/admin/risk-quiz';
import { AppError } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import {
  deleteDraft,
  insertDraft,
  listVersions,
  lockVersions,
  nextVersionNumber,
  publishDraft,
  questionsOf,
  replaceQuestions,
  versionByStatus,
  type VersionSummaryRow,
} from './risk-quiz.repository';

export interface RiskQuizDeskDeps {
  db: Db;
  now?: () => Date;
}

interface OperatorAct {
  operatorId: string;
  ip: string;
}

const clock = (deps: RiskQuizDeskDeps) => deps.now?.() ?? new Date();

function summaryOf(v: VersionSummaryRow) {
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    createdAt: v.createdAt.toISOString(),
    publishedAt: v.publishedAt?.toISOString() ?? null,
    publishedBy: v.publishedByName,
    questionCount: v.questionCount,
    answerCount: v.answerCount,
  };
}

async function detailOf(db: DbOrTx, v: VersionSummaryRow): Promise<AdminRiskQuizDetail> {
  const questions = await questionsOf(db, v.id);
  let min = 0;
  let max = 0;
  for (const q of questions) {
    const scores = q.options.map((o) => o.score);
    if (scores.length === 0) continue;
    min += Math.min(...scores);
    max += Math.max(...scores);
  }
  return {
    ...summaryOf(v),
    questionCount: questions.length,
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text, score: o.score })),
    })),
    scoreRange: { min, max },
  };
}

async function detailById(db: DbOrTx, id: string): Promise<AdminRiskQuizDetail | null> {
  const v = (await listVersions(db)).find((x) => x.id === id);
  return v ? detailOf(db, v) : null;
}

export async function riskQuizDesk(deps: RiskQuizDeskDeps): Promise<AdminRiskQuizDesk> {
  const versions = await listVersions(deps.db);
  const published = versions.find((v) => v.status === 'published');
  const draft = versions.find((v) => v.status === 'draft');
  return {
    versions: versions.map(summaryOf),
    published: published ? await detailOf(deps.db, published) : null,
    draft: draft ? await detailOf(deps.db, draft) : null,
  };
}

export async function versionDetail(deps: RiskQuizDeskDeps, versionId: string): Promise<AdminRiskQuizDetail> {
  const detail = await detailById(deps.db, versionId);
  if (!detail) throw new AppError('NOT_FOUND', 'No such version of the risk quiz');
  return detail;
}

/** Starts the draft as a copy of the published version's questions and options. */
export async function createDraft(deps: RiskQuizDeskDeps, act: OperatorAct): Promise<AdminRiskQuizDetail> {
  return deps.db.transaction(async (tx) => {
    await lockVersions(tx);
    if (await versionByStatus(tx, 'draft')) {
      throw new AppError('RISK_QUIZ_DRAFT_EXISTS', 'The risk quiz already has a draft');
    }
    const draft = await insertDraft(tx, act.operatorId, await nextVersionNumber(tx));
    // A draft started at the same moment by another operator won the unique index.
    if (!draft) throw new AppError('RISK_QUIZ_DRAFT_EXISTS', 'The risk quiz already has a draft');
    const published = await versionByStatus(tx, 'published');
    if (published) {
      const questions = await questionsOf(tx, published.id);
      await replaceQuestions(
        tx,
        draft.id,
        questions.map((q) => ({ text: q.text, options: q.options.map((o) => ({ text: o.text, score: o.score })) })),
      );
    }
    await writeAudit(tx, {
      action: 'risk_quiz.draft_created',
      actorUserId: act.operatorId,
      subjectType: 'risk_quiz_version',
      subjectId: draft.id,
      ip: act.ip,
      data: { number: draft.number, copiedFrom: published?.number ?? null },
    });
    return (await detailById(tx, draft.id))!;
  });
}

export async function saveDraft(
  deps: RiskQuizDeskDeps,
  act: OperatorAct,
  body: SaveRiskQuizDraftBody,
): Promise<AdminRiskQuizDetail> {
  return deps.db.transaction(async (tx) => {
    await lockVersions(tx);
    const draft = await versionByStatus(tx, 'draft');
    if (!draft) throw new AppError('NOT_FOUND', 'The risk quiz has no draft');
    await replaceQuestions(
      tx,
      draft.id,
      body.questions.map((q) => ({
        text: { fa: q.text.fa, ar: q.text.ar, en: q.text.en },
        options: q.options.map((o) => ({ text: { fa: o.text.fa, ar: o.text.ar, en: o.text.en }, score: o.score })),
      })),
    );
    await writeAudit(tx, {
      action: 'risk_quiz.draft_saved',
      actorUserId: act.operatorId,
      subjectType: 'risk_quiz_version',
      subjectId: draft.id,
      ip: act.ip,
      data: {
        number: draft.number,
        questions: body.questions.length,
        options: body.questions.reduce((n, q) => n + q.options.length, 0),
      },
    });
    return (await detailById(tx, draft.id))!;
  });
}

export async function discardDraft(deps: RiskQuizDeskDeps, act: OperatorAct): Promise<Record<string, never>> {
  return deps.db.transaction(async (tx) => {
    await lockVersions(tx);
    const draft = await versionByStatus(tx, 'draft');
    if (!draft || !(await deleteDraft(tx, draft.id))) throw new AppError('NOT_FOUND', 'The risk quiz has no draft');
    await writeAudit(tx, {
      action: 'risk_quiz.draft_discarded',
      actorUserId: act.operatorId,
      subjectType: 'risk_quiz_version',
      subjectId: draft.id,
      ip: act.ip,
      data: { number: draft.number },
    });
    return {};
  });
}

/** Publishes the draft; the published version before it is retired (its answer sets keep it). */
export async function publish(deps: RiskQuizDeskDeps, act: OperatorAct): Promise<AdminRiskQuizDetail> {
  return deps.db.transaction(async (tx) => {
    await lockVersions(tx);
    const draft = await versionByStatus(tx, 'draft');
    if (!draft) throw new AppError('NOT_FOUND', 'The risk quiz has no draft');
    const questions = await questionsOf(tx, draft.id);
    // The draft's body was checked when saved; a copy of the published version is as valid as it was.
    if (questions.length === 0) throw new AppError('NOT_FOUND', 'The draft has no questions');
    const previous = await versionByStatus(tx, 'published');
    await publishDraft(tx, draft.id, act.operatorId, clock(deps));
    await writeAudit(tx, {
      action: 'risk_quiz.published',
      actorUserId: act.operatorId,
      subjectType: 'risk_quiz_version',
      subjectId: draft.id,
      ip: act.ip,
      data: { number: draft.number, retired: previous?.number ?? null, questions: questions.length },
    });
    return (await detailById(tx, draft.id))!;
  });
}
