/**
 * The risk quiz (issue 20, decision 045; SPEC §2 `/risk-quiz`, `/risk-quiz/calc`): the published version's
 * questions, one answer set per attempt and its result, a risk number from 0 to 100 with the band and persona
 * it falls in (`risk.ts`). A version is written by the operators (admin/risk-quiz.ts) and never changes once
 * published: an answer set keeps the version it answered.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { FUND_RISKS, type FundRiskValue } from '../funds/funds';
import { RISK_PERSONA, riskBandOf } from './risk';

/** `draft`: the operators' next version; `published`: what investors answer; `retired`: an earlier one. */
export const RISK_QUIZ_VERSION_STATUSES = ['draft', 'published', 'retired'] as const;
export type RiskQuizVersionStatus = (typeof RISK_QUIZ_VERSION_STATUSES)[number];

/** An option's score: a whole number from 0 to 10. */
export const RISK_QUIZ_SCORE_MAX = 10;
/** The most questions a version has, and options a question has. */
export const RISK_QUIZ_QUESTIONS_MAX = 30;
export const RISK_QUIZ_OPTIONS_MAX = 8;
/** How many of an investor's results the list answers (newest first). */
export const RISK_QUIZ_RESULTS_LIMIT = 100;

/**
 * The risk number of an answer set: the chosen scores' share of what the version allows, from its lowest
 * total to its highest, as a whole number 0–100 (decision 045). `questions` are each question's option
 * scores; `chosen` the score chosen for each, in the same order.
 */
export function riskNumberOf(questions: readonly (readonly number[])[], chosen: readonly number[]): number {
  let low = 0;
  let high = 0;
  let total = 0;
  questions.forEach((scores, i) => {
    const min = Math.min(...scores);
    low += min;
    high += Math.max(...scores);
    total += chosen[i] ?? min;
  });
  if (high <= low) return 0;
  return Math.round((100 * (total - low)) / (high - low));
}

const localizedTextView = z.object({ fa: z.string(), ar: z.string(), en: z.string() });
const riskBandSchema = z.union(FUND_RISKS.map((r) => z.literal(r)) as unknown as [z.ZodLiteral<FundRiskValue>]);
export const riskPersonaSchema = z.enum(['safe', 'low', 'balanced', 'high', 'aggressive']);
export type RiskPersona = z.infer<typeof riskPersonaSchema>;

/** The published version as investors see it: questions in order, each option's text (not its score). */
export const riskQuizSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      text: localizedTextView,
      options: z.array(z.object({ id: z.string(), text: localizedTextView })),
    }),
  ),
});
export type RiskQuiz = z.infer<typeof riskQuizSchema>;

/** One answer set's result. */
export const riskResultSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
  /** 0–100. */
  riskNumber: z.number().int(),
  /** The `FundRisk` band the number falls in (10, 25, 35, 60, 100). */
  band: riskBandSchema,
  persona: riskPersonaSchema,
  /** ISO 8601. */
  takenAt: z.string(),
});
export type RiskResult = z.infer<typeof riskResultSchema>;

/** The band and persona of a risk number, as results carry them. */
export function riskViewOf(riskNumber: number): { band: FundRiskValue; persona: RiskPersona } {
  const band = riskBandOf(riskNumber);
  return { band, persona: RISK_PERSONA[band] };
}

export const getRiskQuiz = defineEndpoint({
  id: 'getRiskQuiz',
  method: 'GET',
  path: '/risk-quiz',
  summary: 'The published risk quiz: its questions and options in order',
  tags: ['risk-quiz'],
  auth: 'session',
  response: riskQuizSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

export const submitRiskQuizBody = z.object({
  versionId: z.uuid({ message: 'format' }),
  /** One option per question of the version, in any order. */
  answers: z
    .array(z.object({ questionId: z.uuid({ message: 'format' }), optionId: z.uuid({ message: 'format' }) }))
    .min(1, { message: 'required' })
    .max(RISK_QUIZ_QUESTIONS_MAX, { message: 'max' }),
});
export type SubmitRiskQuizBody = z.infer<typeof submitRiskQuizBody>;

/**
 * Saves an answer set and answers its result. Refused, nothing stored: a version other than the published
 * one (`RISK_QUIZ_VERSION_OUTDATED`: the page loads the quiz again), a question left unanswered
 * (`RISK_QUIZ_INCOMPLETE`), a question answered twice or an option not of its question in this version
 * (`RISK_QUIZ_ANSWER_INVALID`). Idempotent: a retry with the same key answers the same result.
 */
export const submitRiskQuiz = defineEndpoint({
  id: 'submitRiskQuiz',
  method: 'POST',
  path: '/risk-quiz/results',
  summary: 'Answer the published risk quiz: saves the answers and calculates the risk number',
  tags: ['risk-quiz'],
  auth: 'session',
  idempotent: true,
  body: submitRiskQuizBody,
  response: riskResultSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'IDEMPOTENCY_KEY_REUSED',
    'RISK_QUIZ_VERSION_OUTDATED',
    'RISK_QUIZ_INCOMPLETE',
    'RISK_QUIZ_ANSWER_INVALID',
  ],
});

export const listRiskResults = defineEndpoint({
  id: 'listRiskResults',
  method: 'GET',
  path: '/risk-quiz/results',
  summary: 'My risk quiz results, newest first',
  tags: ['risk-quiz'],
  auth: 'session',
  response: z.object({ items: z.array(riskResultSchema) }),
  errors: ['UNAUTHENTICATED'],
});
