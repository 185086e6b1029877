import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@portal/contract/admin/admin';
import { asDesktop, renderConsole } from '@/test/console-render';
import { OPERATOR_A } from '@/test/proposal-fixture';
import { jsonResponse } from '@/test/render';

/*
 * The audit log through the console's real routes (issue 19): events by their translated names, their
 * details as labelled values (never raw JSON), filters by the user's mobile, one action or a group, and
 * a Jalali date range, all in the URL and sent to the server, paged.
 */

configure({ asyncUtilTimeout: 5000 });

const WITHDRAWAL_ID = '3c2b1a09-8f7e-4d6c-9b5a-493827161504';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  at: '2025-08-01T09:00:00.000Z',
  actorUserId: OPERATOR_A.id,
  actorMobile: OPERATOR_A.mobile,
  action: 'withdrawal.approved',
  subjectType: 'withdrawal',
  subjectId: WITHDRAWAL_ID,
  ip: '10.1.2.3',
  data: {
    amount: '1250000',
    sheba: 'IR820170000000123456781357',
    reason: null,
    userFrozen: true,
    note: 'تماس گرفته شد',
    changes: { fee: 2 },
    channels: ['sms', 'call'],
  },
  ...over,
});

const page = (items: AuditEntry[], total = items.length, p = 1) =>
  jsonResponse({ items, total, page: p, pageSize: 20 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The value beside a label in a details list (`dt`/`dd`). */
function valueOf(list: HTMLElement, label: string): HTMLElement {
  const dt = within(list)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT');
  if (!dt) throw new Error(`no ${label}`);
  return dt.nextElementSibling as HTMLElement;
}

describe('the audit log', { timeout: 30_000 }, () => {
  it('names each event and lists its details as labelled values, left to right, not JSON', async () => {
    asDesktop();
    renderConsole('/admin/audit', (path) => (path === '/api/admin/audit' ? page([entry()]) : undefined), OPERATOR_A);

    const table = await screen.findByRole('table', { name: 'گزارش رویدادها' }, { timeout: 10_000 });
    expect(within(table).getByText('تأیید برداشت')).toBeTruthy();
    expect(within(table).getByText('برداشت')).toBeTruthy(); // the subject's type, translated
    const details = table.querySelector('dl')!;
    expect(details.getAttribute('aria-label')).toBe('جزئیات');
    const amount = valueOf(details, 'مبلغ');
    expect(amount.textContent).toBe('۱۲۵۰۰۰۰');
    expect(amount.querySelector('[dir="ltr"]')).toBeTruthy();
    const sheba = valueOf(details, 'شبا');
    expect(sheba.textContent).toBe('IR۸۲ ۰۱۷۰ ۰۰۰۰ ۰۰۱۲ ۳۴۵۶ ۷۸۱۳ ۵۷');
    expect(sheba.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(valueOf(details, 'دلیل').textContent).toBe('ثبت نشده');
    expect(valueOf(details, 'حساب مسدود شد').textContent).toBe('بله');
    expect(valueOf(details, 'یادداشت').textContent).toBe('تماس گرفته شد');
    expect(valueOf(details, 'تغییرها › کارمزد').textContent).toBe('۲');
    expect(valueOf(details, 'کانال‌ها').textContent).toBe('sms, call');
    expect(table.textContent).not.toMatch(/[{}"]/);
  });

  it('shows the same details on a phone, and an unknown key or event as written', async () => {
    renderConsole(
      '/admin/audit',
      (path) =>
        path === '/api/admin/audit'
          ? page([
              entry({
                id: 'e0000000-0000-4000-8000-000000000002',
                action: 'legacy.renamed_event',
                data: { someKey: 'x-1' },
              }),
              entry(),
            ])
          : undefined,
      OPERATOR_A,
    );
    const list = await screen.findByRole('list', { name: 'گزارش رویدادها' }, { timeout: 10_000 });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('legacy.renamed_event')).toBeTruthy();
    expect(valueOf(cards[0]!, 'someKey').textContent).toBe('x-1');
    expect(within(cards[1]!).getByText('تأیید برداشت')).toBeTruthy();
    expect(valueOf(cards[1]!, 'مبلغ').textContent).toBe('۱۲۵۰۰۰۰');
  });

  it('filters by mobile, action and a Jalali date range, in the URL and the query, and pages', async () => {
    const { router, queries } = renderConsole(
      '/admin/audit',
      (path, _init, query) =>
        path === '/api/admin/audit' ? page([entry()], 45, Number(query.get('page') ?? '1')) : undefined,
      OPERATOR_A,
    );
    await screen.findByRole('list', { name: 'گزارش رویدادها' }, { timeout: 10_000 });

    await userEvent.type(screen.getByRole('textbox', { name: 'موبایل کاربر' }), '۰۹۱۲۱۱۱۲۲۳۳');
    const action = screen.getByRole('combobox', { name: 'رویداد' });
    // The choices are the contract's actions by their translated names, each group first.
    expect(within(action).getByRole('option', { name: 'احراز هویت (همه)' })).toBeTruthy();
    await userEvent.selectOptions(action, within(action).getByRole('option', { name: 'مسدود کردن حساب' }));
    const from = screen.getByRole('group', { name: 'از تاریخ (شمسی)' });
    await userEvent.type(within(from).getByRole('textbox', { name: 'سال' }), '۱۴۰۴');
    await userEvent.selectOptions(within(from).getByRole('combobox', { name: 'ماه' }), 'مرداد');
    await userEvent.type(within(from).getByRole('textbox', { name: 'روز' }), '10');
    const to = screen.getByRole('group', { name: 'تا تاریخ (شمسی)' });
    await userEvent.type(within(to).getByRole('textbox', { name: 'سال' }), '1404');
    await userEvent.selectOptions(within(to).getByRole('combobox', { name: 'ماه' }), 'مرداد');
    await userEvent.type(within(to).getByRole('textbox', { name: 'روز' }), '۲۰');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال فیلترها' }));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        mobile: '09121112233',
        action: 'admin.user_frozen',
        from: '2025-08-01',
        to: '2025-08-11',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(queries('/api/admin/audit').at(-1)!)).toEqual({
        mobile: '09121112233',
        action: 'admin.user_frozen',
        from: '2025-08-01',
        to: '2025-08-11',
        page: '1',
      }),
    );

    // Page 2 keeps the filters.
    await userEvent.click(await screen.findByRole('button', { name: 'رفتن به صفحهٔ ۲' }));
    await waitFor(() => expect(queries('/api/admin/audit').at(-1)!.get('page')).toBe('2'));
    expect(queries('/api/admin/audit').at(-1)!.get('mobile')).toBe('09121112233');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('fills the form from the URL, and refuses a bad mobile or a range that ends before it starts', async () => {
    const { router } = renderConsole(
      '/admin/audit?mobile=09121112233&action=kyc.&from=2025-08-11',
      (path) => (path === '/api/admin/audit' ? page([entry()]) : undefined),
      OPERATOR_A,
    );
    const mobile = await screen.findByRole('textbox', { name: 'موبایل کاربر' }, { timeout: 10_000 });
    expect((mobile as HTMLInputElement).value).toBe('۰۹۱۲۱۱۱۲۲۳۳'); // the interface's digits (issue 19)
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'رویداد' }).value).toBe('kyc.');
    const from = screen.getByRole('group', { name: 'از تاریخ (شمسی)' });
    expect(within(from).getByRole<HTMLInputElement>('textbox', { name: 'سال' }).value).toBe('۱۴۰۴');
    expect(within(from).getByRole<HTMLInputElement>('textbox', { name: 'روز' }).value).toBe('۲۰');

    const to = screen.getByRole('group', { name: 'تا تاریخ (شمسی)' });
    await userEvent.type(within(to).getByRole('textbox', { name: 'سال' }), '1404');
    await userEvent.selectOptions(within(to).getByRole('combobox', { name: 'ماه' }), 'مرداد');
    await userEvent.type(within(to).getByRole('textbox', { name: 'روز' }), '10');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال فیلترها' }));
    expect(await screen.findByText('«تا تاریخ» نباید پیش از «از تاریخ» باشد.')).toBeTruthy();
    expect(await screen.findByText('شمارهٔ موبایل معتبر نیست.')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('mobile')).toBe('09121112233');
  });

  it('says in words what the server refused in the address', async () => {
    renderConsole(
      '/admin/audit?from=2025-08-11&to=2025-08-01',
      (path) =>
        path === '/api/admin/audit'
          ? jsonResponse(
              {
                code: 'VALIDATION_FAILED',
                message: 'Invalid input',
                details: { issues: [{ path: 'querystring.to', rule: 'dateOrder' }] },
              },
              400,
            )
          : undefined,
      OPERATOR_A,
    );
    expect(await screen.findByText('«تا تاریخ» نباید پیش از «از تاریخ» باشد.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
