import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal, ProposalEffect } from '@portal/contract/admin/proposals';
import { approvableProposal, asDesktop, renderConsole } from '@/test/console-render';
import {
  FUND_ID,
  navProposalFixture,
  OPERATOR_A,
  OPERATOR_B,
  OPERATOR_HOLDER,
  PROPOSAL_ID,
} from '@/test/proposal-fixture';
import { jsonResponse } from '@/test/render';

/*
 * The proposals desk (issue 15) through the real routes: the queue, a proposal with its effect (every
 * holder's value before → after, operators marked and counted), and the four-eyes rules as the console
 * shows them: the proposer cannot approve, a second operator can, the server's refusals are translated.
 * The server is a fetch double that records what was sent.
 */

configure({ asyncUtilTimeout: 5000 });

const page = (items: Proposal[]) => jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });
const detailPath = `/api/admin/proposals/${PROPOSAL_ID}`;
const approvePath = `/api/admin/proposals/${PROPOSAL_ID}/approve`;
const rejectPath = `/api/admin/proposals/${PROPOSAL_ID}/reject`;

describe('the proposals desk', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists pending proposals with their effect, and opens one: every holder’s value before → after, operators marked', async () => {
    const { router, queries } = renderConsole(
      '/admin/proposals',
      (path) => {
        if (path === '/api/admin/proposals') return page([navProposalFixture()]);
        if (path === detailPath) return jsonResponse(navProposalFixture());
        return undefined;
      },
      OPERATOR_B,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'پیشنهادها' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'در انتظار تأیید', selected: true })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'پیشنهادها' });
    const [row] = within(list).getAllByTestId('proposal-row');
    expect(within(row!).getByText('اصلاح NAV')).toBeTruthy();
    expect(within(row!).getByText('صندوق طلای نمونه')).toBeTruthy();
    expect(within(row!).getByText('تغییر')).toBeTruthy();
    expect(within(row!).getByText('\u200e+۵٪')).toBeTruthy();
    expect(within(row!).getByText('دارندگان: ۳')).toBeTruthy();
    expect(within(row!).getByText('اپراتورها: ۱')).toBeTruthy();
    expect(within(row!).getByText(/^پیشنهاد سارا اپراتور، /)).toBeTruthy();
    expect(queries('/api/admin/proposals')[0]!.get('status')).toBe('Pending');

    await userEvent.click(within(row!).getByRole('link'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'اصلاح NAV – صندوق طلای نمونه' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/proposals/${PROPOSAL_ID}`);
    const effect = screen.getByRole('region', { name: 'اثر تأیید' });
    expect(within(effect).getByText('۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(effect).getByText('۱۲۶٬۰۰۰ تومان')).toBeTruthy();
    // Signed, in Persian digits (Intl marks the sign left-to-right).
    expect(within(effect).getByTestId('proposal-nav-change').textContent).toBe('\u200e+۵٪');
    expect(within(effect).getByTestId('proposal-operator-holders').textContent).toBe('۱ اپراتور');

    // Operators first, marked; each holder's value before → after in Persian digits.
    const holders = within(effect).getAllByRole('listitem');
    expect(holders).toHaveLength(3);
    expect(within(holders[0]!).getByText('کامران صادقی')).toBeTruthy();
    expect(within(holders[0]!).getByText('اپراتور')).toBeTruthy();
    expect(within(holders[0]!).getByText('۲۴۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(holders[0]!).getByText('۲۵۲٬۰۰۰ تومان')).toBeTruthy();
    expect(within(holders[1]!).getByText('علی رضایی')).toBeTruthy();
    expect(within(holders[1]!).queryByText('اپراتور')).toBeNull();
    expect(within(holders[1]!).getByText('۱٬۲۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(holders[1]!).getByText('۱٬۲۶۰٬۰۰۰ تومان')).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'خلاصهٔ پیشنهاد' });
    expect(within(summary).getByText('خطا در ورود قیمت طلا')).toBeTruthy();
    expect(within(summary).getByText('در انتظار اپراتور دوم')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'صندوق طلای نمونه' }).getAttribute('href')).toBe(
      `/admin/funds/${FUND_ID}`,
    );
  });

  it('shows the holders as a table on a desktop, the operator first', async () => {
    asDesktop();
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => (path === detailPath ? jsonResponse(navProposalFixture()) : undefined),
      OPERATOR_B,
    );
    const table = await screen.findByRole('table', { name: 'دارندگان و اثر بر هر یک' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('کامران صادقی')).toBeTruthy();
    expect(within(rows[1]!).getByText('اپراتور')).toBeTruthy();
    expect(within(rows[1]!).getByText('۲')).toBeTruthy();
    expect(within(rows[3]!).getByText('مریم احمدی')).toBeTruthy();
    expect(within(rows[3]!).getByText('۳٬۶۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(rows[3]!).getByText('۳٬۷۸۰٬۰۰۰ تومان')).toBeTruthy();
  });

  it('shows a dividend’s share of each holder, and a terms change field by field', async () => {
    asDesktop();
    const nav = navProposalFixture().effect as Extract<ProposalEffect, { kind: 'nav_publish' | 'nav_correction' }>;
    const dividend = navProposalFixture({
      kind: 'dividend',
      payload: { kind: 'dividend', perUnit: '1500' },
      effect: {
        kind: 'dividend',
        currency: 'IRT',
        holdersCount: 3,
        total: '63000',
        operatorHolders: 1,
        holders: nav.holders.map((h) => ({
          ...h,
          valueBefore: '0',
          valueAfter: String(Number(h.units) * 1500),
        })),
      },
    });
    const termsId = '6f5e4d3c-2b1a-4098-8f7e-6d5c4b3a2918';
    const terms = navProposalFixture({
      id: termsId,
      kind: 'fund_terms',
      payload: { kind: 'fund_terms', buyingPaused: true },
      effect: { kind: 'fund_terms', before: { buyingPaused: false }, after: { buyingPaused: true }, holdersCount: 3 },
    });
    const { router } = renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => {
        if (path === detailPath) return jsonResponse(dividend);
        if (path === `/api/admin/proposals/${termsId}`) return jsonResponse(terms);
        return undefined;
      },
      OPERATOR_B,
    );
    const table = await screen.findByRole('table', { name: 'دارندگان و اثر بر هر یک' }, { timeout: 10_000 });
    expect(within(table).getByRole('columnheader', { name: 'دریافتی' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('کامران صادقی')).toBeTruthy();
    expect(within(rows[1]!).getByText('۳٬۰۰۰ تومان')).toBeTruthy();
    expect(within(rows[3]!).getByText('۴۵٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.getByText('۶۳٬۰۰۰ تومان')).toBeTruthy();

    await router.navigate(`/admin/proposals/${termsId}`);
    const change = await screen.findByRole('table', { name: 'شرایط صندوق: اکنون و پیشنهادی' });
    const row = within(change).getByRole('row', { name: /خرید/ });
    expect(within(row).getByText('فعال')).toBeTruthy();
    expect(within(row).getByText('متوقف')).toBeTruthy();
    expect(screen.getByText('دارندگانی که این تغییر بر آن‌ها اثر دارد: ۳')).toBeTruthy();
  });

  it('shows the tether market’s settings before → after; approving applies them and links to the tether desk', async () => {
    asDesktop();
    const before = {
      spreadBps: 50,
      feeBps: 25,
      quoteTtlSeconds: 20,
      minTradeToman: '100000',
      dailyLimitToman: { '1': '200000000', '2': '2000000000' },
    };
    const after = { ...before, spreadBps: 100, dailyLimitToman: { '1': '300000000', '2': '2000000000' } };
    const tether = (over: Partial<Proposal> = {}): Proposal =>
      navProposalFixture({
        kind: 'tether_settings',
        fund: null,
        payload: { kind: 'tether_settings', ...after },
        effect: { kind: 'tether_settings', before, after, paused: true },
        ...over,
      });
    const proposal = approvableProposal(tether);
    const { sent } = renderConsole(
      '/admin/proposals',
      (path, init) => (path === '/api/admin/proposals' ? page([tether()]) : proposal(path, init)),
      OPERATOR_B,
    );
    const list = await screen.findByRole('table', { name: 'پیشنهادها' }, { timeout: 10_000 });
    const [row] = within(list).getAllByTestId('proposal-row');
    expect(within(row!).getByText('تنظیمات بازار تتر')).toBeTruthy();
    expect(within(row!).getByText('۲ مورد تغییر')).toBeTruthy();

    await userEvent.click(within(row!).getByRole('link'));
    const change = await screen.findByRole('table', { name: 'تنظیمات بازار تتر: اکنون و پیشنهادی' });
    const spread = within(change).getByRole('row', { name: /اسپرد/ });
    expect(within(spread).getByText('۰٫۵٪')).toBeTruthy();
    expect(within(spread).getByText('۱٪')).toBeTruthy();
    expect(spread.getAttribute('data-changed')).toBe('true');
    const limit = within(change).getByRole('row', { name: /سقف روزانهٔ سطح یک/ });
    expect(within(limit).getByText('۲۰۰٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(limit).getByText('۳۰۰٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(
      within(change)
        .getByRole('row', { name: /کارمزد/ })
        .getAttribute('data-changed'),
    ).toBeNull();
    expect(screen.getByText('معاملات اکنون متوقف است؛ تنظیمات تازه با ازسرگیری معاملات به کار می‌رود.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'این پیشنهاد تأیید و اجرا شود؟' });
    expect(within(dialog).getByText(/تنظیمات تازهٔ بازار تتر \(اسپرد ۱٪، کارمزد ۰٫۲۵٪\)/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید و اجرا شود' }));
    await waitFor(() => expect(sent('POST', approvePath)).toHaveLength(1));
    expect(await screen.findByText('تأیید و اجرا شد', {}, { timeout: 10_000 })).toBeTruthy();
    // The result links to the tether desk (the menu links there too).
    const links = screen.getAllByRole('link', { name: 'میز تتر' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/admin/tether', '/admin/tether']);
  });

  it('turns Approve off for the proposer and says why; they may withdraw it with a reason', async () => {
    const { sent } = renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path, init) => {
        if (path === detailPath)
          return jsonResponse(
            sent('POST', rejectPath).length
              ? navProposalFixture({
                  status: 'Rejected',
                  effect: null,
                  decidedBy: OPERATOR_A,
                  decidedAt: '2025-08-01T10:00:00.000Z',
                  rejectReason: 'عدد اشتباه وارد شده بود',
                })
              : navProposalFixture(),
          );
        if (path === rejectPath && init?.method === 'POST')
          return jsonResponse(navProposalFixture({ status: 'Rejected', effect: null }));
        return undefined;
      },
      OPERATOR_A,
    );
    const approve = await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 });
    expect(approve).toHaveProperty('disabled', true);
    const why = screen.getByTestId('proposal-block-reason');
    expect(why.textContent).toBe('این پیشنهاد شماست: اپراتور دیگری باید آن را تأیید کند. می‌توانید آن را پس بگیرید.');
    expect(approve.getAttribute('aria-describedby')).toBe(why.id);

    await userEvent.click(screen.getByRole('button', { name: 'پس گرفتن' }));
    const dialog = await screen.findByRole('dialog', { name: 'پس گرفتن پیشنهاد' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /دلیل/ }), 'اشتباه');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پس گرفته شود' }));
    expect(await within(dialog).findByText('دلیل باید دست‌کم ۱۰ نویسه باشد.')).toBeTruthy();
    expect(sent('POST', rejectPath)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /دلیل/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /دلیل/ }), 'عدد اشتباه وارد شده بود');
    await userEvent.click(within(dialog).getByRole('button', { name: 'پس گرفته شود' }));
    await waitFor(() => expect(sent('POST', rejectPath)).toEqual([{ reason: 'عدد اشتباه وارد شده بود' }]));
    expect(sent('POST', approvePath)).toHaveLength(0);
    expect(await screen.findByText('پیشنهاد پس گرفته شد.')).toBeTruthy();
    expect(await screen.findByText('رد شد')).toBeTruthy();
    expect(screen.getByText('عدد اشتباه وارد شده بود')).toBeTruthy();
    // The dialog has closed (while it closes, the page under it is hidden from queries by role).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
  });

  it('lets a second operator approve: the endpoint is called, success is said, and who decided shows', async () => {
    let approved = false;
    const { sent } = renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path, init) => {
        if (path === approvePath && init?.method === 'POST') {
          approved = true;
          return jsonResponse(navProposalFixture({ status: 'Approved', effect: null }));
        }
        if (path === detailPath)
          return jsonResponse(
            approved
              ? navProposalFixture({
                  status: 'Approved',
                  effect: null,
                  decidedBy: OPERATOR_B,
                  decidedAt: '2025-08-01T10:30:00.000Z',
                  resultId: 'nav-1',
                })
              : navProposalFixture(),
          );
        return undefined;
      },
      OPERATOR_B,
    );
    const approve = await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 });
    expect(approve).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('proposal-block-reason')).toBeNull();
    await userEvent.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'این پیشنهاد تأیید و اجرا شود؟' });
    expect(within(dialog).getByText(/NAV روز .*: ۱۲۶٬۰۰۰ تومان برای صندوق طلای نمونه اصلاح می‌شود/)).toBeTruthy();
    expect(approved).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید و اجرا شود' }));
    await waitFor(() => expect(sent('POST', approvePath)).toHaveLength(1));
    expect(await screen.findByText('پیشنهاد تأیید و اجرا شد.')).toBeTruthy();
    expect(await screen.findByText('تأیید و اجرا شد')).toBeTruthy();
    const decided = screen.getByTestId('proposal-decided-by');
    expect(within(decided).getByText('رضا بازبین')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'NAVهای صندوق' }).getAttribute('href')).toBe(
      `/admin/funds/${FUND_ID}?tab=navs`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
  });

  it.each([
    ['SAME_OPERATOR', 'این مورد را خودتان پیشنهاد یا تأیید کرده‌اید؛ اپراتور دیگری باید آن را تأیید کند.'],
    ['FUND_HOLDER_OPERATOR', 'شما واحد این صندوق را دارید؛ نمی‌توانید ارزش واحد یا سود آن را پیشنهاد یا تأیید کنید.'],
  ])('shows the server’s refusal %s translated, and the proposal stays pending', async (code, message) => {
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path, init) => {
        if (path === approvePath && init?.method === 'POST') return jsonResponse({ code, message: 'refused' }, 403);
        if (path === detailPath) return jsonResponse(navProposalFixture());
        return undefined;
      },
      OPERATOR_B,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'این پیشنهاد تأیید و اجرا شود؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید و اجرا شود' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('پیشنهاد تأیید و اجرا شد.')).toBeNull();
    expect(screen.getByText('در انتظار اپراتور دوم')).toBeTruthy();
  });

  it.each([
    ['senior_operator', true],
    ['admin', false],
  ] as const)('marks a NAV beyond the bound as needing an admin: Approve of a %s is off: %s', async (role, off) => {
    const effect = navProposalFixture().effect as Extract<ProposalEffect, { kind: 'nav_publish' | 'nav_correction' }>;
    const beyond = navProposalFixture({ effect: { ...effect, nav: '240000', changeBps: 10_000, needsAdmin: true } });
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => (path === detailPath ? jsonResponse(beyond) : undefined),
      OPERATOR_B,
      role,
    );
    expect(await screen.findByTestId('proposal-needs-admin', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('نیازمند تأیید مدیر سامانه')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تأیید' })).toHaveProperty('disabled', off);
    if (off) {
      expect(screen.getByTestId('proposal-block-reason').textContent).toBe(
        'تغییر NAV از حد مجاز بیشتر است: فقط مدیر سامانه می‌تواند آن را تأیید کند.',
      );
    } else {
      expect(screen.queryByTestId('proposal-block-reason')).toBeNull();
    }
  });

  it('an operator holding units of the fund cannot approve its NAV', async () => {
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => (path === detailPath ? jsonResponse(navProposalFixture()) : undefined),
      { id: OPERATOR_HOLDER.userId, mobile: OPERATOR_HOLDER.mobile, firstName: 'کامران', lastName: 'صادقی' },
      'admin',
    );
    expect(await screen.findByRole('button', { name: 'تأیید' }, { timeout: 10_000 })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('proposal-block-reason').textContent).toBe(
      'شما واحد این صندوق را دارید؛ نمی‌توانید NAV یا سود آن را تأیید کنید.',
    );
  });

  it('filters by kind and status through the URL; an empty list says so', async () => {
    const { router, queries } = renderConsole(
      '/admin/proposals',
      (path) => (path === '/api/admin/proposals' ? page([]) : undefined),
      OPERATOR_B,
    );
    expect(await screen.findByText('پیشنهادی در انتظار تأیید نیست.', {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع پیشنهاد' }));
    await userEvent.click(await screen.findByRole('option', { name: 'تقسیم سود' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=dividend'));
    expect(await screen.findByText('پیشنهادی از این نوع در این وضعیت نیست.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'تأییدشده' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Approved&kind=dividend'));
    await waitFor(() =>
      expect(queries('/api/admin/proposals').map((q) => `${q.get('status')}/${q.get('kind') ?? ''}`)).toEqual([
        'Pending/',
        'Pending/dividend',
        'Approved/dividend',
      ]),
    );
  });

  it('shows the desk in the menu to roles that read proposals', async () => {
    renderConsole(
      '/admin/proposals',
      (path) => (path === '/api/admin/proposals' ? page([]) : undefined),
      OPERATOR_B,
      'operator',
    );
    expect(await screen.findByText('پیشنهادی در انتظار تأیید نیست.', {}, { timeout: 10_000 })).toBeTruthy();
    // An operator reads proposals but does not decide them: no buttons anywhere.
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    expect(within(nav).getByRole('link', { name: 'پیشنهادها' }).getAttribute('href')).toBe('/admin/proposals');
  });

  it('refuses the desk to a role without proposals.read, even by its address, and hides it in the menu', async () => {
    const { sent } = renderConsole('/admin/proposals', () => undefined, OPERATOR_B, 'operator', [
      'users.read',
      'kyc.read',
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sent('GET', '/api/admin/proposals')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    expect(within(nav).queryByRole('link', { name: 'پیشنهادها' })).toBeNull();
  });

  it('shows a proposal without the decision buttons to a role that only reads', async () => {
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => (path === detailPath ? jsonResponse(navProposalFixture()) : undefined),
      OPERATOR_B,
      'operator',
    );
    expect(await screen.findByRole('region', { name: 'اثر تأیید' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'دارندگان و اثر بر هر یک' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'رد' })).toBeNull();
  });

  it('a bank statement import proposes: what it would credit, operators marked, and a link to the proposal', async () => {
    const importProposal = navProposalFixture({
      kind: 'bank_statement_import',
      fund: null,
      payload: { kind: 'bank_statement_import', fileName: 'statement.csv' },
      effect: {
        kind: 'bank_statement_import',
        lines: 3,
        newLines: 2,
        totalToman: '7000000',
        credits: [
          { ...OPERATOR_HOLDER, isOperator: true, amountToman: '2000000' },
          {
            userId: '33333333-4444-4555-8666-777777777777',
            mobile: '+989121112233',
            firstName: 'علی',
            lastName: 'رضایی',
            isOperator: false,
            amountToman: '5000000',
          },
        ],
      },
    });
    const { sent } = renderConsole(
      '/admin/bank-statements',
      (path, init) => {
        if (path === '/api/admin/bank-statements' && init?.method === 'POST') return jsonResponse(importProposal, 202);
        if (path === '/api/admin/proposals')
          return page(sent('POST', '/api/admin/bank-statements').length ? [importProposal] : []);
        if (path === '/api/admin/bank-statements/lines') return page([]);
        return undefined;
      },
      OPERATOR_A,
    );
    const panel = await screen.findByRole('region', { name: 'ورود صورت‌حساب' }, { timeout: 10_000 });
    const csv = 'date,time,amount_rial,source_sheba,payment_id,bank_ref\n';
    // jsdom's File has no `text()`: the page reads the file with it.
    const file = Object.assign(new File([csv], 'statement.csv', { type: 'text/csv' }), {
      text: () => Promise.resolve(csv),
    });
    await userEvent.upload(document.getElementById('statement-file') as HTMLInputElement, file);
    await userEvent.click(within(panel).getByRole('button', { name: 'پیشنهاد ورود' }));
    await waitFor(() =>
      expect(sent('POST', '/api/admin/bank-statements')).toEqual([{ fileName: 'statement.csv', content: csv }]),
    );
    expect(await screen.findByText('ورود صورت‌حساب پیشنهاد شد و در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    const proposed = within(panel).getByTestId('proposal-proposed');
    expect(
      within(proposed).getByText(
        'هنوز چیزی واریز نشده است: ردیف‌ها پس از تأیید اپراتوری دیگر تطبیق داده و واریز می‌شوند.',
      ),
    ).toBeTruthy();
    expect(within(proposed).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    const credits = within(panel).getAllByRole('listitem');
    expect(within(credits[0]!).getByText('کامران صادقی')).toBeTruthy();
    expect(within(credits[0]!).getByText('اپراتور')).toBeTruthy();
    expect(within(credits[0]!).getByText('۲٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(credits[1]!).getByText('۵٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(panel).getByText('۷٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
    // Waiting for a second operator, above the import.
    const pending = await screen.findByRole('list', { name: 'در انتظار اپراتور دوم' });
    expect(within(pending).getByRole('link', { name: 'ورود صورت‌حساب بانک: فایل statement.csv' })).toBeTruthy();
  });

  it('introduces a statement import’s effect by its lines and credits, not by holders', async () => {
    const importProposal = navProposalFixture({
      kind: 'bank_statement_import',
      fund: null,
      payload: { kind: 'bank_statement_import', fileName: 'statement.csv' },
      effect: { kind: 'bank_statement_import', lines: 1, newLines: 1, totalToman: '1000000', credits: [] },
    });
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) => (path === detailPath ? jsonResponse(importProposal) : undefined),
      OPERATOR_B,
    );
    const effect = await screen.findByRole('region', { name: 'اثر تأیید' }, { timeout: 10_000 });
    expect(within(effect).getByText(/ردیف‌هایی که هنوز در سامانه نیستند/)).toBeTruthy();
    expect(within(effect).queryByText(/دارایی امروز دارندگان/)).toBeNull();
  });

  it('shows a failed queue with a way to try again', async () => {
    let fail = true;
    renderConsole(
      '/admin/proposals',
      (path) => {
        if (path !== '/api/admin/proposals') return undefined;
        if (fail) {
          fail = false;
          return jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
        }
        return page([navProposalFixture()]);
      },
      OPERATOR_B,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'تلاش دوباره' }, { timeout: 10_000 }));
    expect(await screen.findByText('اصلاح NAV')).toBeTruthy();
  });
});
