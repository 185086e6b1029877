import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { FUND_IDS, fundDetailFixture, loadFundsTexts } from '../test-fixtures';
import { ConsultationSection } from './consultation-section';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeAll(loadFundsTexts);
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** 13:30 in Tehran (UTC+3:30): the morning (9–12) is over, the noon period (12–17) is not. */
const AFTERNOON_IN_TEHRAN = new Date('2026-03-10T10:00:00Z');
/** 22:30 in Tehran: every period of today is over. */
const NIGHT_IN_TEHRAN = new Date('2026-03-10T19:00:00Z');
const consultationsUrl = `/api/funds/${FUND_IDS.gold}/consultations`;

function server(onPost: (body: unknown) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(accountFixture()));
    if (url === consultationsUrl && init?.method === 'POST')
      return Promise.resolve(onPost(JSON.parse(init.body as string)));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const view = (over: object = {}) => ({
  id: '60000000-0000-4000-8000-000000000001',
  fundId: FUND_IDS.gold,
  callDate: '2026-03-10',
  period: 'Noon',
  phone: '+989121234567',
  status: 'Open',
  createdAt: '2026-03-10T10:00:00.000Z',
  ...over,
});

describe('consultation request', { timeout: 30_000 }, () => {
  it('disables today’s periods that are over (Tehran time) and offers the rest with their hours', async () => {
    server(() => jsonResponse(view(), 201));
    renderWithApp(<ConsultationSection fund={fundDetailFixture()} now={AFTERNOON_IN_TEHRAN} />);
    const periods = await screen.findByRole('group', { name: 'زمان' }, FIRST_PAINT);
    const morning = within(periods).getByRole('radio', { name: /صبح \(۹ تا ۱۲\)/ });
    expect(morning.hasAttribute('disabled')).toBe(true);
    expect(within(periods).getByText('برای امروز گذشته است')).toBeTruthy();
    expect(within(periods).getByRole('radio', { name: 'ظهر (۱۲ تا ۱۷)' }).hasAttribute('disabled')).toBe(false);
    expect(within(periods).getByRole('radio', { name: 'عصر (۱۷ تا ۲۰)' }).hasAttribute('disabled')).toBe(false);
    expect(within(periods).getByRole('radio', { name: 'شب (۱۹ تا ۲۲)' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'امروز' }).checked).toBe(true);

    // Tomorrow, every period is open.
    await userEvent.click(screen.getByRole('radio', { name: 'فردا' }));
    expect(within(periods).getByRole('radio', { name: /صبح/ }).hasAttribute('disabled')).toBe(false);
  });

  it('offers only tomorrow once every period of today is over', async () => {
    server(() => jsonResponse(view(), 201));
    renderWithApp(<ConsultationSection fund={fundDetailFixture()} now={NIGHT_IN_TEHRAN} />);
    const today = await screen.findByRole('radio', { name: 'امروز' }, FIRST_PAINT);
    expect(today.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'فردا' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /شب/ }).hasAttribute('disabled')).toBe(false);
  });

  it('prefills the account’s number, checks the fields, and sends the request', async () => {
    const posted: unknown[] = [];
    server((body) => {
      posted.push(body);
      return jsonResponse(view(), 201);
    });
    renderWithApp(<ConsultationSection fund={fundDetailFixture()} now={AFTERNOON_IN_TEHRAN} />);
    const phone = await screen.findByRole('textbox', { name: 'شمارهٔ تماس' }, FIRST_PAINT);
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('۰۹۱۲۱۲۳۴۵۶۷'));

    // A wrong number, and no period: both explained, nothing sent.
    await userEvent.clear(phone);
    await userEvent.type(phone, '۰۹۱۲');
    await userEvent.tab();
    expect(await screen.findByText('شمارهٔ موبایل معتبر نیست.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ثبت درخواست تماس' }));
    expect(await screen.findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(posted).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '۰۹۱۲۱۲۳۴۵۶۷');
    await userEvent.click(screen.getByRole('radio', { name: 'ظهر (۱۲ تا ۱۷)' }));
    await userEvent.click(screen.getByRole('button', { name: 'ثبت درخواست تماس' }));
    await waitFor(() => expect(posted).toEqual([{ day: 'Today', period: 'Noon', phone: '+989121234567' }]));
    expect(await screen.findByText('درخواست ثبت شد')).toBeTruthy();
    expect(screen.getByText(/مشاور .+، ظهر \(۱۲ تا ۱۷\)، با شمارهٔ ۰۹۱۲۱۲۳۴۵۶۷ تماس می‌گیرد\./)).toBeTruthy();
  });

  it('translates the server’s refusals', async () => {
    server(() => jsonResponse({ code: 'CONSULTATION_ALREADY_REQUESTED', message: 'exists' }, 409));
    renderWithApp(<ConsultationSection fund={fundDetailFixture()} now={AFTERNOON_IN_TEHRAN} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'ظهر (۱۲ تا ۱۷)' }, FIRST_PAINT));
    const phone = screen.getByRole('textbox', { name: 'شمارهٔ تماس' });
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('۰۹۱۲۱۲۳۴۵۶۷'));
    await userEvent.click(screen.getByRole('button', { name: 'ثبت درخواست تماس' }));
    expect((await screen.findByRole('alert')).textContent).toBe('برای این صندوق در آن روز از قبل درخواست تماس دارید.');
  });
});
