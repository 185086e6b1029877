import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBasketOrder, AdminBasketOrderRow } from '@portal/contract/admin/baskets';
import { asDesktop } from '@/test/console-render';
import { jsonResponse } from '@/test/render';
import {
  ORDER_ID,
  OPERATOR_ID,
  OTHER_OPERATOR,
  USER,
  orderFixture,
  pageOf,
  renderDesk,
  rowFixture,
  vipOrderFixture,
  vipRowFixture,
} from './basket-desk.fixtures';
import BasketFailedPage from './failed-page';
import BasketOrderPage from './order-page';
import BasketOrdersPage from './orders-page';
import BasketVipPage from './vip-page';

configure({ asyncUtilTimeout: 5000 });

const orderPath = `/api/admin/basket-orders/${ORDER_ID}`;
const ME = {
  operatorId: OPERATOR_ID,
  mobile: '+989121000001',
  firstName: 'سارا',
  lastName: 'اپراتور',
  at: '2025-08-01T11:00:00.000Z',
};
const DECIDER = { id: OTHER_OPERATOR.operatorId, mobile: OTHER_OPERATOR.mobile, firstName: 'رضا', lastName: 'بازبین' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the basket desk: orders, failed generations, VIP queue', { timeout: 60_000 }, () => {
  it('lists every order, filters by status through the address, and pages', async () => {
    const { router, urls } = renderDesk(<BasketOrdersPage />, (path, _init, query) => {
      if (path !== '/api/admin/basket-orders') return undefined;
      if (query.get('status') === 'Cancelled') return pageOf([]);
      return jsonResponse({ items: [rowFixture()], total: 45, page: Number(query.get('page') ?? 1), pageSize: 20 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'سبدها: سفارش‌ها' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'سبدها: سفارش‌ها' });
    const [row] = within(list).getAllByTestId('basket-order-row');
    expect(within(row!).getByText('مریم احمدی')).toBeTruthy();
    expect(within(row!).getByText('۲٬۰۰۰ تتر')).toBeTruthy();
    expect(within(row!).getByText('ساخته‌شده')).toBeTruthy();
    expect(within(row!).getByText('ریسک ۳۵ – متعادل · بایننس، کوکوین · همهٔ بازارها')).toBeTruthy();
    expect(within(row!).getByRole('link').getAttribute('href')).toBe(`/admin/baskets/orders/${ORDER_ID}`);
    expect(screen.getByText('تعداد نتایج: ۴۵')).toBeTruthy();
    expect(urls('/api/admin/basket-orders')).toEqual(['/api/admin/basket-orders?page=1']);

    const pages = screen.getByRole('navigation', { name: 'صفحه‌بندی' });
    await userEvent.click(within(pages).getByRole('button', { name: 'رفتن به صفحهٔ ۲' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت سفارش' }));
    await userEvent.click(await screen.findByRole('option', { name: 'لغوشده' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Cancelled'));
    expect(await screen.findByText('سفارشی با این وضعیت نیست.')).toBeTruthy();
    expect(urls('/api/admin/basket-orders')).toEqual(
      expect.arrayContaining(['/api/admin/basket-orders?page=2', '/api/admin/basket-orders?status=Cancelled&page=1']),
    );
  });

  it('shows one user’s orders from the address, as a table on a desktop, and drops the user filter', async () => {
    asDesktop();
    const { router, urls } = renderDesk(
      <BasketOrdersPage />,
      (path) =>
        path === '/api/admin/basket-orders' ? pageOf([rowFixture({ status: 'InProgress', holding: null })]) : undefined,
      { route: `/admin/baskets?status=InProgress&userId=${USER.id}` },
    );
    const table = await screen.findByRole('table', { name: 'سبدها: سفارش‌ها' });
    expect(within(table).getByText('در حال ساخت')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'مشاهده' }).getAttribute('href')).toBe(
      `/admin/baskets/orders/${ORDER_ID}`,
    );
    expect(urls('/api/admin/basket-orders')).toEqual([
      `/api/admin/basket-orders?status=InProgress&userId=${USER.id}&page=1`,
    ]);
    const chip = screen.getByTestId('basket-orders-user-filter');
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=InProgress'));
  });

  it('says when there is no order yet, and shows a failed list with a way to try again', async () => {
    let failing = true;
    renderDesk(<BasketOrdersPage />, (path) =>
      path === '/api/admin/basket-orders'
        ? failing
          ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500)
          : pageOf([])
        : undefined,
    );
    const retry = await screen.findByRole('button', { name: 'تلاش دوباره' });
    expect(screen.getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('هنوز سفارش سبدی ثبت نشده است.')).toBeTruthy();
  });

  it('lists the failed generations with their reason', async () => {
    const { urls } = renderDesk(
      <BasketFailedPage />,
      (path) =>
        path === '/api/admin/basket-orders'
          ? pageOf([
              rowFixture({
                status: 'GenerationFailed',
                outcome: 'failed',
                failReason: 'volatility_target_unreachable',
                holding: null,
                fee: null,
              }),
            ])
          : undefined,
      { route: '/admin/baskets/failed' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'سبدها: ساخت‌های ناموفق' })).toBeTruthy();
    expect((await screen.findByTestId('basket-fail-reason')).textContent).toBe(
      'نوسان هدف این ریسک با این دارایی‌ها دست‌یافتنی نبود.',
    );
    expect(within(screen.getByTestId('basket-order-row')).getByTestId('basket-status').textContent).toBe('ساخت ناموفق');
    expect(urls('/api/admin/basket-orders')).toEqual(['/api/admin/basket-orders?status=GenerationFailed&page=1']);
  });

  it('lists the VIP queue with notes and approvals, and the decided ones with who decided', async () => {
    const { router, urls } = renderDesk(
      <BasketVipPage />,
      (path, _init, query) => {
        if (path !== '/api/admin/basket-vip') return undefined;
        return query.get('state') === 'decided'
          ? pageOf([
              vipRowFixture({
                status: 'PaymentPending',
                outcome: 'payment',
                decidedBy: DECIDER,
                decidedAt: '2025-08-01T11:00:00.000Z',
              }),
            ])
          : pageOf([vipRowFixture({ notesCount: 2, approvalsNeeded: 2, firstApproval: OTHER_OPERATOR })]);
      },
      { route: '/admin/baskets/vip' },
    );
    const list = await screen.findByRole('list', { name: 'سبدها: درخواست‌های ویژه' });
    const [row] = within(list).getAllByTestId('basket-order-row');
    expect(within(row!).getByText('۶۰٬۰۰۰ تتر')).toBeTruthy();
    expect(within(row!).getByText('۲ یادداشت')).toBeTruthy();
    expect(within(row!).getByText('تأیید ۱ از ۲')).toBeTruthy();
    expect(within(row!).getByText('درخواست ویژه در انتظار')).toBeTruthy();
    expect(urls('/api/admin/basket-vip')).toEqual(['/api/admin/basket-vip?state=open&page=1']);

    await userEvent.click(screen.getByRole('tab', { name: 'بررسی‌شده' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=decided'));
    expect(await screen.findByText('بررسی: رضا بازبین')).toBeTruthy();
    expect(screen.getByText('در انتظار پرداخت')).toBeTruthy();
  });
});

describe('the basket desk: one order', { timeout: 60_000 }, () => {
  it('shows a built order: summary, allocation with volatility, trades and ledger journals', async () => {
    renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path) =>
      path === orderPath ? jsonResponse(orderFixture()) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'سفارش سبد' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'خلاصه' });
    expect(within(summary).getByTestId('basket-order-amount').textContent).toBe('۲٬۰۰۰ تتر');
    expect(within(summary).getByText('۳۵ – متعادل')).toBeTruthy();
    expect(within(summary).getByText('۱۰ تتر (۰٫۵٪)')).toBeTruthy();

    const construction = screen.getByRole('region', { name: 'ترکیب سبد' });
    expect(within(construction).getByTestId('basket-construction-volatility').textContent).toBe('۳۵٪');
    const weights = within(construction).getByRole('table', { name: 'وزن دارایی‌ها' });
    expect(within(weights).getByText('BTC')).toBeTruthy();
    expect(within(weights).getByText('۳۰٪')).toBeTruthy();
    expect(within(weights).getByText('تتر')).toBeTruthy();

    const trades = screen.getByRole('region', { name: 'معاملات' });
    expect(within(trades).getByText('ساخت')).toBeTruthy();
    const [trade] = within(trades).getAllByTestId('basket-trade');
    expect(trade!.textContent).toContain('۰٫۰۱ BTC به ازای ۵۹۷ تتر');
    expect(trade!.textContent).toContain('کارمزد ۰٫۵۹۷ تتر');
    expect(within(trades).getByText('خرید')).toBeTruthy();

    const journals = screen.getByRole('region', { name: 'سندهای دفتر کل' });
    expect(within(journals).getAllByTestId('basket-journal')).toHaveLength(2);
    expect(within(journals).getByText('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')).toBeTruthy();
    expect(within(journals).getByText('پرداخت (مسدود)')).toBeTruthy();
    // Not a VIP request: no review, no decision.
    expect(screen.queryByRole('button', { name: 'پذیرش' })).toBeNull();
  });

  it('shows a failed generation’s reason and that the payment went back', async () => {
    renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path) =>
      path === orderPath
        ? jsonResponse(
            orderFixture({
              status: 'GenerationFailed',
              outcome: 'failed',
              failReason: 'buy_rejected',
              construction: null,
              holding: null,
              fee: null,
              lastError: 'binance: MIN_NOTIONAL',
            }),
          )
        : undefined,
    );
    const alert = await screen.findByTestId('basket-order-failed');
    expect(alert.textContent).toContain('صرافی یکی از خریدها را نپذیرفت');
    expect(alert.textContent).toContain('به کیف پول تتر کاربر برگشته است');
    expect(screen.getByText('binance: MIN_NOTIONAL')).toBeTruthy();
    expect(screen.getByText('سبد هنوز ساخته نشده است.')).toBeTruthy();
  });

  it('adds a contact note: the contract’s rules, then the note sent and listed', async () => {
    let notes: AdminBasketOrder['notes'] = [];
    const { sent } = renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path, init) => {
      if (path === `${orderPath}/notes` && init?.method === 'POST') {
        const note = {
          id: 'c0ffee00-0000-4000-8000-000000000001',
          text: (JSON.parse(init.body as string) as { text: string }).text,
          author: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
          createdAt: '2025-08-01T11:00:00.000Z',
        };
        notes = [note];
        return jsonResponse(note, 201);
      }
      if (path === orderPath) return jsonResponse(vipOrderFixture({ notes, notesCount: notes.length }));
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: 'یادداشت‌های تماس' });
    expect(within(panel).getByText('هنوز یادداشتی ثبت نشده است.')).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'افزودن یادداشت تماس' });
    await userEvent.click(within(form).getByRole('button', { name: 'ثبت یادداشت' }));
    expect(await within(form).findByText('دست‌کم ۲ نویسه بنویسید.')).toBeTruthy();
    expect(sent('POST', `${orderPath}/notes`)).toHaveLength(0);

    await userEvent.type(within(form).getByRole('textbox', { name: 'یادداشت' }), 'تماس گرفته شد؛ فردا پرداخت می‌کند.');
    await userEvent.click(within(form).getByRole('button', { name: 'ثبت یادداشت' }));
    await waitFor(() =>
      expect(sent('POST', `${orderPath}/notes`)).toEqual([{ text: 'تماس گرفته شد؛ فردا پرداخت می‌کند.' }]),
    );
    expect(await within(panel).findByText('تماس گرفته شد؛ فردا پرداخت می‌کند.')).toBeTruthy();
    expect(within(panel).getByText('سارا اپراتور')).toBeTruthy();
  });

  it('accepts a request above the bound as the first of two, then the same operator may not give the second', async () => {
    let first: typeof ME | null = null;
    const { sent } = renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path, init) => {
      if (path === `${orderPath}/accept` && init?.method === 'POST') {
        first = ME;
        return jsonResponse(vipRowFixture({ approvalsNeeded: 2, firstApproval: ME }));
      }
      if (path === orderPath) return jsonResponse(vipOrderFixture({ approvalsNeeded: 2, firstApproval: first }));
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'درخواست سبد ویژه' })).toBeTruthy();
    const review = screen.getByRole('region', { name: 'بررسی درخواست ویژه' });
    expect(within(review).getByText('دو اپراتور (مبلغ بیش از حد تعیین‌شده)')).toBeTruthy();
    expect(within(review).getByTestId('basket-vip-state').textContent).toBe('در انتظار تصمیم');
    // Unpaid: no allocation, trade or journal to show yet.
    expect(screen.queryByRole('region', { name: 'معاملات' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'پذیرش' }));
    const dialog = await screen.findByRole('dialog', { name: 'پذیرش درخواست ویژه' });
    expect(dialog.textContent).toContain('به پذیرش دو اپراتور نیاز دارد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پذیرفته شود' }));
    await waitFor(() => expect(sent('POST', `${orderPath}/accept`)).toHaveLength(1));
    expect(await screen.findByText('پذیرش نخست ثبت شد؛ درخواست در انتظار اپراتور دوم است.')).toBeTruthy();

    // The page now says who gave the first approval, and this operator’s Accept is off, saying why.
    expect(await screen.findByText(/تأیید نخست را شما در/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'پذیرش' })).toHaveProperty('disabled', true));
    const describedBy = screen.getByRole('button', { name: 'پذیرش' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('تأیید نخست را شما در');
    expect(within(review).getByText('در انتظار اپراتور دوم')).toBeTruthy();
  });

  it('gives the second approval after another operator’s first, then says who accepted', async () => {
    let accepted = false;
    renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path, init) => {
      const decided = {
        status: 'PaymentPending' as const,
        outcome: 'payment' as const,
        approvalsNeeded: 2,
        firstApproval: OTHER_OPERATOR,
        decidedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
        decidedAt: '2025-08-01T11:00:00.000Z',
      };
      if (path === `${orderPath}/accept` && init?.method === 'POST') {
        accepted = true;
        return jsonResponse(vipRowFixture(decided));
      }
      if (path === orderPath)
        return jsonResponse(
          vipOrderFixture(accepted ? decided : { approvalsNeeded: 2, firstApproval: OTHER_OPERATOR }),
        );
      return undefined;
    });
    expect(await screen.findByText(/تأیید نخست را رضا بازبین در/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'پذیرش' }));
    const dialog = await screen.findByRole('dialog', { name: 'پذیرش درخواست ویژه' });
    expect(dialog.textContent).toContain('سفارش ۶۰٬۰۰۰ تتر در انتظار پرداخت قرار می‌گیرد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پذیرفته شود' }));
    expect(await screen.findByText('درخواست پذیرفته شد؛ سرمایه‌گذار می‌تواند پرداخت کند.')).toBeTruthy();
    const review = await screen.findByRole('region', { name: 'بررسی درخواست ویژه' });
    await waitFor(() =>
      expect(within(review).getByTestId('basket-vip-state').textContent).toBe(
        'پذیرفته شد؛ سرمایه‌گذار می‌تواند پرداخت کند',
      ),
    );
    expect(within(review).getByTestId('basket-vip-first').textContent).toContain('رضا بازبین');
    expect(within(review).getByTestId('basket-vip-decided').textContent).toContain('سارا اپراتور');
    expect(screen.queryByRole('button', { name: 'پذیرش' })).toBeNull();
  });

  it('shows the server’s refusal of an acceptance in the dialog, translated', async () => {
    renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path, init) => {
      if (path === `${orderPath}/accept` && init?.method === 'POST')
        return jsonResponse({ code: 'SAME_OPERATOR', message: 'x' }, 403);
      if (path === orderPath) return jsonResponse(vipOrderFixture());
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'پذیرش' }));
    const dialog = await screen.findByRole('dialog', { name: 'پذیرش درخواست ویژه' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'پذیرفته شود' }));
    expect(
      await within(dialog).findByText(
        'این مورد را خودتان پیشنهاد یا تأیید کرده‌اید؛ اپراتور دیگری باید آن را تأیید کند.',
      ),
    ).toBeTruthy();
  });

  it('declines with a reason the investor reads (at least five characters)', async () => {
    let declined = false;
    const { sent } = renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path, init) => {
      const decided = {
        status: 'Cancelled' as const,
        outcome: 'cancelled' as const,
        declineReason: 'سرمایه‌گذار منصرف شد',
        decidedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
        decidedAt: '2025-08-01T11:00:00.000Z',
      };
      if (path === `${orderPath}/decline` && init?.method === 'POST') {
        declined = true;
        return jsonResponse(vipRowFixture(decided));
      }
      if (path === orderPath) return jsonResponse(vipOrderFixture(declined ? decided : {}));
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'رد' }));
    const dialog = await screen.findByRole('dialog', { name: 'رد درخواست ویژه' });
    const reason = within(dialog).getByRole('textbox', { name: /دلیل رد/ });
    await userEvent.type(reason, 'بد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    expect(await within(dialog).findByText('دست‌کم ۵ نویسه بنویسید.')).toBeTruthy();
    expect(sent('POST', `${orderPath}/decline`)).toHaveLength(0);
    await userEvent.clear(reason);
    await userEvent.type(reason, 'سرمایه‌گذار منصرف شد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    await waitFor(() => expect(sent('POST', `${orderPath}/decline`)).toEqual([{ reason: 'سرمایه‌گذار منصرف شد' }]));
    const review = await screen.findByRole('region', { name: 'بررسی درخواست ویژه' });
    await waitFor(() => expect(within(review).getByTestId('basket-vip-state').textContent).toBe('رد شد'));
    expect(within(review).getByText('سرمایه‌گذار منصرف شد')).toBeTruthy();
    expect(within(review).getByTestId('basket-vip-decided').textContent).toContain('سارا اپراتور');
  });

  it('keeps an operator off their own request, and shows a reading role no decision or note form', async () => {
    const own = (over: Partial<AdminBasketOrderRow> = {}) =>
      vipOrderFixture({ user: { ...USER, id: OPERATOR_ID }, ...over });
    const first = renderDesk(<BasketOrderPage orderId={ORDER_ID} />, (path) =>
      path === orderPath ? jsonResponse(own()) : undefined,
    );
    expect(await screen.findByTestId('basket-vip-own')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'پذیرش' })).toHaveProperty('disabled', true);
    first.unmount();
    vi.unstubAllGlobals();

    renderDesk(
      <BasketOrderPage orderId={ORDER_ID} />,
      (path) => (path === orderPath ? jsonResponse(vipOrderFixture()) : undefined),
      {
        role: 'operator',
      },
    );
    expect(await screen.findByRole('region', { name: 'یادداشت‌های تماس' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'پذیرش' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'افزودن یادداشت تماس' })).toBeNull();
  });
});
