import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RISK_QUIZ_VERSION_STATUSES } from '@portal/contract/baskets/risk-quiz';
import { createdAt, type LocalizedText } from './columns';
import { users } from './users';

/**
 * The risk quiz (issue 20, decision 045), migration `0020_risk_quiz` (hand-written: its trigger keeps a
 * published or retired version's questions and options as they were, so an answer set keeps its version).
 * At most one draft (what the console edits) and one published version (what investors answer).
 */
export const riskQuizVersions = pgTable(
  'risk_quiz_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Shown to operators and investors: 1, 2, … */
    number: integer().notNull(),
    status: text({ enum: RISK_QUIZ_VERSION_STATUSES }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    publishedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('risk_quiz_versions_number_uq').on(t.number),
    uniqueIndex('risk_quiz_versions_one_published')
      .on(t.status)
      .where(sql`status = 'published'`),
    uniqueIndex('risk_quiz_versions_one_draft')
      .on(t.status)
      .where(sql`status = 'draft'`),
    check('risk_quiz_versions_status', sql`${t.status} IN ('draft', 'published', 'retired')`),
    check('risk_quiz_versions_published', sql`(${t.status} = 'draft') = (${t.publishedAt} IS NULL)`),
  ],
);

export const riskQuizQuestions = pgTable(
  'risk_quiz_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    versionId: uuid()
      .notNull()
      .references(() => riskQuizVersions.id, { onDelete: 'cascade' }),
    /** 0-based order inside its version. */
    position: smallint().notNull(),
    text: jsonb().$type<LocalizedText>().notNull(),
  },
  (t) => [
    unique('risk_quiz_questions_version_position_uq').on(t.versionId, t.position),
    unique('risk_quiz_questions_version_id_uq').on(t.versionId, t.id),
    check('risk_quiz_questions_position', sql`${t.position} >= 0`),
  ],
);

export const riskQuizOptions = pgTable(
  'risk_quiz_options',
  {
    id: uuid().primaryKey().defaultRandom(),
    questionId: uuid()
      .notNull()
      .references(() => riskQuizQuestions.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    text: jsonb().$type<LocalizedText>().notNull(),
    /** 0–10; the result is the share of the highest total a version allows (decision 045). */
    score: smallint().notNull(),
  },
  (t) => [
    unique('risk_quiz_options_question_position_uq').on(t.questionId, t.position),
    unique('risk_quiz_options_question_id_uq').on(t.questionId, t.id),
    check('risk_quiz_options_position', sql`${t.position} >= 0`),
    check('risk_quiz_options_score', sql`${t.score} BETWEEN 0 AND 10`),
  ],
);

/** One answer set of an investor: its risk number (0–100) and the band it falls in. */
export const riskQuizResults = pgTable(
  'risk_quiz_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: uuid()
      .notNull()
      .references(() => riskQuizVersions.id, { onDelete: 'restrict' }),
    riskNumber: smallint().notNull(),
    band: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('risk_quiz_results_id_version_uq').on(t.id, t.versionId),
    index('risk_quiz_results_user_idx').on(t.userId, t.createdAt),
    check('risk_quiz_results_risk_number', sql`${t.riskNumber} BETWEEN 0 AND 100`),
    check('risk_quiz_results_band', sql`${t.band} IN (10, 25, 35, 60, 100)`),
  ],
);

/** The option chosen for each question; the foreign keys keep both inside the result's version. */
export const riskQuizAnswers = pgTable(
  'risk_quiz_answers',
  {
    resultId: uuid().notNull(),
    versionId: uuid().notNull(),
    questionId: uuid().notNull(),
    optionId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.questionId] }),
    foreignKey({
      name: 'risk_quiz_answers_result_fk',
      columns: [t.resultId, t.versionId],
      foreignColumns: [riskQuizResults.id, riskQuizResults.versionId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'risk_quiz_answers_question_fk',
      columns: [t.versionId, t.questionId],
      foreignColumns: [riskQuizQuestions.versionId, riskQuizQuestions.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'risk_quiz_answers_option_fk',
      columns: [t.questionId, t.optionId],
      foreignColumns: [riskQuizOptions.questionId, riskQuizOptions.id],
    }).onDelete('restrict'),
  ],
);
