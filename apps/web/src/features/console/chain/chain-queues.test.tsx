import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHAIN_USER,
  CHAIN_WITHDRAWAL_ID,
  TRON_ADDRESS,
  TX_HASH,
  chainDepositFixture,
  chainDeskFixture,
  chainReconciliationFixture,
  chainWithdrawalFixture,
} from '@/test/chain-fixture';
import { OPERATOR_ID, pageOf, renderChain } from '@/test/chain-render';
import { asDesktop } from '@/test/console-render';
import { jsonResponse } from '@/test/render';
import ChainDepositsPage from './chain-deposits-page';
import ChainReconciliationPage from './chain-reconciliation-page';
import ChainWithdrawalPage from './chain-withdrawal-page';
import ChainWithdrawalsPage from './chain-withdrawals-page';
import { AddressSavedChip } from './chain-labels';

configure({ asyncUtilTimeout: 5000 });

const detailPath = `/api/admin/chain/withdrawals/${CHAIN_WITHDRAWAL_ID}`;
const approvePath = `${detailPath}/approve`;
const rejectPath = `${detailPath}/reject`;
const FIRST = {
  operatorId: '22222222-3333-4444-8555-666666666666',
  mobile: '+989121000002',
  firstName: 'رضا',
  lastName: 'بازبین',
  at: '2025-08-01T09:30:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chain desk: withdrawal queue', { timeout: 60_000 }, () => {
  it('lists pending withdrawals first, filters by state and network through the address, and pages', async () => {
    const { router, urls } = renderChain(
      <ChainWithdrawalsPage />,
      (path, _init, query) => {
        if (path === '/api/admin/chain/withdrawals') {
          if (query.get('state') === 'Failed') return pageOf([]);
          return jsonResponse({
            items: [chainWithdrawalFixture({ approvalsNeeded: 2, firstApproval: FIRST })],
            total: 45,
            page: Number(query.get('page') ?? 1),
            pageSize: 20,
          });
        }
        return undefined;
      },
      { route: '/admin/chain/withdrawals' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'تتر روی شبکه: صف برداشت' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'تتر روی شبکه: صف برداشت' });
    const [row] = within(list).getAllByTestId('chain-withdrawal-row');
    expect(within(row!).getByText('مریم احمدی')).toBeTruthy();
    expect(within(row!).getByText('۱٬۵۰۰ تتر')).toBeTruthy();
    expect(within(row!).getByText('TRC20 (ترون)')).toBeTruthy();
    expect(within(row!).getByText('کیف پول صرافی')).toBeTruthy();
    expect(within(row!).getByText('ذخیره‌شده')).toBeTruthy();
    expect(within(row!).getByText('تأیید ۱ از ۲')).toBeTruthy();
    expect(within(row!).getByRole('link').getAttribute('href')).toBe(`/admin/chain/withdrawals/${CHAIN_WITHDRAWAL_ID}`);
    expect(urls('/api/admin/chain/withdrawals')).toEqual(['/api/admin/chain/withdrawals?state=Pending&page=1']);

    const pages = screen.getByRole('navigation', { name: 'صفحه‌بندی' });
    await userEvent.click(within(pages).getByRole('button', { name: 'رفتن به صفحهٔ ۲' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    await userEvent.click(screen.getByRole('combobox', { name: 'شبکه' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ERC20 (اتریوم)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?network=ERC20'));
    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت برداشت' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ناموفق' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=Failed&network=ERC20'));
    expect(await screen.findByText('برداشتی با این وضعیت و شبکه نیست.')).toBeTruthy();
    expect(urls('/api/admin/chain/withdrawals')).toEqual(
      expect.arrayContaining([
        '/api/admin/chain/withdrawals?state=Pending&page=2',
        '/api/admin/chain/withdrawals?state=Pending&network=ERC20&page=1',
        '/api/admin/chain/withdrawals?state=Failed&network=ERC20&page=1',
      ]),
    );
  });

  it('says when no withdrawal waits, and shows a failed list with a way to try again', async () => {
    let failing = true;
    renderChain(
      <ChainWithdrawalsPage />,
      (path) =>
        path === '/api/admin/chain/withdrawals'
          ? failing
            ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500)
            : pageOf([])
          : undefined,
      { route: '/admin/chain/withdrawals' },
    );
    const retry = await screen.findByRole('button', { name: 'تلاش دوباره' });
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('برداشت تتری در انتظار بررسی نیست.')).toBeTruthy();
  });

  it('shows a withdrawal: user, address with its label, amount, fee and total, its hash and confirmations', async () => {
    renderChain(<ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />, (path) => {
      if (path === detailPath)
        return jsonResponse(
          chainWithdrawalFixture({
            state: 'Sent',
            txHash: TX_HASH,
            confirmations: 7,
            addressSaved: false,
            addressLabel: null,
            approvalsNeeded: 0,
          }),
        );
      if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'برداشت تتر' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'مریم احمدی' })).getAttribute('href')).toBe(
      `/admin/users/${CHAIN_USER.id}`,
    );
    expect(screen.getByTestId('chain-withdrawal-amount').textContent).toBe('۱٬۵۰۰ تتر');
    expect(screen.getByTestId('chain-withdrawal-fee').textContent).toBe('۱ تتر');
    expect(screen.getByTestId('chain-withdrawal-total').textContent).toBe('۱٬۵۰۱ تتر');
    expect(screen.getByTestId('chain-withdrawal-state').textContent).toBe('ارسال‌شده، در انتظار تأیید شبکه');
    expect(screen.getByText('بدون بررسی (کمتر از حد بررسی)')).toBeTruthy();
    expect(screen.getByTestId('chain-withdrawal-address').textContent).toBe(TRON_ADDRESS);
    expect(screen.getByText('بدون برچسب')).toBeTruthy();
    expect(screen.getByTestId('chain-withdrawal-saved').textContent).toBe('ذخیره‌نشده');
    expect(screen.getByTestId('chain-withdrawal-confirmations').textContent).toBe('۷ از ۲۰ تأیید');
    const hash = await screen.findByRole('link', { name: `تراکنش ${TX_HASH} در کاوشگر شبکه` });
    expect(hash.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TX_HASH}`);
    // Not pending: nothing to decide.
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
  });

  it('a withdrawal above the second bound: the first approval is recorded and it waits for a second operator', async () => {
    let first = false;
    const { sent } = renderChain(<ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />, (path, init) => {
      if (path === approvePath && init?.method === 'POST') {
        first = true;
        return jsonResponse(
          chainWithdrawalFixture({
            amount: '6000',
            approvalsNeeded: 2,
            firstApproval: { ...FIRST, operatorId: OPERATOR_ID, firstName: 'سارا', lastName: 'اپراتور' },
          }),
        );
      }
      if (path === detailPath)
        return jsonResponse(
          chainWithdrawalFixture({
            amount: '6000',
            approvalsNeeded: 2,
            firstApproval: first ? { ...FIRST, operatorId: OPERATOR_ID, firstName: 'سارا', lastName: 'اپراتور' } : null,
          }),
        );
      if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture({ sandbox: true }));
      return undefined;
    });
    expect(await screen.findByText('دو اپراتور (مبلغ بیش از حد تعیین‌شده)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    expect(within(dialog).getByText(/تأیید شما نخستین است/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    await waitFor(() => expect(sent('POST', approvePath)).toHaveLength(1));
    expect(await screen.findByText('تأیید نخست ثبت شد؛ درخواست در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    // The giver of the first approval may not give the second: the button is off and says why.
    expect(await screen.findByText(/تأیید نخست را شما در .* ثبت کرده‌اید/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'تأیید' })).toHaveProperty('disabled', true));
    expect(screen.getByText('در انتظار اپراتور دوم')).toBeTruthy();
  });

  it('translates the four-eyes refusals of an approval (same operator, own account)', async () => {
    let code = 'SAME_OPERATOR';
    renderChain(<ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />, (path, init) => {
      if (path === approvePath && init?.method === 'POST') return jsonResponse({ code, message: 'no' }, 403);
      if (path === detailPath) return jsonResponse(chainWithdrawalFixture());
      if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید' }));
    let dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    expect(
      await within(dialog).findByText(
        'این مورد را خودتان پیشنهاد یا تأیید کرده‌اید؛ اپراتور دیگری باید آن را تأیید کند.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    code = 'OPERATOR_OWN_ACCOUNT';
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    expect(await within(dialog).findByText(/درباره‌ی حساب خودتان/)).toBeTruthy();
  });

  it('says another operator decided first, and shows the refreshed decision without the buttons', async () => {
    let decided = false;
    renderChain(<ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />, (path, init) => {
      if (path === approvePath && init?.method === 'POST') {
        decided = true;
        return jsonResponse({ code: 'REQUEST_ALREADY_REVIEWED', message: 'decided' }, 409);
      }
      if (path === detailPath)
        return jsonResponse(
          decided
            ? chainWithdrawalFixture({
                state: 'Rejected',
                rejectReason: 'address_risk',
                reviewer: { ...CHAIN_USER, id: FIRST.operatorId, firstName: 'رضا', lastName: 'بازبین' },
                reviewedAt: '2025-08-01T10:00:00.000Z',
              })
            : chainWithdrawalFixture(),
        );
      if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید این درخواست؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید شود' }));
    expect(await screen.findByText(/اپراتور دیگری زودتر/)).toBeTruthy();
    expect(await screen.findByText('نشانی مقصد پرخطر است')).toBeTruthy();
    expect(screen.getByText(/^رضا بازبین، /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rejects only with a reason, and sends the reason and the internal comment', async () => {
    const { sent, router } = renderChain(
      <ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />,
      (path, init) => {
        if (path === rejectPath && init?.method === 'POST')
          return jsonResponse(chainWithdrawalFixture({ state: 'Rejected', rejectReason: 'travel_rule' }));
        if (path === detailPath) return jsonResponse(chainWithdrawalFixture());
        if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
        return undefined;
      },
      { route: `/admin/chain/withdrawals/${CHAIN_WITHDRAWAL_ID}` },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'رد' }));
    const dialog = await screen.findByRole('dialog', { name: 'رد درخواست' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    expect(await within(dialog).findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(sent('POST', rejectPath)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /دلیل رد/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'اطلاعات گیرنده کامل نیست' }));
    await userEvent.type(within(dialog).getByLabelText('توضیح داخلی (اختیاری)'), 'نام گیرنده خواسته شد');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رد شود' }));
    await waitFor(() =>
      expect(sent('POST', rejectPath)).toEqual([{ reason: 'travel_rule', comment: 'نام گیرنده خواسته شد' }]),
    );
    expect(await screen.findByText('برداشت رد شد و مقدار و کارمزد به کیف پول کاربر برگشت.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chain/withdrawals'));
  });

  it('shows a role without money.review the withdrawal without the decision buttons', async () => {
    renderChain(
      <ChainWithdrawalPage withdrawalId={CHAIN_WITHDRAWAL_ID} />,
      (path) => {
        if (path === detailPath) return jsonResponse(chainWithdrawalFixture());
        if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
        return undefined;
      },
      { role: 'operator' },
    );
    expect(await screen.findByTestId('chain-withdrawal-amount')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'رد' })).toBeNull();
  });
});

describe('the chain desk: deposits', { timeout: 60_000 }, () => {
  it('lists deposits: confirmations x of y, the hash, the user; ignored ones stand out with their reason', async () => {
    asDesktop();
    const { router, urls } = renderChain(
      <ChainDepositsPage />,
      (path, _init, query) => {
        if (path === '/api/admin/chain/deposits') {
          if (query.get('status') === 'Dropped') return pageOf([]);
          return pageOf([
            chainDepositFixture(),
            chainDepositFixture({
              id: 'b1b2b3b4-c5c6-4d7d-8e9e-f0f1f2f3f4f5',
              amount: '0.5',
              status: 'Ignored',
              ignoreReason: 'below_minimum',
              confirmations: 25,
            }),
            chainDepositFixture({
              id: 'c1c2c3c4-d5d6-4e7e-8f9f-a0a1a2a3a4a5',
              network: 'ERC20',
              amount: '100',
              status: 'Ignored',
              ignoreReason: 'other_token',
              otherToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
            }),
          ]);
        }
        if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture({ sandbox: true }));
        return undefined;
      },
      { route: '/admin/chain/deposits' },
    );
    const table = await screen.findByRole('table', { name: 'تتر روی شبکه: واریزها' });
    const rows = within(table).getAllByTestId('chain-deposit-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('مریم احمدی')).toBeTruthy();
    expect(within(rows[0]!).getByText('۲۵۰ تتر')).toBeTruthy();
    expect(within(rows[0]!).getByText('۸ از ۲۰ تأیید')).toBeTruthy();
    expect(within(rows[0]!).getByText('در انتظار تأیید شبکه')).toBeTruthy();
    // The sandbox chain: the hash is shown, not linked.
    await waitFor(() => expect(within(rows[0]!).getByTestId('chain-tx-hash').tagName).toBe('SPAN'));
    expect(within(rows[0]!).getByTestId('chain-tx-hash').getAttribute('title')).toBe(TX_HASH);
    expect(rows[0]!.getAttribute('data-ignored')).toBeNull();

    expect(rows[1]!.getAttribute('data-ignored')).toBe('true');
    expect(within(rows[1]!).getByTestId('chain-deposit-ignored').textContent).toBe('کمتر از حداقل واریز');
    expect(within(rows[1]!).getByText('۰٫۵ تتر')).toBeTruthy();
    expect(rows[2]!.getAttribute('data-ignored')).toBe('true');
    expect(within(rows[2]!).getByTestId('chain-deposit-ignored').textContent).toMatch(/^توکنی جز تتر/);
    expect(within(rows[2]!).getByText('۱۰۰ واحد توکن')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت واریز' }));
    await userEvent.click(await screen.findByRole('option', { name: 'از زنجیره حذف شد' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Dropped'));
    expect(await screen.findByText('واریزی با این وضعیت و شبکه نیست.')).toBeTruthy();
    expect(urls('/api/admin/chain/deposits')).toEqual([
      '/api/admin/chain/deposits?page=1',
      '/api/admin/chain/deposits?status=Dropped&page=1',
    ]);
  });

  it('reads the filters from the address, and shows cards on a phone', async () => {
    const { urls } = renderChain(
      <ChainDepositsPage />,
      (path) => {
        if (path === '/api/admin/chain/deposits')
          return pageOf([chainDepositFixture({ status: 'Ignored', ignoreReason: 'below_minimum' })]);
        if (path === '/api/admin/chain') return jsonResponse(chainDeskFixture());
        return undefined;
      },
      { route: '/admin/chain/deposits?status=Ignored&network=TRC20' },
    );
    const list = await screen.findByRole('list', { name: 'تتر روی شبکه: واریزها' });
    const [card] = within(list).getAllByTestId('chain-deposit-row');
    expect(card!.getAttribute('data-ignored')).toBe('true');
    expect(within(card!).getByText('کمتر از حداقل واریز')).toBeTruthy();
    expect(urls('/api/admin/chain/deposits')).toEqual([
      '/api/admin/chain/deposits?status=Ignored&network=TRC20&page=1',
    ]);
    // Not the sandbox: the hash links to the network's explorer.
    await waitFor(() =>
      expect(within(card!).getByTestId('chain-tx-hash').getAttribute('href')).toBe(
        `https://tronscan.org/#/transaction/${TX_HASH}`,
      ),
    );
  });
});

describe('the chain desk: reconciliation', { timeout: 60_000 }, () => {
  it('shows expected against reported per network and in total; a difference stands out', async () => {
    asDesktop();
    renderChain(
      <ChainReconciliationPage />,
      (path) => (path === '/api/admin/chain/reconciliation' ? jsonResponse(chainReconciliationFixture()) : undefined),
      { route: '/admin/chain/reconciliation' },
    );
    const table = await screen.findByRole('table', { name: 'به تفکیک شبکه' });
    const tron = within(table).getByTestId('chain-reconciliation-TRC20');
    expect(within(tron).getAllByText('۱۰٬۰۰۰ تتر')).toHaveLength(2);
    expect(within(tron).getByTestId('chain-difference-TRC20').textContent).toBe('بدون اختلاف');
    const eth = within(table).getByTestId('chain-reconciliation-ERC20');
    const diff = within(eth).getByTestId('chain-difference-ERC20');
    expect(diff.getAttribute('data-mismatch')).toBe('true');
    expect(diff.textContent).toMatch(/۱۰ تتر/);
    expect(within(diff).getByText('اختلاف دارد')).toBeTruthy();
    expect(within(eth).getByText('۵۰ تتر')).toBeTruthy();
    const total = within(table).getByTestId('chain-reconciliation-total');
    expect(within(total).getByTestId('chain-difference-total').getAttribute('data-mismatch')).toBe('true');
    expect(within(total).getByText('۱۲٬۴۹۰٫۵ تتر')).toBeTruthy();
    expect(screen.getByTestId('chain-users-liability').textContent).toBe('۱۲٬۵۰۰٫۵ تتر');
    expect(screen.queryByTestId('chain-custody-error')).toBeNull();
  });

  it('shows the custody service’s error when it did not answer, and reads the report again on demand', async () => {
    let asked = 0;
    renderChain(
      <ChainReconciliationPage />,
      (path) => {
        if (path !== '/api/admin/chain/reconciliation') return undefined;
        asked++;
        return jsonResponse(
          chainReconciliationFixture({
            networks: chainReconciliationFixture().networks.map((n) => ({
              ...n,
              custodyReported: null,
              difference: null,
            })),
            total: { expectedOnChain: '12500.5', custodyReported: null, difference: null },
            custodyError: 'custody: connect ECONNREFUSED 10.0.0.5:8443',
          }),
        );
      },
      { route: '/admin/chain/reconciliation' },
    );
    const error = await screen.findByTestId('chain-custody-error');
    expect(within(error).getByText('سرویس امانت پاسخ نداد')).toBeTruthy();
    expect(within(error).getByText('custody: connect ECONNREFUSED 10.0.0.5:8443')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'به تفکیک شبکه' });
    expect(within(list).getAllByText('پاسخی نداد')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
    await waitFor(() => expect(asked).toBe(2));
  });

  it('shows a failed report with a way to try again', async () => {
    renderChain(
      <ChainReconciliationPage />,
      (path) =>
        path === '/api/admin/chain/reconciliation' ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : undefined,
      { route: '/admin/chain/reconciliation' },
    );
    expect(await screen.findByRole('button', { name: 'تلاش دوباره' })).toBeTruthy();
    expect(screen.getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
  });
});

describe('whether the destination was saved', () => {
  it.each([
    [{ addressSaved: true, addressLabel: 'Ledger' }, 'ذخیره‌شده'],
    [{ addressSaved: false, addressLabel: 'Ledger' }, 'ذخیره‌شده کمتر از یک روز پیش'],
    [{ addressSaved: false, addressLabel: null }, 'ذخیره‌نشده'],
  ])('%o reads «%s»', async (saved, label) => {
    renderChain(<AddressSavedChip w={saved} />, () => undefined);
    expect((await screen.findByTestId('chain-withdrawal-saved')).textContent).toBe(label);
  });
});
