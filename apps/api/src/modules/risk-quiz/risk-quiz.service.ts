/**
 * The investor's risk quiz (issue 20, decision 045): the published version, saving an answer set and its
 * result, and the list of results. Saving checks the whole answer set against the version before writing
 * anything; the database's foreign keys keep each answer inside the result's version as well.
 */
import {
  RISK_QUIZ_RESULTS_LIMIT,
  riskNumberOf,
  riskViewOf,
  type RiskQuiz,
  type RiskResult,
  type SubmitRiskQuizBody,
} from '@portal/contract/baskets/risk-quiz';
import { submitRiskQuiz as submitRiskQuizEndpoint } from '@portal/contract/baskets/risk-quiz';
import { AppError } from '@portal/contract/core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { insertResult, listResults, questionsOf, versionByStatus, type ResultRow } from './risk-quiz.repository';

export interface RiskQuizDeps {
  db: Db;
  now?: () => Date;
}

export function resultView(row: ResultRow, versionNumber: number): RiskResult {
  const { band, persona } = riskViewOf(row.riskNumber);
  return {
    id: row.id,
    versionId: row.versionId,
    versionNumber,
    riskNumber: row.riskNumber,
    band,
    persona,
    takenAt: row.createdAt.toISOString(),
  };
}

/** The published version with its questions; NOT_FOUND when none is (an operator retired it without another). */
export async function publishedQuiz(db: DbOrTx): Promise<RiskQuiz> {
  const version = await versionByStatus(db, 'published');
  if (!version) throw new AppError('NOT_FOUND', 'No risk quiz is published');
  const questions = await questionsOf(db, version.id);
  return {
    id: version.id,
    number: version.number,
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}

/**
 * Checks an answer set against a version's questions: every question answered once, each with one of its
 * own options. Answers the chosen options in question order.
 */
export function checkAnswers(
  questions: Awaited<ReturnType<typeof questionsOf>>,
  answers: SubmitRiskQuizBody['answers'],
): { questionId: string; optionId: string; score: number }[] {
  const byQuestion = new Map<string, string>();
  for (const [i, a] of answers.entries()) {
    if (byQuestion.has(a.questionId)) {
      throw new AppError('RISK_QUIZ_ANSWER_INVALID', 'A question is answered twice', {
        issues: [{ path: `answers.${i}.questionId`, rule: 'duplicate' }],
      });
    }
    byQuestion.set(a.questionId, a.optionId);
  }
  const known = new Set(questions.map((q) => q.id));
  for (const [i, a] of answers.entries()) {
    if (!known.has(a.questionId)) {
      throw new AppError('RISK_QUIZ_ANSWER_INVALID', 'A question is not one of this version', {
        issues: [{ path: `answers.${i}.questionId`, rule: 'unknown' }],
      });
    }
  }
  return questions.map((q) => {
    const optionId = byQuestion.get(q.id);
    if (optionId === undefined) {
      throw new AppError('RISK_QUIZ_INCOMPLETE', 'A question has no answer', {
        issues: [{ path: 'answers', rule: 'unanswered', params: { question: q.position + 1 } }],
      });
    }
    const option = q.options.find((o) => o.id === optionId);
    if (!option) {
      throw new AppError('RISK_QUIZ_ANSWER_INVALID', 'An option is not one of its question', {
        issues: [{ path: 'answers', rule: 'unknownOption', params: { question: q.position + 1 } }],
      });
    }
    return { questionId: q.id, optionId, score: option.score };
  });
}

/** Saves an answer set to the published version and answers its result, once per idempotency key. */
export async function submitAnswers(
  deps: RiskQuizDeps,
  input: { userId: string; idempotencyKey: string; body: SubmitRiskQuizBody },
): Promise<RiskResult> {
  const call = {
    userId: input.userId,
    key: input.idempotencyKey,
    operation: submitRiskQuizEndpoint.id,
    request: input.body,
  };
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(tx, call, async (): Promise<RiskResult> => {
      const version = await versionByStatus(tx, 'published');
      if (!version || version.id !== input.body.versionId) {
        throw new AppError('RISK_QUIZ_VERSION_OUTDATED', 'These answers are not to the published quiz');
      }
      const questions = await questionsOf(tx, version.id);
      const chosen = checkAnswers(questions, input.body.answers);
      const riskNumber = riskNumberOf(
        questions.map((q) => q.options.map((o) => o.score)),
        chosen.map((c) => c.score),
      );
      const row = await insertResult(tx, {
        userId: input.userId,
        versionId: version.id,
        riskNumber,
        band: riskViewOf(riskNumber).band,
        answers: chosen.map(({ questionId, optionId }) => ({ questionId, optionId })),
      });
      return resultView(row, version.number);
    }),
  );
  return response;
}

export async function myResults(db: DbOrTx, userId: string): Promise<{ items: RiskResult[] }> {
  const rows = await listResults(db, userId, RISK_QUIZ_RESULTS_LIMIT);
  return { items: rows.map((r) => resultView(r, r.versionNumber)) };
}
