import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRiskQuizDesk, AdminRiskQuizDetail } from '@portal/contract/admin/risk-quiz';
import { queryRows } from '../../src/db/client';
import { makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

/** Issue 20: the console's risk quiz editor — one draft, written whole, published by one senior operator, audited. */
let t: TestApp;
let senior: TestUser;
let operator: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  senior = await makeOperator(t, 'senior_operator');
  operator = await makeOperator(t, 'operator');
});
afterAll(async () => {
  await t.close();
});

const call = (u: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie: u.cookie }, ...(payload ? { payload } : {}) });
const text = (s: string) => ({ fa: `${s} فا`, en: s, ar: `${s} ع` });
const audits = async (action: string) =>
  queryRows<{ actor_user_id: string; data: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT actor_user_id, data FROM audit_log WHERE action = ${action} ORDER BY at`,
  );

describe('the risk quiz editor', () => {
  it('shows the published version 1 with its scores, and no draft', async () => {
    const res = await call(operator, 'GET', '/admin/risk-quiz');
    expect(res.statusCode).toBe(200);
    const desk = res.json<AdminRiskQuizDesk>();
    expect(desk.draft).toBeNull();
    expect(desk.published).toMatchObject({ number: 1, status: 'published', questionCount: 8 });
    expect(desk.published!.scoreRange).toEqual({ min: 0, max: 29 });
    expect(desk.versions.map((v) => v.number)).toEqual([1]);
  });

  it('an operator reads but may not write (quiz.manage is a senior operator’s)', async () => {
    expect((await call(operator, 'POST', '/admin/risk-quiz/draft')).json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('draft → edit → publish: a new version, the old one retired, each step audited', async () => {
    const created = await call(senior, 'POST', '/admin/risk-quiz/draft');
    expect(created.statusCode).toBe(201);
    const draft = created.json<AdminRiskQuizDetail>();
    expect(draft).toMatchObject({ number: 2, status: 'draft', questionCount: 8 });
    expect((await call(senior, 'POST', '/admin/risk-quiz/draft')).json()).toMatchObject({
      code: 'RISK_QUIZ_DRAFT_EXISTS',
    });

    // Reorder (the last question first), edit a score, drop two questions.
    const questions = draft.questions.map((q) => ({
      text: q.text,
      options: q.options.map((o) => ({ text: o.text, score: o.score })),
    }));
    const edited = [questions[7]!, ...questions.slice(0, 5)];
    edited[1]!.options[0]!.score = 1;
    edited.push({
      text: text('New question'),
      options: [
        { text: text('No'), score: 0 },
        { text: text('Yes'), score: 5 },
      ],
    });
    const saved = await call(senior, 'PATCH', '/admin/risk-quiz/draft', { questions: edited });
    expect(saved.statusCode).toBe(200);
    const after = saved.json<AdminRiskQuizDetail>();
    expect(after.questions.map((q) => q.text.en)).toEqual(edited.map((q) => q.text.en));
    expect(after.questions[1]!.options[0]!.score).toBe(1);

    const published = await call(senior, 'POST', '/admin/risk-quiz/draft/publish');
    expect(published.statusCode).toBe(200);
    expect(published.json<AdminRiskQuizDetail>()).toMatchObject({ number: 2, status: 'published' });
    const desk = (await call(operator, 'GET', '/admin/risk-quiz')).json<AdminRiskQuizDesk>();
    expect(desk.versions.map((v) => [v.number, v.status])).toEqual([
      [2, 'published'],
      [1, 'retired'],
    ]);
    expect(desk.published!.publishedBy).toBeTruthy();
    expect(desk.draft).toBeNull();
    const investorQuiz = await call(operator, 'GET', '/risk-quiz');
    expect(investorQuiz.json<{ number: number }>().number).toBe(2);

    for (const action of ['risk_quiz.draft_created', 'risk_quiz.draft_saved', 'risk_quiz.published']) {
      const rows = await audits(action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]!.actor_user_id).toBe(senior.userId);
    }
    expect((await audits('risk_quiz.published'))[0]!.data).toMatchObject({ number: 2, retired: 1 });

    // Version 1 stays readable as it was.
    const v1 = desk.versions.find((v) => v.number === 1)!;
    const old = (await call(operator, 'GET', `/admin/risk-quiz/versions/${v1.id}`)).json<AdminRiskQuizDetail>();
    expect(old.questions).toHaveLength(8);
  });

  it('bad drafts: a translated rule, nothing changed', async () => {
    expect((await call(senior, 'POST', '/admin/risk-quiz/draft')).statusCode).toBe(201);
    const cases: [object, string][] = [
      [{ questions: [] }, 'questionsMin'],
      [{ questions: [{ text: text('Q'), options: [{ text: text('a'), score: 1 }] }] }, 'optionsMin'],
      [
        {
          questions: [
            {
              text: text('Q'),
              options: [
                { text: text('a'), score: 1 },
                { text: text('b'), score: 11 },
              ],
            },
          ],
        },
        'scoreRange',
      ],
      [
        {
          questions: [
            {
              text: text('Q'),
              options: [
                { text: text('a'), score: 2 },
                { text: text('b'), score: 2 },
              ],
            },
          ],
        },
        'scoresFlat',
      ],
      [
        {
          questions: [
            {
              text: { fa: '', en: 'Q', ar: 'Q' },
              options: [
                { text: text('a'), score: 0 },
                { text: text('b'), score: 2 },
              ],
            },
          ],
        },
        'required',
      ],
    ];
    for (const [body, rule] of cases) {
      const res = await call(senior, 'PATCH', '/admin/risk-quiz/draft', body);
      expect(res.statusCode, rule).toBe(400);
      const issues = res.json<{ details: { issues: { rule: string }[] } }>().details.issues;
      expect(
        issues.map((i) => i.rule),
        rule,
      ).toContain(rule);
    }
    const desk = (await call(senior, 'GET', '/admin/risk-quiz')).json<AdminRiskQuizDesk>();
    expect(desk.draft!.questionCount).toBe(7);
    expect(await audits('risk_quiz.draft_saved')).toHaveLength(1);

    // Discarding it leaves the published version as it is.
    expect((await call(senior, 'DELETE', '/admin/risk-quiz/draft')).statusCode).toBe(200);
    expect((await call(senior, 'DELETE', '/admin/risk-quiz/draft')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call(senior, 'POST', '/admin/risk-quiz/draft/publish')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await audits('risk_quiz.draft_discarded')).toHaveLength(1);
  });
});
