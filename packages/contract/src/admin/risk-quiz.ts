/**
 * The console's risk quiz editor (issue 20, decision 045): every version of the quiz, the published one,
 * and one draft that operators write (questions and options in fa, en and ar, a score 0–10 per option),
 * then publish as the next version. Publishing retires the version before it; a version never changes once
 * published, so an answer set keeps what it answered.
 *
 * Reading needs `quiz.read`; writing the draft and publishing need `quiz.manage` (senior operators and
 * admins). The quiz moves and prices no money: every write is one operator's act (`record`,
 * admin/four-eyes.ts), audited (`risk_quiz.*`).
 */
import { z } from 'zod';
import { defineEndpoint, emptyResponse } from '../core/endpoint';
import { localizedTextSchema } from '../funds/funds';
import {
  RISK_QUIZ_OPTIONS_MAX,
  RISK_QUIZ_QUESTIONS_MAX,
  RISK_QUIZ_SCORE_MAX,
  RISK_QUIZ_VERSION_STATUSES,
} from '../baskets/risk-quiz';

const forbidden = ['UNAUTHENTICATED', 'FORBIDDEN', 'TWO_FACTOR_REQUIRED'] as const;

const localizedTextView = z.object({ fa: z.string(), ar: z.string(), en: z.string() });

/** A version as the editor lists it. */
export const adminRiskQuizVersionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(RISK_QUIZ_VERSION_STATUSES),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Who published it (name or mobile). */
  publishedBy: z.string().nullable(),
  questionCount: z.number().int(),
  /** How many answer sets investors gave to it. */
  answerCount: z.number().int(),
});
export type AdminRiskQuizVersion = z.infer<typeof adminRiskQuizVersionSchema>;

/** A version with its questions and options, scores included. */
export const adminRiskQuizDetailSchema = adminRiskQuizVersionSchema.extend({
  questions: z.array(
    z.object({
      id: z.string(),
      text: localizedTextView,
      options: z.array(z.object({ id: z.string(), text: localizedTextView, score: z.number().int() })),
    }),
  ),
  /** The lowest and highest total of scores an answer set can reach (the risk number's 0 and 100). */
  scoreRange: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type AdminRiskQuizDetail = z.infer<typeof adminRiskQuizDetailSchema>;

export const adminRiskQuizDeskSchema = z.object({
  versions: z.array(adminRiskQuizVersionSchema),
  published: adminRiskQuizDetailSchema.nullable(),
  draft: adminRiskQuizDetailSchema.nullable(),
});
export type AdminRiskQuizDesk = z.infer<typeof adminRiskQuizDeskSchema>;

// ---- the draft as written ---------------------------------------------------------------------

export const riskQuizScoreSchema = z
  .number({ message: 'integer' })
  .int({ message: 'integer' })
  .min(0, { message: 'scoreRange' })
  .max(RISK_QUIZ_SCORE_MAX, { message: 'scoreRange' });

export const riskQuizOptionInput = z.object({ text: localizedTextSchema, score: riskQuizScoreSchema });
export const riskQuizQuestionInput = z.object({
  text: localizedTextSchema,
  options: z
    .array(riskQuizOptionInput)
    .min(2, { message: 'optionsMin' })
    .max(RISK_QUIZ_OPTIONS_MAX, { message: 'optionsMax' }),
});
export type RiskQuizQuestionInput = z.input<typeof riskQuizQuestionInput>;

/**
 * The whole draft, in order: at least one question, each with two to eight options; some question must
 * tell answers apart (its options' scores differ), or every answer set would score the same (`scoresFlat`).
 */
export const saveRiskQuizDraftBody = z.object({
  questions: z
    .array(riskQuizQuestionInput)
    .min(1, { message: 'questionsMin' })
    .max(RISK_QUIZ_QUESTIONS_MAX, { message: 'questionsMax' })
    .refine((qs) => qs.some((q) => new Set(q.options.map((o) => o.score)).size > 1), { message: 'scoresFlat' }),
});
export type SaveRiskQuizDraftBody = z.input<typeof saveRiskQuizDraftBody>;

export const riskQuizVersionIdParams = z.object({ versionId: z.uuid({ message: 'format' }) });

// ---- endpoints --------------------------------------------------------------------------------

export const adminGetRiskQuizDesk = defineEndpoint({
  id: 'adminGetRiskQuizDesk',
  method: 'GET',
  path: '/admin/risk-quiz',
  summary: 'The risk quiz editor: every version, the published one and the draft',
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.read',
  response: adminRiskQuizDeskSchema,
  errors: [...forbidden],
});

export const adminGetRiskQuizVersion = defineEndpoint({
  id: 'adminGetRiskQuizVersion',
  method: 'GET',
  path: '/admin/risk-quiz/versions/:versionId',
  summary: 'One version of the risk quiz with its questions, options and scores',
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.read',
  params: riskQuizVersionIdParams,
  response: adminRiskQuizDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

/** Starts a draft as a copy of the published version; `RISK_QUIZ_DRAFT_EXISTS` when there is one. */
export const adminCreateRiskQuizDraft = defineEndpoint({
  id: 'adminCreateRiskQuizDraft',
  method: 'POST',
  path: '/admin/risk-quiz/draft',
  summary: 'Start a draft of the next risk quiz version (a copy of the published one)',
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.manage',
  response: adminRiskQuizDetailSchema,
  successStatus: 201,
  errors: [...forbidden, 'RISK_QUIZ_DRAFT_EXISTS'],
});

/** Replaces the draft's questions and options (added, edited, removed, reordered); NOT_FOUND without a draft. */
export const adminSaveRiskQuizDraft = defineEndpoint({
  id: 'adminSaveRiskQuizDraft',
  method: 'PATCH',
  path: '/admin/risk-quiz/draft',
  summary: "Save the draft's questions and options, in order",
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.manage',
  body: saveRiskQuizDraftBody,
  response: adminRiskQuizDetailSchema,
  errors: [...forbidden, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const adminDiscardRiskQuizDraft = defineEndpoint({
  id: 'adminDiscardRiskQuizDraft',
  method: 'DELETE',
  path: '/admin/risk-quiz/draft',
  summary: 'Discard the draft',
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.manage',
  response: emptyResponse,
  errors: [...forbidden, 'NOT_FOUND'],
});

/** Publishes the draft as the quiz investors answer; the version before it is retired. */
export const adminPublishRiskQuizDraft = defineEndpoint({
  id: 'adminPublishRiskQuizDraft',
  method: 'POST',
  path: '/admin/risk-quiz/draft/publish',
  summary: 'Publish the draft: investors answer it from now on',
  tags: ['admin'],
  auth: 'session',
  permission: 'quiz.manage',
  response: adminRiskQuizDetailSchema,
  errors: [...forbidden, 'NOT_FOUND'],
});
