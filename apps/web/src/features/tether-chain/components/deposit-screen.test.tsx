import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositAddress, TetherDeposit, TetherNetworkView } from '@portal/contract/tether/chain';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  depositFixture,
  EVM_ADDRESS,
  NETWORKS,
  networkFixture,
  page,
  TRON_ADDRESS,
  TX_HASH_EVM,
  TX_HASH_TRON,
} from '../test-fixtures';
import { DEPOSIT_POLL_MS, DEPOSIT_WAIT_POLL_MS, depositPollInterval } from './deposit-list';
import TetherDepositScreen from './deposit-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

interface Options {
  kycLevel?: number;
  networks?: TetherNetworkView[];
  addresses?: DepositAddress[];
  deposits?: () => Response;
}

/** The server: a level-one investor, the three networks, the addresses asked for, the deposits seen. */
function server({ kycLevel = 1, networks = NETWORKS, addresses = [], deposits }: Options = {}) {
  let mine = [...addresses];
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel } }));
    if (url === '/api/wallet/tether/networks') return jsonResponse({ items: networks, allowance: null });
    if (url === '/api/wallet/tether/deposit-addresses' && method === 'GET') return jsonResponse({ items: mine });
    if (url === '/api/wallet/tether/deposit-addresses' && method === 'POST') {
      const { network } = JSON.parse(init?.body as string) as { network: DepositAddress['network'] };
      const created = {
        network,
        address: network === 'TRC20' ? TRON_ADDRESS : EVM_ADDRESS,
        createdAt: '2025-03-10T08:30:00.000Z',
      };
      mine = [...mine, created];
      return jsonResponse(created, 201);
    }
    if (url.startsWith('/api/wallet/tether/deposits?')) return deposits ? deposits() : jsonResponse(page([]));
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);

// Lazy chunks and MUI on a busy two-core machine: the first paint may take a few seconds.
describe('/wallet/deposit/usdt', { timeout: 30_000 }, () => {
  it('offers the open networks, shows a closed one disabled with its reason, and creates the address on request', async () => {
    server();
    const user = userEvent.setup();
    renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt' });

    const tron = await screen.findByRole('radio', { name: /ترون \(TRC20\)/ }, FIRST_PAINT);
    // The first open network is chosen; BEP20 is closed for deposits and says why.
    expect(tron).toHaveProperty('checked', true);
    const bep = screen.getByRole('radio', { name: /BEP20/ });
    expect(bep).toHaveProperty('disabled', true);
    expect(screen.getByText('بسته برای واریز: در حال نگهداری')).toBeTruthy();
    expect(screen.getByText('حداقل ۱ تتر · پس از ۲۰ تأیید')).toBeTruthy();

    // No address yet: the warnings are there before it is made.
    const warnings = await screen.findByRole('note', { name: 'پیش از واریز بخوانید' });
    expect(within(warnings).getByText('فقط تتر (USDT) به این نشانی بفرستید.')).toBeTruthy();
    expect(within(warnings).getByText(/فقط از شبکهٔ ترون \(TRC20\) بفرستید/)).toBeTruthy();
    expect(within(warnings).getByText('کمترین واریز ۱ تتر است.')).toBeTruthy();
    expect(within(warnings).getByText(/پس از ۲۰ تأیید شبکه/)).toBeTruthy();
    expect(within(warnings).getByText('توکن‌های دیگر و مبلغ‌های کمتر از حداقل به حساب شما نمی‌نشینند.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'ساخت نشانی واریز TRC20' }));
    const address = await screen.findByRole('status', { name: 'نشانی واریز شما در شبکهٔ ترون (TRC20)' });
    expect(address.textContent).toBe(TRON_ADDRESS);
    expect(JSON.parse(calls('/api/wallet/tether/deposit-addresses')[0]![1]!.body as string)).toEqual({
      network: 'TRC20',
    });
    // The QR code is drawn in the page (the encoder loads with it).
    const qrName = 'کد QR نشانی واریز شما در شبکهٔ ترون (TRC20)';
    await waitFor(() =>
      expect(screen.getByRole('img', { name: qrName }).getAttribute('src') ?? '').toMatch(/^data:image\/svg\+xml/),
    );

    // Copy: the address is on the clipboard and the button says so.
    await user.click(screen.getByRole('button', { name: 'کپی نشانی' }));
    expect(await navigator.clipboard.readText()).toBe(TRON_ADDRESS);
    expect(screen.getByRole('button', { name: 'کپی شد' })).toBeTruthy();
    expect(screen.getByText('نشانی در حافظه کپی شد.')).toBeTruthy();
  });

  it('switches network through the address and shows an address already made without asking again', async () => {
    server({ addresses: [{ network: 'ERC20', address: EVM_ADDRESS, createdAt: '2025-03-01T00:00:00.000Z' }] });
    const user = userEvent.setup();
    const { router } = renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt' });
    expect(await screen.findByRole('button', { name: 'ساخت نشانی واریز TRC20' }, FIRST_PAINT)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /اتریوم \(ERC20\)/ }));
    expect(router.state.location.search).toBe('?network=ERC20');
    const address = await screen.findByRole('status', { name: 'نشانی واریز شما در شبکهٔ اتریوم (ERC20)' });
    expect(address.textContent).toBe(EVM_ADDRESS);
    expect(screen.getByText(/پس از ۱۲ تأیید شبکه/)).toBeTruthy();
    expect(calls('/api/wallet/tether/deposit-addresses')).toHaveLength(0);
  });

  it('a network closed for deposits (chosen in the address) says why and offers no address', async () => {
    server();
    renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt?network=BEP20' });
    const closed = await screen.findByText('واریز در شبکهٔ بی‌ان‌بی اسمارت‌چین (BEP20) فعلاً بسته است', {}, FIRST_PAINT);
    expect(closed.closest('[role="status"]')?.textContent).toContain('دلیل: در حال نگهداری.');
    expect(screen.queryByRole('button', { name: /ساخت نشانی واریز/ })).toBeNull();
  });

  it('below KYC level one, explains and links to verification instead of creating an address', async () => {
    server({ kycLevel: 0 });
    renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt' });
    expect(await screen.findByText('احراز هویت سطح ۱ لازم است', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به احراز هویت' }).getAttribute('href')).toBe('/profile/kyc');
    expect(screen.queryByRole('button', { name: /ساخت نشانی واریز/ })).toBeNull();
  });

  it('lists my deposits: network, amount, confirmations x of y, status, the hash linked (or marked sandbox)', async () => {
    const deposits: TetherDeposit[] = [
      depositFixture({ amount: '25.5', confirmations: 3, requiredConfirmations: 20 }),
      depositFixture({
        network: 'ERC20',
        txHash: TX_HASH_EVM,
        amount: '100',
        status: 'Credited',
        userStatus: 'Successful',
        confirmations: 40,
        requiredConfirmations: 12,
        creditedAt: '2025-03-10T09:00:00.000Z',
      }),
      depositFixture({
        amount: '0.5',
        status: 'Ignored',
        userStatus: 'Failed',
        ignoreReason: 'below_minimum',
        confirmations: 0,
      }),
    ];
    server({
      networks: [NETWORKS[0]!, networkFixture({ network: 'ERC20', sandbox: true }), NETWORKS[2]!],
      deposits: () => jsonResponse(page(deposits)),
    });
    renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt' });

    const list = await screen.findByRole('list', { name: 'واریزهای من' }, FIRST_PAINT);
    const [confirming, credited, ignored] = within(list).getAllByRole('listitem');
    expect(within(confirming!).getByRole('heading').textContent).toBe('۲۵٫۵ تتر – ترون (TRC20)');
    expect(within(confirming!).getByText('در انتظار تأیید شبکه')).toBeTruthy();
    expect(within(confirming!).getByText('۳ از ۲۰')).toBeTruthy();
    const link = within(confirming!).getByRole('link', {
      name: 'مشاهدهٔ تراکنش a1b2c3…7e8f90 در کاوشگر شبکه (در زبانهٔ تازه)',
    });
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TX_HASH_TRON}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('a1b2c3…7e8f90');
    // The list is read again while one confirms.
    expect(screen.getByText('وضعیت واریزهای در انتظار تأیید خودکار به‌روز می‌شود.')).toBeTruthy();

    // ERC20 is the sandbox here: the hash is not linked, and says so.
    expect(within(credited!).getByText('به کیف پول نشست')).toBeTruthy();
    expect(within(credited!).getByText('۱۲ از ۱۲')).toBeTruthy();
    expect(within(credited!).queryByRole('link')).toBeNull();
    expect(within(credited!).getByText('آزمایشی (sandbox)')).toBeTruthy();

    expect(within(ignored!).getByText('به حساب ننشست')).toBeTruthy();
    expect(within(ignored!).getByText('کمتر از حداقل واریز این شبکه بود.')).toBeTruthy();
  });

  it('says so when nothing arrived yet, and offers a retry when the list fails', async () => {
    let fail = true;
    server({
      deposits: () => (fail ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) : jsonResponse(page([]))),
    });
    const user = userEvent.setup();
    renderWithApp(<TetherDepositScreen />, { route: '/wallet/deposit/usdt' });
    const section = await screen.findByRole('region', { name: 'واریزهای من' }, FIRST_PAINT);
    const retry = await within(section).findByRole('button', { name: 'تلاش دوباره' });
    fail = false;
    await user.click(retry);
    expect(await within(section).findByText('هنوز واریزی به نشانی‌های شما دیده نشده است.')).toBeTruthy();
  });

  it('polls fast while a deposit is confirming, slower while the page waits for one', () => {
    expect(depositPollInterval(undefined)).toBe(DEPOSIT_WAIT_POLL_MS);
    expect(depositPollInterval({ items: [] })).toBe(DEPOSIT_WAIT_POLL_MS);
    expect(depositPollInterval({ items: [{ status: 'Credited' }, { status: 'Ignored' }] })).toBe(DEPOSIT_WAIT_POLL_MS);
    expect(depositPollInterval({ items: [{ status: 'Credited' }, { status: 'Confirming' }] })).toBe(DEPOSIT_POLL_MS);
  });
});
