import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { loadRiskTexts, optionId, QUIZ_ID, questionId, quizFixture, resultFixture } from '../test-fixtures';
import RiskQuizCalcScreen from './risk-quiz-calc-screen';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadRiskTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fa');
});

interface Server {
  quiz?: () => Response;
  submit?: (body: unknown, n: number) => Response;
}

function server({
  quiz = () => jsonResponse(quizFixture()),
  submit = () => jsonResponse(resultFixture(), 201),
}: Server = {}) {
  let submits = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture());
    if (url === '/api/risk-quiz' && method === 'GET') return quiz();
    if (url === '/api/risk-quiz/results' && method === 'POST')
      return submit(JSON.parse(init?.body as string), ++submits);
    if (url === '/api/risk-quiz/results') return jsonResponse({ items: [] });
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const posts = () =>
  fetchMock.mock.calls.filter(([u, init]) => u === '/api/risk-quiz/results' && init?.method === 'POST');

function renderCalc(route = '/risk-quiz/calc') {
  return renderWithApp(
    <Routes>
      <Route path="/risk-quiz/calc" element={<RiskQuizCalcScreen />} />
      <Route path="/risk-quiz" element={<p>list page</p>} />
      <Route path="/fund/:id" element={<p>fund page</p>} />
    </Routes>,
    { route },
  );
}

async function start() {
  await userEvent.click(await screen.findByRole('button', { name: 'شروع' }));
}
const continueButton = () => screen.getByRole('button', { name: 'ادامه' });

describe('/risk-quiz/calc', { timeout: 60_000 }, () => {
  it('intro, one question per screen with "question X of Y", back keeps the answer, then the result', async () => {
    server();
    const { router } = renderCalc('/risk-quiz/calc?returnTo=%2Ffund%2Fgold');
    expect(await screen.findByRole('heading', { name: 'پیش از شروع' })).toBeTruthy();
    expect(screen.getByText('۳ پرسش، هر صفحه یک پرسش')).toBeTruthy();
    await start();

    expect(screen.getByText('پرسش ۱ از ۳')).toBeTruthy();
    const first = screen.getByRole('radiogroup', { name: 'افق سرمایه‌گذاری شما چقدر است؟' });
    // Continue without an answer: the rule, and no move.
    await userEvent.click(continueButton());
    expect(await screen.findByText('یکی از گزینه‌ها را انتخاب کنید.')).toBeTruthy();
    expect(screen.getByText('پرسش ۱ از ۳')).toBeTruthy();
    await userEvent.click(within(first).getByRole('radio', { name: 'بیش از پنج سال' }));
    expect(screen.queryByText('یکی از گزینه‌ها را انتخاب کنید.')).toBeNull();
    await userEvent.click(continueButton());

    expect(screen.getByText('پرسش ۲ از ۳')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'نگه می‌دارم' }));
    // Back shows the first question with its answer kept.
    await userEvent.click(screen.getByRole('button', { name: 'قبلی' }));
    expect(screen.getByText('پرسش ۱ از ۳')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'بیش از پنج سال' })).toHaveProperty('checked', true);
    await userEvent.click(continueButton());
    expect(screen.getByRole('radio', { name: 'نگه می‌دارم' })).toHaveProperty('checked', true);
    await userEvent.click(continueButton());

    expect(screen.getByText('پرسش ۳ از ۳')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'رمزارز' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره و محاسبه' }));

    const result = await screen.findByRole('status', { name: 'نتیجهٔ تست ریسک' });
    expect(within(result).getByText('۴۲')).toBeTruthy();
    expect(within(result).getByText('تیپ سرمایه‌گذاری شما: ریسک‌پذیر')).toBeTruthy();
    expect(within(result).getByText(/برای بازده بیشتر نوسان‌های بزرگ را می‌پذیرید/)).toBeTruthy();
    expect(posts()).toHaveLength(1);
    const [[, init]] = posts() as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({
      versionId: QUIZ_ID,
      answers: [
        { questionId: questionId(1), optionId: optionId(1, 3) },
        { questionId: questionId(2), optionId: optionId(2, 2) },
        { questionId: questionId(3), optionId: optionId(3, 3) },
      ],
    });
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);

    // Back to the fund page it came from.
    await userEvent.click(within(result).getByRole('link', { name: 'بازگشت به صفحهٔ قبل' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fund/gold'));
  });

  it('exit asks first: staying keeps the answers, leaving goes back without saving', async () => {
    server();
    const { router } = renderCalc();
    await start();
    await userEvent.click(screen.getByRole('radio', { name: 'یک تا پنج سال' }));
    await userEvent.click(screen.getByRole('button', { name: 'خروج از تست' }));
    const dialog = await screen.findByRole('dialog', { name: 'از تست خارج می‌شوید؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ادامهٔ تست' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'یک تا پنج سال' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'خروج از تست' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'از تست خارج می‌شوید؟' })).getByRole('button', {
        name: 'خروج',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk-quiz'));
    expect(posts()).toHaveLength(0);
  });

  it('a refused save shows the translated reason; a retry sends the same key', async () => {
    server({
      submit: (_b, n) =>
        n === 1 ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse(resultFixture(), 201),
    });
    renderCalc();
    await start();
    for (const name of ['کمتر از یک سال', 'همه را می‌فروشم', 'تجربه‌ای ندارم']) {
      await userEvent.click(screen.getByRole('radio', { name }));
      await userEvent.click(screen.getByRole('button', { name: /ادامه|ذخیره و محاسبه/ }));
    }
    expect(await screen.findByRole('alert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره و محاسبه' }));
    expect(await screen.findByRole('status', { name: 'نتیجهٔ تست ریسک' })).toBeTruthy();
    const keys = posts().map(([, i]) => (i!.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a quiz published meanwhile: says so and starts the new one from its first question', async () => {
    let version = 1;
    server({
      quiz: () =>
        jsonResponse(
          version === 1 ? quizFixture() : quizFixture({ id: '00000000-0000-4000-8000-00000000a002', number: 2 }),
        ),
      submit: () => {
        version = 2;
        return jsonResponse({ code: 'RISK_QUIZ_VERSION_OUTDATED', message: 'old' }, 409);
      },
    });
    renderCalc();
    await start();
    for (const name of ['کمتر از یک سال', 'همه را می‌فروشم', 'تجربه‌ای ندارم']) {
      await userEvent.click(screen.getByRole('radio', { name }));
      await userEvent.click(screen.getByRole('button', { name: /ادامه|ذخیره و محاسبه/ }));
    }
    expect(
      await screen.findByText('پرسش‌های تست به‌روز شده است؛ تست از ابتدا با پرسش‌های تازه شروع می‌شود.'),
    ).toBeTruthy();
    expect(screen.getByText('پرسش ۱ از ۳')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'کمتر از یک سال' })).toHaveProperty('checked', false);
  });

  it('loading, then an error with a retry', async () => {
    let n = 0;
    server({
      quiz: () => (++n === 1 ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse(quizFixture())),
    });
    renderCalc();
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('heading', { name: 'پیش از شروع' })).toBeTruthy();
  });

  it('reads in English, left to right, with the options in English', async () => {
    await i18next.changeLanguage('en');
    server();
    renderCalc();
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'More than five years' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
  });
});
