/**
 * Four-eyes fixtures of the risk quiz editor (issue 20, decision 045): reads, and the draft's writes and
 * publishing (one operator's record, about no user). Each fixture sets the draft as its request needs it,
 * so the order does not matter.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import type { TestApp } from '../../helpers/app';
import { get, post, type FourEyesFixtures } from './fixtures';

const text = (s: string) => ({ fa: s, en: s, ar: s });

/** A draft body inside every bound. */
export const RISK_QUIZ_DRAFT = {
  questions: [
    {
      text: text('How long will you invest?'),
      options: [
        { text: text('A year'), score: 0 },
        { text: text('Five years'), score: 4 },
      ],
    },
  ],
};

async function dropDraft(t: TestApp) {
  await t.database.db.execute(sql`DELETE FROM risk_quiz_versions WHERE status = 'draft'`);
}

async function ensureDraft(t: TestApp) {
  await t.database.db.execute(
    sql`INSERT INTO risk_quiz_versions (number, status)
        SELECT m.n, 'draft' FROM (SELECT COALESCE(max(number), 0) + 1 AS n FROM risk_quiz_versions) m
        WHERE NOT EXISTS (SELECT 1 FROM risk_quiz_versions WHERE status = 'draft')`,
  );
  const [draft] = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM risk_quiz_versions WHERE status = 'draft'`,
  );
  await t.database.db.execute(sql`DELETE FROM risk_quiz_questions WHERE version_id = ${draft!.id}`);
  await t.database.db.execute(
    sql`WITH q AS (INSERT INTO risk_quiz_questions (version_id, position, text)
          VALUES (${draft!.id}, 0, ${JSON.stringify(text('Q'))}::jsonb) RETURNING id)
        INSERT INTO risk_quiz_options (question_id, position, text, score)
        SELECT q.id, o.p, ${JSON.stringify(text('O'))}::jsonb, o.s FROM q, (VALUES (0, 0), (1, 3)) AS o(p, s)`,
  );
}

export const fixtures: FourEyesFixtures = {
  adminGetRiskQuizDesk: { valid: async () => get('/admin/risk-quiz') },
  adminGetRiskQuizVersion: {
    valid: async ({ t }) => {
      const [v] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM risk_quiz_versions WHERE status = 'published'`,
      );
      return get(`/admin/risk-quiz/versions/${v!.id}`);
    },
  },
  adminCreateRiskQuizDraft: {
    valid: async ({ t }) => {
      await dropDraft(t);
      return post('/admin/risk-quiz/draft');
    },
  },
  adminSaveRiskQuizDraft: {
    valid: async ({ t }) => {
      await ensureDraft(t);
      return { method: 'PATCH', url: '/admin/risk-quiz/draft', payload: RISK_QUIZ_DRAFT };
    },
  },
  adminDiscardRiskQuizDraft: {
    valid: async ({ t }) => {
      await ensureDraft(t);
      return { method: 'DELETE', url: '/admin/risk-quiz/draft' };
    },
  },
  adminPublishRiskQuizDraft: {
    valid: async ({ t }) => {
      await ensureDraft(t);
      return post('/admin/risk-quiz/draft/publish');
    },
  },
};
