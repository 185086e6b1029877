import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { loadRiskTexts, resultFixture } from '../test-fixtures';
import RiskQuizScreen from './risk-quiz-screen';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadRiskTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function server(results: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(accountFixture());
    if (url === '/api/risk-quiz/results') return results();
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('/risk-quiz', { timeout: 30_000 }, () => {
  it('with no tests: says so and offers to start, keeping the way back', async () => {
    server(() => jsonResponse({ items: [] }));
    renderWithApp(<RiskQuizScreen />, { route: '/risk-quiz?returnTo=%2Ffund%2Fabc' });
    expect(await screen.findByRole('heading', { name: 'هنوز تستی انجام نداده‌اید' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'شروع تست ریسک' }).getAttribute('href')).toBe(
      '/risk-quiz/calc?returnTo=%2Ffund%2Fabc',
    );
    expect(screen.getByRole('link', { name: 'بازگشت' }).getAttribute('href')).toBe('/fund/abc');
  });

  it('lists my results newest first, the latest large with its persona and sentence, in Persian digits', async () => {
    server(() =>
      jsonResponse({
        items: [
          resultFixture({ id: 'b', riskNumber: 42, band: 60, persona: 'high', takenAt: '2025-05-02T08:00:00.000Z' }),
          resultFixture({ id: 'a', riskNumber: 8, band: 10, persona: 'safe', versionNumber: 1 }),
        ],
      }),
    );
    renderWithApp(<RiskQuizScreen />, { route: '/risk-quiz' });
    const latest = await screen.findByRole('region', { name: 'آخرین نتیجه' });
    expect(within(latest).getByText('۴۲')).toBeTruthy();
    expect(within(latest).getByText('ریسک‌پذیر')).toBeTruthy();
    expect(within(latest).getByRole('meter').getAttribute('aria-valuenow')).toBe('42');
    expect(within(latest).getByText(/برای بازده بیشتر نوسان‌های بزرگ را می‌پذیرید/)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'تست‌های انجام‌شده' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.split('—')[0]?.trim())).toEqual(['عدد ریسک: ۴۲', 'عدد ریسک: ۸']);
    expect(screen.getByRole('link', { name: 'انجام دوبارهٔ تست' }).getAttribute('href')).toBe('/risk-quiz/calc');
    // No way back without `returnTo`; a foreign address is not one.
    expect(screen.queryByRole('link', { name: 'بازگشت' })).toBeNull();
  });

  it('refuses a returnTo outside the app', async () => {
    server(() => jsonResponse({ items: [] }));
    renderWithApp(<RiskQuizScreen />, { route: '/risk-quiz?returnTo=%2F%2Fevil.example' });
    expect((await screen.findByRole('link', { name: 'شروع تست ریسک' })).getAttribute('href')).toBe('/risk-quiz/calc');
    expect(screen.queryByRole('link', { name: 'بازگشت' })).toBeNull();
  });

  it('shows the error with a retry, and the list once it answers', async () => {
    let n = 0;
    server(() => (++n === 1 ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse({ items: [] })));
    renderWithApp(<RiskQuizScreen />, { route: '/risk-quiz' });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('heading', { name: 'هنوز تستی انجام نداده‌اید' })).toBeTruthy();
  });
});
