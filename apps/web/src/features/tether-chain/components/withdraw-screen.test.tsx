import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressBook, TetherWithdrawal } from '@portal/contract/tether/chain';
import { dismissKycRequired } from '@/lib/kyc-required';
import { formatDate } from '@/lib/format';
import { accountFixture } from '@/test/account-fixture';
import { CODE_SENT } from '@/test/otp-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  EVM_ADDRESS,
  EVM_BAD_CHECKSUM,
  NETWORKS,
  page,
  TRON_ADDRESS,
  TRON_BAD_CHECKSUM,
  TX_HASH_TRON,
  withdrawalFixture,
} from '../test-fixtures';
import { WITHDRAWAL_POLL_MS, withdrawalPollInterval } from './withdrawal-list';
import TetherWithdrawScreen from './withdraw-screen';

const fetchMock = vi.fn<typeof fetch>();

/** Puts an address in a field as a paste does (typing 34–42 characters one by one is slow under load). */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissKycRequired();
});

type Body = { network: 'TRC20' | 'ERC20'; address: string; amount: string; code: string };

interface Options {
  kycLevel?: number;
  twoFactor?: boolean;
  withdrawals?: TetherWithdrawal[];
  book?: AddressBook;
  /** Answers the withdrawal's POST instead of the default (code 222222 passes). */
  onPost?: (body: Body) => Response | null;
}

/**
 * The server: a level-two investor with 120.5 tether; TRC20 (fee 1, min 5) and ERC20 (fee 4.5, min 10) open,
 * BEP20 closed; 800 of a 1,000 daily limit left. The phone code is 222222; a withdrawal holds amount + fee.
 */
function server({ kycLevel = 2, twoFactor = false, withdrawals = [], book, onPost }: Options = {}) {
  let available = 120_500_000n;
  let held = 0n;
  let mine = [...withdrawals];
  const usdt = (micro: bigint) => (Number(micro) / 1e6).toString();
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account')
      return jsonResponse(accountFixture({ user: { kycLevel, twoFactorEnabled: twoFactor } }));
    if (url === '/api/wallets')
      return jsonResponse({
        items: [
          { walletId: '00000000-0000-4000-8000-000000000002', currency: 'IRT', available: '0', held: '0', total: '0' },
          {
            walletId: '00000000-0000-4000-8000-000000000004',
            currency: 'USDT',
            available: usdt(available),
            held: usdt(held),
            total: usdt(available + held),
          },
        ],
      });
    if (url === '/api/wallet/tether/networks')
      return jsonResponse({ items: NETWORKS, allowance: { dailyLimit: '1000', remainingToday: '800' } });
    if (url === '/api/wallet/tether/address-book') return jsonResponse(book ?? { whitelist: false, items: [] });
    if (url.startsWith('/api/wallet/tether/withdrawals?')) return jsonResponse(page(mine));
    if (url === '/api/wallet/withdrawals/code' && method === 'POST') return jsonResponse(CODE_SENT);
    if (url === '/api/wallet/tether/withdrawals' && method === 'POST') {
      const body = JSON.parse(init?.body as string) as Body;
      const answer = onPost?.(body);
      if (answer) return answer;
      if (body.code !== '222222')
        return jsonResponse({ code: 'OTP_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }, 400);
      const fee = body.network === 'TRC20' ? '1' : '4.5';
      const total = (Number(body.amount) + Number(fee)).toString();
      const w = withdrawalFixture({ network: body.network, address: body.address, amount: body.amount, fee, total });
      available -= BigInt(Math.round(Number(total) * 1e6));
      held += BigInt(Math.round(Number(total) * 1e6));
      mine = [w, ...mine];
      return jsonResponse(w, 201);
    }
    const cancel = /^\/api\/wallet\/tether\/withdrawals\/([^/]+)\/cancel$/.exec(url);
    if (cancel && method === 'POST') {
      const w = mine.find((x) => x.id === cancel[1])!;
      const back = { ...w, state: 'Canceled' as const, status: 'Canceled' as const, canCancel: false };
      mine = mine.map((x) => (x === w ? back : x));
      return jsonResponse(back);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);
const idempotencyKeyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];
const bodyOf = (init: RequestInit | undefined) => JSON.parse(init?.body as string) as Body;

async function openForm() {
  renderWithApp(<TetherWithdrawScreen />, { route: '/wallet/withdraw/usdt' });
  return screen.findByRole('form', { name: 'برداشت به نشانی' }, FIRST_PAINT);
}

/** What the field's helper line says. */
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent;

const ADDRESS_FORMAT = 'این نشانی برای شبکهٔ انتخاب‌شده معتبر نیست.';
const ADDRESS_CHECKSUM = 'نشانی درست نوشته نشده است؛ آن را دوباره از مبدأ کپی کنید.';

// Typing into MUI fields is slow on a busy machine: each journey gets room.
describe('/wallet/withdraw/usdt', { timeout: 40_000 }, () => {
  it('below KYC level two, explains and links to verification instead of the form', async () => {
    server({ kycLevel: 1 });
    renderWithApp(<TetherWithdrawScreen />, { route: '/wallet/withdraw/usdt' });
    expect(await screen.findByText('احراز هویت سطح ۲ لازم است', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به احراز هویت' }).getAttribute('href')).toBe('/profile/kyc');
    expect(screen.queryByRole('form', { name: 'برداشت به نشانی' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'دفترچهٔ نشانی' })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => u)).not.toContain('/api/wallet/tether/address-book');
  });

  it('checks the address for the chosen network as it is typed: format, checksum, another chain', async () => {
    server();
    const user = userEvent.setup();
    const form = await openForm();
    // TRC20 is chosen; BEP20 is closed for withdrawals and says why.
    expect(within(form).getByRole('radio', { name: /ترون \(TRC20\)/ })).toHaveProperty('checked', true);
    expect(within(form).getByRole('radio', { name: /BEP20/ })).toHaveProperty('disabled', true);
    expect(within(form).getByText('بسته برای برداشت: شلوغی شبکه')).toBeTruthy();

    const address = within(form).getByLabelText('نشانی مقصد');
    // Typed: judged as it is typed (an EVM address is never a TRON one).
    await user.type(address, EVM_ADDRESS);
    expect(helperOf(address)).toBe(ADDRESS_FORMAT);
    await user.clear(address);
    await paste(user, address, TRON_BAD_CHECKSUM);
    expect(helperOf(address)).toBe(ADDRESS_CHECKSUM);
    await user.clear(address);
    // Pasted from right-to-left text: the invisible marks and spaces are dropped.
    await user.click(address);
    await user.paste(`\u200f ${TRON_ADDRESS} `);
    expect(address.getAttribute('aria-invalid')).toBe('false');
    expect(helperOf(address)).toContain('شبکهٔ ترون (TRC20)');

    // Another network: the same address is now another chain's, and EIP-55 is checked.
    await user.click(within(form).getByRole('radio', { name: /اتریوم \(ERC20\)/ }));
    await waitFor(() => expect(helperOf(address)).toBe(ADDRESS_FORMAT));
    await user.clear(address);
    await paste(user, address, EVM_BAD_CHECKSUM);
    expect(helperOf(address)).toBe(ADDRESS_CHECKSUM);
    await user.clear(address);
    await paste(user, address, EVM_ADDRESS.toLowerCase());
    expect(address.getAttribute('aria-invalid')).toBe('false');
  });

  it('checks the amount (decimals, minimum, balance with the fee, daily limit) and shows the fee and what arrives', async () => {
    server();
    const user = userEvent.setup();
    const form = await openForm();
    const amount = within(form).getByLabelText('مبلغ (تتر)');
    expect(helperOf(amount)).toBe('حداقل ۵ تتر، حداکثر ۱۰٬۰۰۰ تتر');

    await user.type(amount, '1.1234567');
    expect(helperOf(amount)).toBe('مبلغ حداکثر ۶ رقم اعشار می‌پذیرد.');
    await user.clear(amount);
    await user.type(amount, '۲');
    expect(amount).toHaveProperty('value', '۲');
    expect(helperOf(amount)).toBe('کمترین برداشت در این شبکه ۵ تتر است.');
    await user.clear(amount);
    await user.type(amount, '120');
    expect(helperOf(amount)).toBe('مبلغ به‌همراه کارمزد (۱ تتر) از موجودی قابل برداشت (۱۲۰٫۵ تتر) بیشتر است.');
    await user.clear(amount);
    await user.type(amount, '900');
    expect(helperOf(amount)).toBe('از سقف روزانه بیشتر است؛ امروز تا ۸۰۰ تتر می‌توانید برداشت کنید.');

    // «All»: the balance less the fee; the figures follow.
    await user.click(within(form).getByRole('button', { name: 'همه' }));
    expect(amount).toHaveProperty('value', '۱۱۹٫۵');
    expect(amount.getAttribute('aria-invalid')).toBe('false');
    const figures = within(form).getByRole('group', { name: 'جزئیات برداشت' });
    const value = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(value('کارمزد شبکه')).toBe('۱ تتر');
    expect(value('دریافتی گیرنده')).toBe('۱۱۹٫۵ تتر');
    expect(value('کسر از کیف پول')).toBe('۱۲۰٫۵ تتر');

    // ERC20's fee is larger: «all» and the figures change with it.
    await user.click(within(form).getByRole('radio', { name: /اتریوم \(ERC20\)/ }));
    await waitFor(() =>
      expect(helperOf(amount)).toBe('مبلغ به‌همراه کارمزد (۴٫۵ تتر) از موجودی قابل برداشت (۱۲۰٫۵ تتر) بیشتر است.'),
    );
    expect(value('کارمزد شبکه')).toBe('۴٫۵ تتر');
    await user.click(within(form).getByRole('button', { name: 'همه' }));
    expect(amount).toHaveProperty('value', '۱۱۶');

    // Nothing was asked of the server.
    expect(calls('/api/wallet/withdrawals/code')).toHaveLength(0);
    expect(calls('/api/wallet/tether/withdrawals')).toHaveLength(0);
  });

  it('verifies with the phone code, refuses a wrong one, and sends the same attempt with the same key', async () => {
    server();
    const user = userEvent.setup();
    const form = await openForm();
    // Submitted empty: each field says what it needs, and no code is asked for.
    await user.click(within(form).getByRole('button', { name: 'ادامه و تأیید' }));
    expect(helperOf(within(form).getByLabelText('نشانی مقصد'))).toBe('این فیلد را پر کنید.');
    expect(helperOf(within(form).getByLabelText('مبلغ (تتر)'))).toBe('این فیلد را پر کنید.');
    expect(screen.queryByRole('dialog')).toBeNull();

    await paste(user, within(form).getByLabelText('نشانی مقصد'), TRON_ADDRESS);
    await user.type(within(form).getByLabelText('مبلغ (تتر)'), '50');
    await user.click(within(form).getByRole('button', { name: 'ادامه و تأیید' }));

    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت تتر' });
    expect(within(dialog).getByText('برداشت ۵۰ تتر در شبکهٔ ترون (TRC20) به نشانی زیر:')).toBeTruthy();
    expect(within(dialog).getByRole('note', { name: 'نشانی مقصد' }).textContent).toBe(TRON_ADDRESS);
    expect(within(dialog).getByText('کارمزد شبکه').nextElementSibling?.textContent).toBe('۱ تتر');
    expect(within(dialog).getByText('کسر از کیف پول').nextElementSibling?.textContent).toBe('۵۱ تتر');
    expect(await within(dialog).findByText(/کد تأیید به شمارهٔ .*۰۹۱۲\*\*\*۴۵۶۷.* فرستاده شد\./)).toBeTruthy();
    // The resend waits for its countdown.
    expect(within(dialog).getByRole('button', { name: /ارسال دوباره کد/ })).toHaveProperty('disabled', true);

    const code = within(dialog).getByLabelText('کد تأیید');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('کد تأیید درست نیست.');
    await user.clear(code);
    await user.type(code, '۲۲۲۲۲۲');
    await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const tries = calls('/api/wallet/tether/withdrawals');
    expect(tries).toHaveLength(2);
    const [first, second] = tries.map(([, init]) => idempotencyKeyOf(init));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(bodyOf(tries[1]![1])).toEqual({ network: 'TRC20', address: TRON_ADDRESS, amount: '50', code: '222222' });

    // The success note with the withdrawal's state; the balance and the list follow.
    const done = await screen.findByText('درخواست برداشت تتر ثبت شد');
    const note = done.closest('[role="status"]') as HTMLElement;
    expect(within(note).getByText(/۵۰ تتر به TR7NHq…gjLj6t در شبکهٔ ترون \(TRC20\)/)).toBeTruthy();
    expect(within(note).getByText('در انتظار بررسی')).toBeTruthy();
    const balance = screen.getByRole('region', { name: 'موجودی کیف پول تتری' });
    expect(await within(balance).findByText('۶۹٫۵ تتر')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'برداشت‌های تتر من' });
    expect(within(list).getByRole('heading').textContent).toBe('۵۰ تتر به TR7NHq…gjLj6t');
    expect(within(form).getByLabelText('مبلغ (تتر)')).toHaveProperty('value', '');

    // Cancelled while it waits for review, after a confirmation.
    await user.click(within(list).getByRole('button', { name: 'لغو برداشت ۵۰ تتر' }));
    const confirm = await screen.findByRole('dialog', { name: 'لغو برداشت تتر' });
    expect(within(confirm).getByText(/۵۱ تتر \(مبلغ و کارمزد\)/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'لغو برداشت' }));
    await waitFor(() =>
      expect(calls(`/api/wallet/tether/withdrawals/${onlyWithdrawalId(list)}/cancel`)).toHaveLength(1),
    );
    expect(await within(list).findByText('لغوشده')).toBeTruthy();
  });

  it('asks a user with two-factor for the authenticator code and sends no phone code', async () => {
    server({ twoFactor: true });
    const user = userEvent.setup();
    const form = await openForm();
    await paste(user, within(form).getByLabelText('نشانی مقصد'), TRON_ADDRESS);
    await user.type(within(form).getByLabelText('مبلغ (تتر)'), '10');
    await user.click(within(form).getByRole('button', { name: 'ادامه و تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت تتر' });
    await user.type(within(dialog).getByLabelText('کد تأیید دومرحله‌ای'), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/api/wallet/withdrawals/code')).toHaveLength(0);
    expect(calls('/api/wallet/tether/withdrawals')).toHaveLength(1);
  });

  it('puts each refusal of the server on its field or above the form, translated with its details', async () => {
    const until = '2025-03-11T08:30:00.000Z';
    const answers: Response[] = [
      jsonResponse({ code: 'ADDRESS_NOT_WHITELISTED', message: 'no', details: { until } }, 422),
      jsonResponse({ code: 'TETHER_WITHDRAWAL_DAILY_LIMIT', message: 'no', details: { remaining: '12.5' } }, 422),
      jsonResponse({ code: 'TETHER_WITHDRAWAL_BELOW_MINIMUM', message: 'no', details: { min: '20' } }, 422),
      jsonResponse({ code: 'WITHDRAWAL_HOLD', message: 'held', details: { until } }, 403),
      jsonResponse({ code: 'KYC_REQUIRED', message: 'kyc', details: { requiredLevel: 2 } }, 403),
    ];
    server({ onPost: () => answers.shift() ?? null });
    const user = userEvent.setup();
    const form = await openForm();
    const address = within(form).getByLabelText('نشانی مقصد');
    const amount = within(form).getByLabelText('مبلغ (تتر)');
    await paste(user, address, TRON_ADDRESS);
    await user.type(amount, '50');

    const attempt = async () => {
      await user.click(within(form).getByRole('button', { name: 'ادامه و تأیید' }));
      const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت تتر' });
      await user.type(await within(dialog).findByLabelText('کد تأیید'), '222222');
      await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const when = formatDate(until, 'fa', 'persian', 'dateTime');

    await attempt();
    await waitFor(() =>
      expect(helperOf(address)).toBe(`حالت فهرست سفید روشن است: این نشانی از ${when} قابل استفاده است.`),
    );
    expect(address.getAttribute('aria-invalid')).toBe('true');

    await attempt();
    await waitFor(() =>
      expect(helperOf(amount)).toBe('این برداشت از سقف روزانهٔ شما بیشتر است؛ امروز تا ۱۲٫۵ تتر می‌توانید برداشت کنید.'),
    );

    await attempt();
    await waitFor(() => expect(helperOf(amount)).toBe('کمترین برداشت در این شبکه ۲۰ تتر است.'));
    // Typing again clears the server's word.
    await user.clear(amount);
    await user.type(amount, '50');
    expect(amount.getAttribute('aria-invalid')).toBe('false');

    await attempt();
    const hold = await within(form).findByRole('alert');
    expect(hold.textContent).toContain(`برداشت تا ${when} ممکن نیست`);

    await attempt();
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain('ابتدا احراز هویت سطح ۲ را کامل کنید'),
    );
    expect(within(within(form).getByRole('alert')).getByRole('link', { name: 'رفتن به احراز هویت' })).toBeTruthy();
    expect(calls('/api/wallet/tether/withdrawals')).toHaveLength(5);
  });

  it('lists my withdrawals with their state, the hash linked and its confirmations, and cancels only pending ones', async () => {
    server({
      withdrawals: [
        withdrawalFixture({
          amount: '30',
          state: 'Sent',
          status: 'InProgress',
          txHash: TX_HASH_TRON,
          confirmations: 7,
          canCancel: false,
          addressLabel: 'صرافی',
        }),
        withdrawalFixture({
          amount: '12',
          state: 'Rejected',
          status: 'Failed',
          rejectReason: 'address_risk',
          canCancel: false,
        }),
      ],
    });
    renderWithApp(<TetherWithdrawScreen />, { route: '/wallet/withdraw/usdt' });
    const list = await screen.findByRole('list', { name: 'برداشت‌های تتر من' }, FIRST_PAINT);
    const [sent, rejected] = within(list).getAllByRole('listitem');
    expect(within(sent!).getByRole('heading').textContent).toBe('۳۰ تتر به صرافی');
    expect(within(sent!).getByText('روی شبکه، در انتظار تأیید')).toBeTruthy();
    expect(within(sent!).getByText('۷ از ۲۰')).toBeTruthy();
    expect(within(sent!).getByRole('link').getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${TX_HASH_TRON}`,
    );
    expect(within(rejected!).getByText('رد شد')).toBeTruthy();
    expect(within(rejected!).getByText('نشانی مقصد پرخطر شناخته شد.')).toBeTruthy();
    expect(within(rejected!).getByText('هنوز فرستاده نشده')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /لغو/ })).toBeNull();

    expect(withdrawalPollInterval({ items: [{ state: 'Sent' }] })).toBe(WITHDRAWAL_POLL_MS);
    expect(withdrawalPollInterval({ items: [{ state: 'Successful' }, { state: 'Canceled' }] })).toBe(false);
  });
});

/** The id of the only withdrawal in the list (from its heading's id). */
function onlyWithdrawalId(list: HTMLElement): string {
  const li = within(list).getAllByRole('listitem')[0]!;
  return (li.getAttribute('aria-labelledby') ?? '').replace(/^withdrawal-/, '');
}
