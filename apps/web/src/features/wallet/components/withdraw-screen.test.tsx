import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { KycRequiredHost } from '@/components/kyc/kyc-required-host';
import { dismissKycRequired } from '@/lib/kyc-required';
import { accountFixture } from '@/test/account-fixture';
import { kycFixture } from '@/test/kyc-fixture';
import { CODE_SENT } from '@/test/otp-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { bankAccountFixture, walletsFixture, withdrawalFixture } from '../test-fixtures';
import WithdrawScreen from './withdraw-screen';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissKycRequired();
});

interface Options {
  twoFactor?: boolean;
  accounts?: ReturnType<typeof bankAccountFixture>[];
  pending?: Withdrawal[];
  codeAnswer?: () => Response;
  /** The account's withdrawal hold (decision 029). */
  heldUntil?: string;
  /** A hold begun elsewhere: the withdrawal is refused with it, and the account then shows it. */
  holdOnPost?: string;
}

/**
 * The server: a level-two investor with 500,000 toman and one bank account. The phone code is 222222
 * (anything else is OTP_INVALID); a withdrawal moves its amount to held and shows as pending.
 */
function server({
  twoFactor = false,
  accounts = [bankAccountFixture()],
  pending = [],
  codeAnswer,
  heldUntil,
  holdOnPost,
}: Options = {}) {
  let holdEnd = heldUntil ?? null;
  let available = 500_000n;
  let held = 0n;
  let withdrawals = [...pending];
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account')
      return jsonResponse(
        accountFixture({ user: { kycLevel: 2, twoFactorEnabled: twoFactor, withdrawalsHeldUntil: holdEnd } }),
      );
    if (url === '/api/kyc') return jsonResponse(kycFixture());
    if (url === '/api/wallets')
      return jsonResponse(
        walletsFixture({ IRT: { available: String(available), held: String(held), total: String(available + held) } }),
      );
    if (url === '/api/bank-accounts') return jsonResponse({ items: accounts });
    if (url === '/api/wallet/withdrawals?status=Pending') return jsonResponse({ items: withdrawals });
    if (url === '/api/wallet/withdrawals/code' && method === 'POST')
      return codeAnswer ? codeAnswer() : jsonResponse(CODE_SENT);
    if (url === '/api/wallet/withdrawals' && method === 'POST') {
      if (holdOnPost) {
        holdEnd = holdOnPost;
        return jsonResponse({ code: 'WITHDRAWAL_HOLD', message: 'held', details: { until: holdOnPost } }, 403);
      }
      const body = JSON.parse(init?.body as string) as { amount: string; code: string; bankAccountId: string };
      if (body.code !== '222222')
        return jsonResponse({ code: 'OTP_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }, 400);
      const w = withdrawalFixture({
        id: `20000000-0000-4000-8000-${String(withdrawals.length + 10).padStart(12, '0')}`,
        amount: body.amount,
      });
      available -= BigInt(body.amount);
      held += BigInt(body.amount);
      withdrawals = [w, ...withdrawals];
      return jsonResponse(w, 201);
    }
    const cancel = /^\/api\/wallet\/withdrawals\/([^/]+)\/cancel$/.exec(url);
    if (cancel && method === 'POST') {
      const w = withdrawals.find((x) => x.id === cancel[1])!;
      withdrawals = withdrawals.filter((x) => x !== w);
      available += BigInt(w.amount);
      held -= BigInt(w.amount);
      return jsonResponse({ ...w, status: 'Canceled' });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);
const idempotencyKeyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];

async function openForm() {
  renderWithApp(
    <>
      <WithdrawScreen />
      <KycRequiredHost />
    </>,
    { route: '/wallet/withdraw' },
  );
  return screen.findByRole('form', { name: 'درخواست برداشت' }, FIRST_PAINT);
}

// Typing into MUI fields is slow on a busy machine: each journey gets room.
describe('/wallet/withdraw', { timeout: 30_000 }, () => {
  it('refuses an amount below the minimum or above the balance, with messages, before asking for a code', async () => {
    server();
    const form = await openForm();
    // The only account is chosen already.
    expect(within(form).getByRole('radio', { name: /بانک ملی/ })).toHaveProperty('checked', true);
    const amount = within(form).getByLabelText('مبلغ (تومان)');

    await userEvent.type(amount, '۹۰۰۰');
    expect(await within(form).findByText('مبلغ باید دست‌کم ۱۰٬۰۰۰ تومان باشد.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '600000');
    expect(amount).toHaveProperty('value', '۶۰۰٬۰۰۰');
    expect(within(form).getByText('مبلغ از موجودی قابل برداشت (۵۰۰٬۰۰۰ تومان) بیشتر است.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // «Whole balance» fills the available balance, which passes.
    await userEvent.click(within(form).getByRole('button', { name: 'همهٔ موجودی' }));
    expect(amount).toHaveProperty('value', '۵۰۰٬۰۰۰');
    expect(within(form).queryByText(/بیشتر است/)).toBeNull();
    expect(calls('/api/wallet/withdrawals/code')).toHaveLength(0);
    expect(calls('/api/wallet/withdrawals')).toHaveLength(0);
  });

  it('with several accounts, asks for one; leaving the amount empty says nothing until submitted', async () => {
    server({
      accounts: [
        bankAccountFixture(),
        bankAccountFixture({
          id: '10000000-0000-4000-8000-000000000002',
          bank: 'mellat',
          cardNumberMasked: '610433******5678',
        }),
      ],
    });
    const form = await openForm();
    const radios = within(form).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    const amount = within(form).getByLabelText('مبلغ (تومان)');
    await userEvent.click(amount);
    await userEvent.tab();
    expect(within(form).queryByText('این فیلد را پر کنید.')).toBeNull();
    expect(within(form).queryByText('یک گزینه را انتخاب کنید.')).toBeNull();

    // Submitted empty: both say what they need, and no code is asked for.
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    expect(await within(form).findByText('این فیلد را پر کنید.')).toBeTruthy();
    expect(within(form).getByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    // An amount over the balance is refused even before an account is chosen.
    await userEvent.type(amount, '600000');
    expect(await within(form).findByText('مبلغ از موجودی قابل برداشت (۵۰۰٬۰۰۰ تومان) بیشتر است.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '30000');
    await userEvent.click(within(form).getByRole('radio', { name: /بانک ملت/ }));
    await waitFor(() => expect(within(form).queryByText('یک گزینه را انتخاب کنید.')).toBeNull());
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
    expect(within(dialog).getByText(/^برداشت ۳۰٬۰۰۰ تومان به بانک ملت/)).toBeTruthy();
  });

  it('asks for the phone code, refuses a wrong one, and submits the same attempt with the same idempotency key', async () => {
    server();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '120000');
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));

    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
    expect(within(dialog).getByText(/^برداشت ۱۲۰٬۰۰۰ تومان به بانک ملی ایران – کارت/)).toBeTruthy();
    expect(await within(dialog).findByText(/کد تأیید به شمارهٔ .*۰۹۱۲\*\*\*۴۵۶۷.* فرستاده شد\./)).toBeTruthy();
    expect(JSON.parse(calls('/api/wallet/withdrawals/code')[0]![1]!.body as string)).toEqual({ channel: 'sms' });
    // Resend waits for its countdown; the voice call is offered after its own.
    expect(within(dialog).getByRole('button', { name: /ارسال دوباره کد/ })).toHaveProperty('disabled', true);

    const code = within(dialog).getByLabelText('کد تأیید');
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('کد تأیید درست نیست.');

    await userEvent.clear(code);
    await userEvent.type(code, '۲۲۲۲۲۲');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const tries = calls('/api/wallet/withdrawals');
    expect(tries).toHaveLength(2);
    const [first, second] = tries.map(([, init]) => idempotencyKeyOf(init));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(JSON.parse(tries[1]![1]!.body as string)).toEqual({
      bankAccountId: bankAccountFixture().id,
      amount: '120000',
      code: '222222',
    });

    // The success note, the held amount, and the pending request with its cancel button.
    expect(await screen.findByText('درخواست برداشت ثبت شد')).toBeTruthy();
    expect(await screen.findByText('۳۸۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.getByText('۱۲۰٬۰۰۰ تومان', { selector: 'dd' })).toBeTruthy();
    const pending = await screen.findByRole('list', { name: 'درخواست‌های در انتظار' });
    expect(within(pending).getByText('۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'لغو درخواست' })).toBeTruthy();
    expect(within(form).getByLabelText('مبلغ (تومان)')).toHaveProperty('value', '');

    // A new attempt gets a new key.
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '20000');
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    const again = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
    await userEvent.type(await within(again).findByLabelText('کد تأیید'), '222222');
    await userEvent.click(within(again).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(calls('/api/wallet/withdrawals')).toHaveLength(3));
    expect(idempotencyKeyOf(calls('/api/wallet/withdrawals')[2]![1])).not.toBe(first);
  });

  it('asks a user with two-factor for the authenticator code and sends no phone code', async () => {
    server({ twoFactor: true });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '50000');
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
    await userEvent.type(within(dialog).getByLabelText('کد تأیید دومرحله‌ای'), '222222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'تأیید برداشت' })).toBeNull());
    expect(calls('/api/wallet/withdrawals/code')).toHaveLength(0);
    expect(calls('/api/wallet/withdrawals')).toHaveLength(1);
  });

  it('opens the forced-KYC dialog when the server says level two is needed', async () => {
    server({
      codeAnswer: () => jsonResponse({ code: 'KYC_REQUIRED', message: 'level', details: { requiredLevel: 2 } }, 403),
    });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '50000');
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    expect(await screen.findByRole('dialog', { name: 'احراز هویت سطح دو لازم است' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'تأیید برداشت' })).toBeNull();
    expect(calls('/api/wallet/withdrawals')).toHaveLength(0);
  });

  it('shows a translated error when the code cannot be sent, and sends it again on request', async () => {
    let answers = 0;
    server({
      codeAnswer: () =>
        ++answers === 1
          ? jsonResponse({ code: 'OTP_RATE_LIMITED', message: 'slow down', details: { retryAfterSeconds: 120 } }, 429)
          : jsonResponse(CODE_SENT),
    });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '50000');
    await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('۲ دقیقه');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ارسال کد' }));
    expect(await within(dialog).findByLabelText('کد تأیید')).toBeTruthy();
    expect(calls('/api/wallet/withdrawals/code')).toHaveLength(2);
  });

  it('cancels a pending request after confirmation: the amount is back', async () => {
    server({ pending: [withdrawalFixture({ amount: '70000' })] });
    await openForm();
    const pending = await screen.findByRole('list', { name: 'درخواست‌های در انتظار' });
    expect(within(pending).getByText('در انتظار بررسی')).toBeTruthy();
    await userEvent.click(within(pending).getByRole('button', { name: 'لغو درخواست' }));
    const confirm = await screen.findByRole('dialog', { name: 'درخواست برداشت لغو شود؟' });
    expect(within(confirm).getByText('مبلغ ۷۰٬۰۰۰ تومان به موجودی قابل برداشت برمی‌گردد.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'بله، لغو شود' }));
    expect(await screen.findByText('درخواست برداشت لغو شد و مبلغ به کیف پول برگشت.')).toBeTruthy();
    expect(await screen.findByText('درخواست فعالی ندارید.')).toBeTruthy();
    expect(calls(`/api/wallet/withdrawals/${withdrawalFixture().id}/cancel`)).toHaveLength(1);
  });

  it('sends a user without a bank account to add one', async () => {
    server({ accounts: [] });
    renderWithApp(<WithdrawScreen />, { route: '/wallet/withdraw' });
    const link = await screen.findByRole('link', { name: 'افزودن حساب بانکی' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/profile/add-bank-account');
    expect(screen.queryByRole('form', { name: 'درخواست برداشت' })).toBeNull();
  });

  describe('after a sensitive change (the withdrawal hold)', () => {
    // Only the clock is fixed (timers stay real): 29 Nov 2026 is 8 Azar 1405.
    const NOW = new Date('2026-11-29T00:00:00.000Z');
    const UNTIL = '2026-11-29T12:00:00.000Z';
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    it('says until when, in the Persian calendar, instead of the form', async () => {
      server({ heldUntil: UNTIL });
      renderWithApp(<WithdrawScreen />, { route: '/wallet/withdraw' });
      const hold = await screen.findByText('برداشت موقتاً متوقف است', undefined, FIRST_PAINT);
      const alert = hold.closest('[role="status"]')!;
      expect(alert.textContent).toContain('۸ آذر ۱۴۰۵');
      expect(alert.textContent).toContain('بازنشانی رمز عبور');
      expect(screen.queryByRole('form', { name: 'درخواست برداشت' })).toBeNull();
      expect(screen.queryByLabelText('مبلغ (تومان)')).toBeNull();
      // The balance and the pending requests are still shown.
      expect(await screen.findByText('قابل برداشت')).toBeTruthy();
    });

    it('a hold that has ended does not stop the form', async () => {
      server({ heldUntil: '2026-11-28T23:00:00.000Z' });
      expect(await openForm()).toBeTruthy();
      expect(screen.queryByText('برداشت موقتاً متوقف است')).toBeNull();
    });

    it('a hold begun elsewhere: the refusal says until when, and the page then shows the hold', async () => {
      server({ holdOnPost: UNTIL });
      const form = await openForm();
      await userEvent.type(within(form).getByLabelText('مبلغ (تومان)'), '50000');
      await userEvent.click(within(form).getByRole('button', { name: 'برداشت' }));
      const dialog = await screen.findByRole('dialog', { name: 'تأیید برداشت' });
      await userEvent.type(await within(dialog).findByLabelText('کد تأیید'), '222222');
      await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
      const refusal = await within(dialog).findByRole('alert');
      expect(refusal.textContent).toContain('برداشت تا');
      expect(refusal.textContent).toContain('۸ آذر ۱۴۰۵');
      await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
      expect(await screen.findByText('برداشت موقتاً متوقف است')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'درخواست برداشت' })).toBeNull();
    });
  });
});
