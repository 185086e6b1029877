import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminRiskQuizDesk, AdminRiskQuizDetail } from '@portal/contract/admin/risk-quiz';
import { ROLE_PERMISSIONS, type Role } from '@portal/contract/admin/roles';
import ar from '@/locales/ar/risk.json';
import en from '@/locales/en/risk.json';
import fa from '@/locales/fa/risk.json';
import { jsonResponse, renderWithApp } from '@/test/render';
import { OperatorProvider } from '../shell/operator';
import RiskQuizPage from './risk-quiz-page';

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => {
  for (const [lng, texts] of [
    ['fa', fa],
    ['ar', ar],
    ['en', en],
  ] as const)
    i18next.addResourceBundle(lng, 'risk', texts, true, true);
});
afterEach(() => vi.unstubAllGlobals());

const OPERATOR_ID = '11111111-2222-4333-8444-555555555555';
const text = (s: string) => ({ fa: `${s} فا`, en: s, ar: `${s} ع` });

function versionFixture(over: Partial<AdminRiskQuizDetail> = {}): AdminRiskQuizDetail {
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    number: 1,
    status: 'published',
    createdAt: '2025-05-01T08:00:00.000Z',
    publishedAt: '2025-05-01T08:00:00.000Z',
    publishedBy: 'مریم اپراتور',
    questionCount: 2,
    answerCount: 12,
    questions: [
      {
        id: 'q1',
        text: text('Horizon'),
        options: [
          { id: 'o11', text: text('Short'), score: 0 },
          { id: 'o12', text: text('Long'), score: 4 },
        ],
      },
      {
        id: 'q2',
        text: text('Fall'),
        options: [
          { id: 'o21', text: text('Sell'), score: 0 },
          { id: 'o22', text: text('Hold'), score: 3 },
        ],
      },
    ],
    scoreRange: { min: 0, max: 7 },
    ...over,
  };
}
const draftFixture = (over: Partial<AdminRiskQuizDetail> = {}) =>
  versionFixture({
    id: '00000000-0000-4000-8000-00000000a002',
    number: 2,
    status: 'draft',
    publishedAt: null,
    publishedBy: null,
    answerCount: 0,
    ...over,
  });

type Handler = (path: string, init: RequestInit | undefined) => Response | undefined;

function render(handler: Handler, role: Role = 'senior_operator') {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input as string, 'http://x');
    return handler(url.pathname, init) ?? jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithApp(
    <OperatorProvider
      operator={{
        id: OPERATOR_ID,
        role,
        permissions: [...ROLE_PERMISSIONS[role]],
        firstName: 'مریم',
        lastName: 'اپراتور',
      }}
    >
      <RiskQuizPage />
    </OperatorProvider>,
    { route: '/admin/risk-quiz' },
  );
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, i]) => (u as string) === path && (i?.method ?? 'GET') === method)
      .map(([, i]) => (i?.body ? (JSON.parse(i.body as string) as unknown) : undefined));
  return { sent };
}

const deskOf = (draft: AdminRiskQuizDetail | null): AdminRiskQuizDesk => ({
  versions: [...(draft ? [draft] : []), versionFixture()],
  published: versionFixture(),
  draft,
});

describe('/admin/risk-quiz', { timeout: 120_000 }, () => {
  it('shows the published version with its scores and every version; without a draft, starts one', async () => {
    let draft: AdminRiskQuizDetail | null = null;
    const { sent } = render((path, init) => {
      if (path === '/api/admin/risk-quiz') return jsonResponse(deskOf(draft));
      if (path === '/api/admin/risk-quiz/draft' && init?.method === 'POST') {
        draft = draftFixture();
        return jsonResponse(draft, 201);
      }
      return undefined;
    });
    const published = await screen.findByRole('region', { name: 'نسخهٔ منتشرشده — نسخهٔ ۱' });
    expect(within(published).getByText('Horizon فا')).toBeTruthy();
    expect(within(published).getByText('Long فا — امتیاز: ۴')).toBeTruthy();
    expect(within(published).getByText(/۱۲ پاسخ/)).toBeTruthy();
    const versions = screen.getByRole('region', { name: 'نسخه‌ها' });
    expect(within(versions).getByText('منتشرشده')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ساخت پیش‌نویس' }));
    expect(await screen.findByRole('region', { name: 'پیش‌نویس — نسخهٔ ۲' })).toBeTruthy();
    expect(sent('POST', '/api/admin/risk-quiz/draft')).toHaveLength(1);
  });

  it('edits the draft (text, score, a new option, reorder), saves it whole, then publishes after asking', async () => {
    let draft = draftFixture();
    let published = false;
    const { sent } = render((path, init) => {
      if (path === '/api/admin/risk-quiz') return jsonResponse(deskOf(published ? null : draft));
      if (path === '/api/admin/risk-quiz/draft' && init?.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as { questions: AdminRiskQuizDetail['questions'] };
        draft = draftFixture({
          questions: body.questions.map((q, i) => ({
            id: `n${i}`,
            text: q.text,
            options: q.options.map((o, j) => ({ ...o, id: `n${i}${j}` })),
          })),
        });
        return jsonResponse(draft);
      }
      if (path === '/api/admin/risk-quiz/draft/publish' && init?.method === 'POST') {
        published = true;
        return jsonResponse({ ...draft, status: 'published' });
      }
      return undefined;
    });
    const editor = await screen.findByRole('region', { name: 'پیش‌نویس — نسخهٔ ۲' });
    const first = within(editor).getByRole('group', { name: 'پرسش ۱' });
    const faText = within(first).getAllByLabelText('متن پرسش (فارسی)')[0]!;
    await userEvent.clear(faText);
    await userEvent.type(faText, 'افق زمانی شما؟');
    const score = within(first).getAllByLabelText('امتیاز')[1]!;
    await userEvent.clear(score);
    await userEvent.type(score, '۶');
    // Publishing waits for the changes to be saved.
    expect(within(editor).getByRole('button', { name: 'انتشار به‌عنوان نسخهٔ تازه' })).toHaveProperty('disabled', true);
    await userEvent.click(within(first).getByRole('button', { name: 'افزودن گزینه' }));
    const third = within(first).getByRole('group', { name: 'گزینهٔ ۳' });
    for (const [label, value] of [
      ['متن گزینه (فارسی)', 'متوسط'],
      ['متن گزینه (انگلیسی)', 'Medium'],
      ['متن گزینه (عربی)', 'متوسط'],
    ] as const)
      await userEvent.type(within(third).getByLabelText(label), value);
    await userEvent.clear(within(third).getByLabelText('امتیاز'));
    await userEvent.type(within(third).getByLabelText('امتیاز'), '2');
    await userEvent.click(within(editor).getByRole('button', { name: 'پایین آوردن پرسش ۱' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'ذخیرهٔ پیش‌نویس' }));

    await waitFor(() => expect(sent('PATCH', '/api/admin/risk-quiz/draft')).toHaveLength(1));
    expect(sent('PATCH', '/api/admin/risk-quiz/draft')[0]).toEqual({
      questions: [
        {
          text: text('Fall'),
          options: [
            { text: text('Sell'), score: 0 },
            { text: text('Hold'), score: 3 },
          ],
        },
        {
          text: { fa: 'افق زمانی شما؟', en: 'Horizon', ar: 'Horizon ع' },
          options: [
            { text: text('Short'), score: 0 },
            { text: text('Long'), score: 6 },
            { text: { fa: 'متوسط', en: 'Medium', ar: 'متوسط' }, score: 2 },
          ],
        },
      ],
    });
    expect(await screen.findByText('پیش‌نویس ذخیره شد.')).toBeTruthy();
    const publish = await within(editor).findByRole('button', { name: 'انتشار به‌عنوان نسخهٔ تازه' });
    await waitFor(() => expect(publish).toHaveProperty('disabled', false));
    await userEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'نسخهٔ ۲ منتشر شود؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'انتشار به‌عنوان نسخهٔ تازه' }));
    expect(await screen.findByText('نسخهٔ ۲ منتشر شد.')).toBeTruthy();
    expect(sent('POST', '/api/admin/risk-quiz/draft/publish')).toHaveLength(1);
  });

  it('refuses to save an empty text or a question whose options all score the same, saying why', async () => {
    const { sent } = render((path) =>
      path === '/api/admin/risk-quiz'
        ? jsonResponse(
            deskOf(
              draftFixture({
                questions: [
                  {
                    id: 'q1',
                    text: text('Only'),
                    options: [
                      { id: 'a', text: text('A'), score: 1 },
                      { id: 'b', text: text('B'), score: 1 },
                    ],
                  },
                ],
              }),
            ),
          )
        : undefined,
    );
    const editor = await screen.findByRole('region', { name: 'پیش‌نویس — نسخهٔ ۲' });
    await userEvent.click(within(editor).getByRole('button', { name: 'ذخیرهٔ پیش‌نویس' }));
    expect(
      await within(editor).findByText(
        'امتیاز گزینه‌های دست‌کم یک پرسش باید با هم فرق کند؛ وگرنه همه یک نتیجه می‌گیرند.',
      ),
    ).toBeTruthy();
    await userEvent.clear(within(editor).getAllByLabelText('متن پرسش (انگلیسی)')[0]!);
    expect(await within(editor).findByText('این متن را در هر سه زبان بنویسید.')).toBeTruthy();
    expect(sent('PATCH', '/api/admin/risk-quiz/draft')).toHaveLength(0);
  });

  it('an operator without quiz.manage reads the versions and changes nothing', async () => {
    render((path) => (path === '/api/admin/risk-quiz' ? jsonResponse(deskOf(draftFixture())) : undefined), 'operator');
    expect(await screen.findByRole('region', { name: 'نسخهٔ منتشرشده — نسخهٔ ۱' })).toBeTruthy();
    expect(
      screen.getByText('فقط کاربران با دسترسی مدیریت تست ریسک می‌توانند پیش‌نویس بسازند و منتشر کنند.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ساخت پیش‌نویس' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'پیش‌نویس — نسخهٔ ۲' })).toBeNull();
  });
});
