import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { fileNameOf, receiptUrl } from './download';
import { monthRange, statementFormSchema } from './statement-forms';
import { StatementsSection } from './statements-section';

/**
 * The statements section (issue 19, decision 042): a Jalali month or a range of days, PDF or CSV, the
 * file's language, downloaded with the session; the holdings certificate at a day; the period's rules
 * said in words before anything is asked, and the server's refusal said in words too.
 */
const fetchMock = vi.fn<typeof fetch>();
const createObjectURL = vi.fn(() => 'blob:statement');
const revokeObjectURL = vi.fn();
let clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  fetchMock.mockReset();
  clicked = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = (name: string, type = 'application/pdf') =>
  new Response(new Blob(['%PDF-1.3'], { type }), {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });
const calls = () => fetchMock.mock.calls.map(([u]) => u as string);

async function typeDate(legend: RegExp, year: string, month: string, day: string) {
  const group = screen.getByRole('group', { name: legend });
  const yearField = within(group).getByLabelText('سال');
  const dayField = within(group).getByLabelText('روز');
  await userEvent.clear(yearField);
  await userEvent.type(yearField, year);
  await userEvent.selectOptions(within(group).getByLabelText('ماه'), month);
  await userEvent.clear(dayField);
  await userEvent.type(dayField, day);
}

describe('the statement dialog', { timeout: 30_000 }, () => {
  it('downloads a Jalali month as the first..last Gregorian days, in the format and language chosen', async () => {
    fetchMock.mockResolvedValue(file('statement-2025-03-21_2025-04-20.csv', 'text/csv; charset=utf-8'));
    renderWithApp(<StatementsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'دریافت صورت‌حساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'دریافت صورت‌حساب' });

    const year = within(dialog).getByLabelText('سال');
    await userEvent.clear(year);
    await userEvent.type(year, '۱۴۰۴');
    await userEvent.selectOptions(within(dialog).getByLabelText('ماه'), 'فروردین');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'CSV (اکسل)' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'انگلیسی' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));

    // Farvardin 1404 is 21 March to 20 April 2025.
    await waitFor(() => expect(calls()).toEqual(['/api/statements?from=2025-03-21&to=2025-04-20&format=csv&lang=en']));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:statement', download: 'statement-2025-03-21_2025-04-20.csv' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a range: the end before the start is refused in words and nothing is asked; a valid range is PDF in Persian', async () => {
    fetchMock.mockResolvedValue(file('statement-2025-05-31_2025-06-10.pdf'));
    renderWithApp(<StatementsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'دریافت صورت‌حساب' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'بازهٔ دلخواه' }));

    await typeDate(/^از تاریخ/, '1404', 'خرداد', '20');
    await typeDate(/^تا تاریخ/, '1404', 'خرداد', '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));
    expect(await within(dialog).findByText('تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.')).toBeTruthy();
    expect(calls()).toEqual([]);

    await typeDate(/^از تاریخ/, '1404', 'خرداد', '10');
    await typeDate(/^تا تاریخ/, '1404', 'خرداد', '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));
    // 10..20 Khordad 1404 is 31 May..10 June 2025.
    await waitFor(() => expect(calls()).toEqual(['/api/statements?from=2025-05-31&to=2025-06-10&format=pdf&lang=fa']));
  });

  it('the server’s refusal is said in words and the dialog stays open', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'The period is not valid',
          details: { issues: [{ path: 'querystring.to', rule: 'dateRangeTooLong', params: { days: 366 } }] },
        },
        400,
      ),
    );
    renderWithApp(<StatementsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'دریافت صورت‌حساب' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('بازه حداکثر ۳۶۶ روز است.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});

describe('the holdings certificate dialog', { timeout: 30_000 }, () => {
  it('refuses a day after today, and downloads the certificate of the day chosen', async () => {
    fetchMock.mockResolvedValue(file('holdings-certificate-2025-03-21.pdf'));
    renderWithApp(<StatementsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'گواهی دارایی' }));
    const dialog = await screen.findByRole('dialog', { name: 'گواهی دارایی' });

    await typeDate(/^در تاریخ/, '1499', 'فروردین', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));
    expect(await within(dialog).findByText('تاریخ نمی‌تواند بعد از امروز باشد.')).toBeTruthy();
    expect(calls()).toEqual([]);

    await typeDate(/^در تاریخ/, '1404', 'فروردین', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'دریافت فایل' }));
    await waitFor(() => expect(calls()).toEqual(['/api/statements/holdings?date=2025-03-21&format=pdf&lang=fa']));
    await waitFor(() => expect(clicked.map((c) => c.download)).toEqual(['holdings-certificate-2025-03-21.pdf']));
  });
});

describe('the helpers', () => {
  it('months of the Persian calendar, the period rules, the file name and the receipt link', () => {
    expect(monthRange('persian', 1403, 12)).toEqual({ from: '2025-02-19', to: '2025-03-20' });
    expect(monthRange('persian', 1404, 1)).toEqual({ from: '2025-03-21', to: '2025-04-20' });
    expect(monthRange('gregory', 2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    const schema = statementFormSchema('gregory');
    const base = { mode: 'range', year: '', month: '', format: 'pdf', lang: 'en' } as const;
    const long = schema.safeParse({
      ...base,
      from: { year: '2024', month: '1', day: '1' },
      to: { year: '2025', month: '1', day: '1' },
    });
    expect(long.success ? null : long.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'dateRangeTooLong'],
    ]);
    expect(fileNameOf('attachment; filename="receipt-12.pdf"', 'x')).toBe('receipt-12.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
    expect(receiptUrl('1207', 'fa')).toBe('/api/transactions/1207/receipt?format=pdf&lang=fa');
  });
});
