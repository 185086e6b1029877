import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { jsonResponse, renderWithApp } from '@/test/render';
import { transactionFixture, WALLET_IDS, walletsFixture } from '../test-fixtures';
import WalletScreen from './wallet-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const HASH = '0x9f3c1a7be0d24c55a1e6f0b8c3d2e1f00112233445566778899aabbccdd4be21d';
const TRON_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

const network = (key: TetherNetworkView['network'], sandbox: boolean): TetherNetworkView => ({
  network: key,
  depositEnabled: true,
  withdrawalEnabled: true,
  depositDisabledReason: null,
  withdrawalDisabledReason: null,
  confirmations: 12,
  minDeposit: '1',
  withdrawalFee: '1',
  minWithdrawal: '5',
  maxWithdrawal: '10000',
  sandbox,
});

/** The tether wallet's history: a deposit on chain still confirming, a withdrawal sent on the sandbox chain. */
function server() {
  fetchMock.mockImplementation((input) => {
    const url = input as string;
    if (url === '/api/wallets')
      return Promise.resolve(jsonResponse(walletsFixture({ USDT: { available: '40', held: '0', total: '40' } })));
    if (url === '/api/wallet/tether/networks')
      return Promise.resolve(
        jsonResponse({ items: [network('ERC20', false), network('TRC20', true)], allowance: null }),
      );
    if (url.startsWith(`/api/wallets/${WALLET_IDS.USDT}/transactions`))
      return Promise.resolve(
        jsonResponse({
          wallet: walletsFixture().items[3],
          items: [
            transactionFixture({
              walletId: WALLET_IDS.USDT,
              currency: 'USDT',
              refType: 'TetherDeposit',
              amount: '25.5',
              balanceAfter: '40',
              chain: {
                network: 'ERC20',
                txHash: HASH,
                confirmations: 3,
                requiredConfirmations: 12,
                status: 'InProgress',
                address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
              },
            }),
            transactionFixture({
              walletId: WALLET_IDS.USDT,
              currency: 'USDT',
              type: 'Withdrawal',
              refType: 'TetherWithdrawal',
              amount: '11',
              balanceAfter: '14.5',
              chain: {
                network: 'TRC20',
                txHash: TRON_HASH,
                confirmations: 20,
                requiredConfirmations: 20,
                status: 'Successful',
                address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
              },
            }),
            transactionFixture({ walletId: WALLET_IDS.USDT, currency: 'USDT', refType: 'ExchangeTransaction' }),
          ],
          total: 3,
          page: 1,
          pageSize: 10,
        }),
      );
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

describe('/wallet and tether on chain', { timeout: 30_000 }, () => {
  it('gives the tether wallet its deposit and withdrawal on chain', async () => {
    server();
    renderWithApp(<WalletScreen />, { route: '/wallet' });
    const deposit = await screen.findByRole('link', { name: 'واریز تتر' }, FIRST_PAINT);
    expect(deposit.getAttribute('href')).toBe('/wallet/deposit/usdt');
    expect(screen.getByRole('link', { name: 'برداشت تتر' }).getAttribute('href')).toBe('/wallet/withdraw/usdt');
    // Issue 19: the toman wallet has its own deposit too (rial and dollar have no deposit page: disabled).
    expect(screen.getAllByRole('link', { name: /^واریز/ }).map((a) => a.getAttribute('href'))).toEqual([
      `/wallet/deposit?walletId=${WALLET_IDS.IRT}`,
      '/wallet/deposit/usdt',
    ]);
    const cards = screen.getAllByRole('listitem');
    const tether = cards.find((c) => within(c).queryByRole('link', { name: /^تتر:/ }))!;
    expect(within(tether).getByRole('link', { name: 'برداشت تتر' })).toBeTruthy();
  });

  it('shows the network, the hash linked to the explorer, the confirmations and the status of movements on chain', async () => {
    server();
    renderWithApp(<WalletScreen />, { route: `/wallet?walletId=${WALLET_IDS.USDT}` });
    const history = await screen.findByRole('list', { name: 'تاریخچهٔ کیف پول تتر' }, FIRST_PAINT);
    const [deposit, withdrawal, exchange] = within(history).getAllByRole('listitem');

    expect(deposit!.textContent).toContain('واریز تتر از شبکه');
    expect(deposit!.textContent).toContain('اتریوم (ERC20)');
    expect(deposit!.textContent).toContain('۳ از ۱۲');
    expect(within(deposit!).getByText('در حال انجام')).toBeTruthy();
    const link = await within(deposit!).findByRole('link');
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(link.textContent).toBe('0x9f3c1a…4be21d');

    // TRC20 is the sandbox chain here: the hash is shown, not linked, and labelled.
    expect(withdrawal!.textContent).toContain('برداشت تتر به شبکه');
    expect(withdrawal!.textContent).toContain('ترون (TRC20)');
    expect(withdrawal!.textContent).toContain('۲۰ از ۲۰');
    expect(within(withdrawal!).getByText('موفق')).toBeTruthy();
    expect(await within(withdrawal!).findByText('آزمایشی (sandbox)')).toBeTruthy();
    expect(within(withdrawal!).queryByRole('link')).toBeNull();

    // A movement off chain has none of this.
    expect(exchange!.textContent).not.toContain('شبکه:');
  });
});
