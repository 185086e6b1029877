import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskQuiz, RiskResult } from '@portal/contract/baskets/risk-quiz';
import { riskNumberOf } from '@portal/contract/baskets/risk-quiz';
import { queryRows } from '../../src/db/client';
import { latestRiskResult } from '../../src/modules/risk-quiz/risk-quiz.repository';
import { makeInvestor, makeOperator, type TestUser } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

/** Issue 20: the investor's risk quiz — the published version, answer sets and their results. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: u.cookie } });
const submit = (u: TestUser, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/risk-quiz/results',
    headers: { cookie: u.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const quizOf = async (u: TestUser) => (await get(u, '/risk-quiz')).json<RiskQuiz>();
/** Answers every question with the option at `pick(i)` (0 = the first). */
const answersOf = (quiz: RiskQuiz, pick: (i: number) => number = () => 0) =>
  quiz.questions.map((q, i) => ({
    questionId: q.id,
    optionId: q.options[Math.min(pick(i), q.options.length - 1)]!.id,
  }));
const resultCount = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM risk_quiz_results WHERE user_id = ${userId}`,
    )
  )[0]!.n;

describe('the published quiz (migration 0020)', () => {
  it('has eight questions in Persian, English and Arabic, each with options, and no scores', async () => {
    const u = await makeInvestor(t);
    const res = await get(u, '/risk-quiz');
    expect(res.statusCode).toBe(200);
    const quiz = res.json<RiskQuiz>();
    expect(quiz.number).toBe(1);
    expect(quiz.questions).toHaveLength(8);
    for (const q of quiz.questions) {
      expect(q.text.fa && q.text.en && q.text.ar).toBeTruthy();
      expect(q.options.length).toBeGreaterThanOrEqual(3);
      for (const o of q.options) {
        expect(o.text.fa && o.text.en && o.text.ar).toBeTruthy();
        expect(o).not.toHaveProperty('score');
      }
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/risk-quiz' })).statusCode).toBe(401);
  });
});

describe('answering', () => {
  it('the most careful answers score 0 (safe), the boldest 100 (aggressive)', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const low = await submit(u, { versionId: quiz.id, answers: answersOf(quiz, () => 0) });
    expect(low.statusCode).toBe(201);
    expect(low.json<RiskResult>()).toMatchObject({ riskNumber: 0, band: 10, persona: 'safe', versionNumber: 1 });
    const high = await submit(u, { versionId: quiz.id, answers: answersOf(quiz, () => 99) });
    expect(high.json<RiskResult>()).toMatchObject({ riskNumber: 100, band: 100, persona: 'aggressive' });
  });

  it('a middle answer set falls in its band, and the answers are stored with the version', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const res = await submit(u, { versionId: quiz.id, answers: answersOf(quiz, (i) => (i % 2 ? 2 : 1)) });
    expect(res.statusCode).toBe(201);
    const r = res.json<RiskResult>();
    expect(r.riskNumber).toBeGreaterThan(25);
    expect(r.riskNumber).toBeLessThan(60);
    const rows = await queryRows<{ version_id: string; n: number }>(
      t.database.db,
      sql`SELECT version_id, count(*)::int AS n FROM risk_quiz_answers WHERE result_id = ${r.id} GROUP BY version_id`,
    );
    expect(rows).toEqual([{ version_id: quiz.id, n: 8 }]);
    expect(await latestRiskResult(t.database.db, u.userId)).toMatchObject({
      id: r.id,
      riskNumber: r.riskNumber,
      band: r.band,
    });
  });

  it('answers in any order give the same number', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const answers = answersOf(quiz, (i) => i % 3);
    const a = (await submit(u, { versionId: quiz.id, answers })).json<RiskResult>();
    const b = (await submit(u, { versionId: quiz.id, answers: [...answers].reverse() })).json<RiskResult>();
    expect(b.riskNumber).toBe(a.riskNumber);
  });
});

describe('bad answer sets: a translated error, nothing stored', () => {
  it('a question left unanswered: RISK_QUIZ_INCOMPLETE', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const res = await submit(u, { versionId: quiz.id, answers: answersOf(quiz).slice(1) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RISK_QUIZ_INCOMPLETE' });
    expect(await resultCount(u.userId)).toBe(0);
  });

  it('an option of another question, or of another version: RISK_QUIZ_ANSWER_INVALID', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const answers = answersOf(quiz);
    answers[0] = { questionId: answers[0]!.questionId, optionId: quiz.questions[1]!.options[0]!.id };
    const res = await submit(u, { versionId: quiz.id, answers });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RISK_QUIZ_ANSWER_INVALID' });
    const foreign = answersOf(quiz);
    foreign[2] = { questionId: foreign[2]!.questionId, optionId: randomUUID() };
    expect((await submit(u, { versionId: quiz.id, answers: foreign })).json()).toMatchObject({
      code: 'RISK_QUIZ_ANSWER_INVALID',
    });
    expect(await resultCount(u.userId)).toBe(0);
  });

  it('a question answered twice, or one not of the version: RISK_QUIZ_ANSWER_INVALID', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const twice = [...answersOf(quiz), answersOf(quiz, () => 1)[0]!];
    expect((await submit(u, { versionId: quiz.id, answers: twice })).json()).toMatchObject({
      code: 'RISK_QUIZ_ANSWER_INVALID',
    });
    const stranger = [...answersOf(quiz), { questionId: randomUUID(), optionId: randomUUID() }];
    expect((await submit(u, { versionId: quiz.id, answers: stranger })).json()).toMatchObject({
      code: 'RISK_QUIZ_ANSWER_INVALID',
    });
    expect(await resultCount(u.userId)).toBe(0);
  });

  it('an unknown version: RISK_QUIZ_VERSION_OUTDATED', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const res = await submit(u, { versionId: randomUUID(), answers: answersOf(quiz) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RISK_QUIZ_VERSION_OUTDATED' });
    expect(await resultCount(u.userId)).toBe(0);
  });

  it('malformed bodies and a missing idempotency key: VALIDATION_FAILED', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    for (const body of [{}, { versionId: 'x', answers: answersOf(quiz) }, { versionId: quiz.id, answers: [] }]) {
      const res = await submit(u, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await submit(u, { versionId: quiz.id, answers: answersOf(quiz) }, null)).statusCode).toBe(400);
    expect(await resultCount(u.userId)).toBe(0);
  });
});

describe('idempotency', () => {
  it('a replay with the same key answers the same result and stores one', async () => {
    const u = await makeInvestor(t);
    const quiz = await quizOf(u);
    const key = randomUUID();
    const body = { versionId: quiz.id, answers: answersOf(quiz, () => 1) };
    const first = await submit(u, body, key);
    const again = await submit(u, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<RiskResult>().id).toBe(first.json<RiskResult>().id);
    expect(await resultCount(u.userId)).toBe(1);
    const other = await submit(u, { versionId: quiz.id, answers: answersOf(quiz, () => 2) }, key);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await resultCount(u.userId)).toBe(1);
  });
});

describe('the list of results', () => {
  it('is empty before any, then newest first, and only mine', async () => {
    const u = await makeInvestor(t);
    const other = await makeInvestor(t);
    expect((await get(u, '/risk-quiz/results')).json()).toEqual({ items: [] });
    expect(await latestRiskResult(t.database.db, u.userId)).toBeNull();
    const quiz = await quizOf(u);
    const first = (await submit(u, { versionId: quiz.id, answers: answersOf(quiz, () => 0) })).json<RiskResult>();
    const second = (await submit(u, { versionId: quiz.id, answers: answersOf(quiz, () => 3) })).json<RiskResult>();
    await submit(other, { versionId: quiz.id, answers: answersOf(quiz) });
    const list = (await get(u, '/risk-quiz/results')).json<{ items: RiskResult[] }>().items;
    expect(list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await latestRiskResult(t.database.db, u.userId))?.id).toBe(second.id);
  });
});

describe('versions: an answer set keeps its version', () => {
  it('after a new version is published, old answers keep theirs and the old version is refused', async () => {
    const u = await makeInvestor(t);
    const op = await makeOperator(t, 'senior_operator');
    const v1 = await quizOf(u);
    const before = (await submit(u, { versionId: v1.id, answers: answersOf(v1, () => 1) })).json<RiskResult>();
    const call = (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api${url}`, headers: { cookie: op.cookie }, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/admin/risk-quiz/draft')).statusCode).toBe(201);
    const text = (s: string) => ({ fa: s, en: s, ar: s });
    const saved = await call('PATCH', '/admin/risk-quiz/draft', {
      questions: [
        {
          text: text('One'),
          options: [
            { text: text('a'), score: 0 },
            { text: text('b'), score: 2 },
          ],
        },
        {
          text: text('Two'),
          options: [
            { text: text('a'), score: 1 },
            { text: text('b'), score: 3 },
          ],
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('POST', '/admin/risk-quiz/draft/publish')).statusCode).toBe(200);
    try {
      const v2 = await quizOf(u);
      expect(v2.id).not.toBe(v1.id);
      expect(v2.questions).toHaveLength(2);
      // The answers to version 1 are refused now, and nothing is stored.
      const stale = await submit(u, { versionId: v1.id, answers: answersOf(v1) });
      expect(stale.json()).toMatchObject({ code: 'RISK_QUIZ_VERSION_OUTDATED' });
      // An option of version 1 sent with version 2: refused.
      const mixed = answersOf(v2);
      mixed[0] = { questionId: mixed[0]!.questionId, optionId: v1.questions[0]!.options[0]!.id };
      expect((await submit(u, { versionId: v2.id, answers: mixed })).json()).toMatchObject({
        code: 'RISK_QUIZ_ANSWER_INVALID',
      });
      const after = (await submit(u, { versionId: v2.id, answers: answersOf(v2, () => 1) })).json<RiskResult>();
      expect(after).toMatchObject({ versionNumber: 2, riskNumber: 100 });
      const list = (await get(u, '/risk-quiz/results')).json<{ items: RiskResult[] }>().items;
      expect(list.map((r) => [r.id, r.versionNumber])).toEqual([
        [after.id, 2],
        [before.id, 1],
      ]);
      // Version 1's questions can no longer change: the database refuses it.
      await expect(
        t.database.db.execute(sql`UPDATE risk_quiz_options SET score = 9 WHERE question_id = ${v1.questions[0]!.id}`),
      ).rejects.toThrow();
      await expect(
        t.database.db.execute(sql`DELETE FROM risk_quiz_questions WHERE version_id = ${v2.id}`),
      ).rejects.toThrow();
    } finally {
      // Give the other tests version 1 back.
      await t.database.db.execute(sql`UPDATE risk_quiz_versions SET status = 'retired' WHERE status = 'published'`);
      await t.database.db.execute(sql`UPDATE risk_quiz_versions SET status = 'published' WHERE id = ${v1.id}`);
    }
  });
});

describe('riskNumberOf', () => {
  it('is the share of the range between the lowest and highest totals', () => {
    expect(
      riskNumberOf(
        [
          [0, 4],
          [0, 2],
        ],
        [4, 2],
      ),
    ).toBe(100);
    expect(
      riskNumberOf(
        [
          [0, 4],
          [0, 2],
        ],
        [0, 0],
      ),
    ).toBe(0);
    expect(
      riskNumberOf(
        [
          [1, 3],
          [1, 3],
        ],
        [2, 2],
      ),
    ).toBe(50);
    expect(riskNumberOf([[2, 2]], [2])).toBe(0);
  });
});
