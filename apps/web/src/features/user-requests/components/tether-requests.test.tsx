import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { jsonResponse, renderWithApp } from '@/test/render';
import UserRequestsScreen from './user-requests-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const TRON_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

const deposit: UserRequest = {
  id: '3a000000-0000-4000-8000-000000000001',
  type: 'TetherDeposit',
  status: 'InProgress',
  currency: 'USDT',
  amount: '25.5',
  fee: '0',
  rejectReason: null,
  reviewDeadline: null,
  chain: {
    network: 'TRC20',
    txHash: TRON_HASH,
    confirmations: 4,
    requiredConfirmations: 20,
    status: 'InProgress',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  canCancel: false,
  createdAt: '2025-05-01T08:30:00.000Z',
  updatedAt: '2025-05-01T08:30:00.000Z',
};
const withdrawal: UserRequest = {
  ...deposit,
  id: '3b000000-0000-4000-8000-000000000002',
  type: 'WithdrawalFromTetherWallet',
  status: 'Pending',
  amount: '50',
  fee: '1',
  reviewDeadline: '2025-05-03T08:30:00.000Z',
  chain: { ...deposit.chain!, txHash: null, confirmations: null, status: 'Pending' },
  canCancel: true,
};

/** `GET /user-requests` answers the two tether requests; the tether withdrawal's cancel endpoint cancels it. */
function server() {
  let cancelled = false;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input as string, 'http://portal.test');
    if (url.pathname === '/api/user-requests')
      return jsonResponse({
        items: [cancelled ? { ...withdrawal, status: 'Canceled', canCancel: false } : withdrawal, deposit],
        total: 2,
        page: 1,
        pageSize: 10,
      });
    if (url.pathname === '/api/wallet/tether/networks')
      return jsonResponse({
        items: [
          {
            network: 'TRC20',
            depositEnabled: true,
            withdrawalEnabled: true,
            depositDisabledReason: null,
            withdrawalDisabledReason: null,
            confirmations: 20,
            minDeposit: '1',
            withdrawalFee: '1',
            minWithdrawal: '5',
            maxWithdrawal: '10000',
            sandbox: false,
          },
        ],
        allowance: null,
      });
    if (init?.method === 'POST' && url.pathname === `/api/wallet/tether/withdrawals/${withdrawal.id}/cancel`) {
      cancelled = true;
      return jsonResponse({
        id: withdrawal.id,
        network: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        addressLabel: null,
        amount: '50',
        fee: '1',
        total: '51',
        state: 'Canceled',
        status: 'Canceled',
        rejectReason: null,
        txHash: null,
        confirmations: null,
        requiredConfirmations: 20,
        canCancel: false,
        createdAt: withdrawal.createdAt,
        updatedAt: withdrawal.updatedAt,
      });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('/user-requests with tether on chain', { timeout: 30_000 }, () => {
  it('shows the network, hash and confirmations of tether requests, and cancels a pending withdrawal', async () => {
    server();
    const user = userEvent.setup();
    renderWithApp(<UserRequestsScreen />, { route: '/user-requests' });
    const list = await screen.findByRole('list', { name: 'فهرست درخواست‌ها' }, FIRST_PAINT);

    const dep = within(list).getByRole('listitem', { name: 'واریز تتر' });
    expect(dep.textContent).toContain('ترون (TRC20)');
    expect(dep.textContent).toContain('۴ از ۲۰');
    const link = await within(dep).findByRole('link');
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TRON_HASH}`);
    expect(within(dep).queryByRole('button')).toBeNull();

    const out = within(list).getByRole('listitem', { name: 'برداشت از کیف پول تتری' });
    expect(out.textContent).toContain('هنوز فرستاده نشده');
    await user.click(within(out).getByRole('button', { name: 'لغو برداشت از کیف پول تتری به مبلغ ۵۰ تتر' }));
    const dialog = await screen.findByRole('dialog', { name: 'لغو درخواست' });
    expect(within(dialog).getByText(/مبلغ به موجودی قابل استفادهٔ کیف پول برمی‌گردد/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'لغو درخواست' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => init?.method === 'POST' && u === `/api/wallet/tether/withdrawals/${withdrawal.id}/cancel`,
        ),
      ).toBe(true),
    );
    expect(await within(list).findByText('لغوشده')).toBeTruthy();
  });
});
