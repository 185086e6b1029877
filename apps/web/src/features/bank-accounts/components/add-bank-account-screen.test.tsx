import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KycRequiredHost } from '@/components/kyc/kyc-required-host';
import { accountFixture } from '@/test/account-fixture';
import { bankAccountFixture } from '@/test/bank-account-fixture';
import { kycFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import AddBankAccountScreen from './add-bank-account-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Bank Melli (603799), Luhn-valid; the same with its last digit changed fails the check. */
const CARD = '6037991234567810';
const CARD_BAD_LUHN = '6037991234567811';
/** Bank Melli (017), mod-97 valid; the same with its check digits changed fails it. */
const SHEBA = 'IR050170000000123456789012';
const SHEBA_BAD_CHECK = 'IR060170000000123456789012';

/** The server: a user at KYC level `kycLevel`; `POST /bank-accounts` answers `add()`. */
function server(add: () => Response, kycLevel = 1) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    if (url === '/api/account')
      return jsonResponse(accountFixture({ user: { kycLevel, hasNationalCode: kycLevel > 0 } }));
    if (url === '/api/kyc') return jsonResponse(kycFixture());
    if (url === '/api/bank-accounts' && init?.method === 'POST') return add();
    if (url === '/api/bank-accounts') return jsonResponse({ items: [] });
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const addCalls = () =>
  fetchMock.mock.calls.filter(([u, init]) => u === '/api/bank-accounts' && init?.method === 'POST');
const sent = (i = 0) => JSON.parse(addCalls()[i]![1]?.body as string) as unknown;

async function renderPage() {
  const view = renderWithApp(<AddBankAccountScreen />, { route: '/profile/add-bank-account' });
  expect(await screen.findByRole('heading', { level: 1, name: 'افزودن حساب بانکی' })).toBeTruthy();
  return view;
}

const persian = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

describe('adding a bank account', () => {
  it('takes a card number in Persian digits, names its bank as it is typed, and adds it', async () => {
    server(() => jsonResponse(bankAccountFixture(), 201));
    const { router } = await renderPage();
    const field = screen.getByLabelText<HTMLInputElement>('شمارهٔ کارت');
    const status = screen.getByRole('status');
    await userEvent.type(field, persian('60379'));
    expect(field.value).toBe('۶۰۳۷ ۹'); // shown in Persian digits, sent in Latin ones
    expect(status.textContent).toBe('');
    await userEvent.type(field, persian('9'));
    expect(status.textContent).toBe('بانک: بانک ملی ایران');
    await userEvent.type(field, persian(CARD.slice(6)));
    expect(field.value).toBe('۶۰۳۷ ۹۹۱۲ ۳۴۵۶ ۷۸۱۰');

    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    expect(sent()).toEqual({ kind: 'card', cardNumber: CARD });
    expect(await screen.findByText('حساب بانکی افزوده شد.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/bank-accounts');
  });

  it('says when the bank of a card is not known', async () => {
    server(() => jsonResponse(bankAccountFixture(), 201));
    await renderPage();
    await userEvent.type(screen.getByLabelText('شمارهٔ کارت'), '123456');
    expect(screen.getByRole('status').textContent).toBe('بانک این شماره شناخته نشد.');
  });

  it('refuses a card number that fails the Luhn check, or is short, and sends nothing', async () => {
    server(() => jsonResponse(bankAccountFixture(), 201));
    await renderPage();
    const field = screen.getByLabelText('شمارهٔ کارت');
    await userEvent.type(field, CARD_BAD_LUHN);
    await userEvent.tab();
    expect(await screen.findByText('شمارهٔ کارت معتبر نیست؛ رقم‌ها را دوباره بررسی کنید.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    await userEvent.clear(field);
    await userEvent.type(field, '603799123');
    expect(await screen.findByText('شمارهٔ کارت باید ۱۶ رقم باشد.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    expect(addCalls()).toHaveLength(0);
  });

  it('takes a sheba (IR added before the digits), names its bank, refuses a wrong check and adds a right one', async () => {
    server(() => jsonResponse(bankAccountFixture({ cardNumberMasked: null }), 201));
    await renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'با شمارهٔ شبا' }));
    const field = screen.getByLabelText<HTMLInputElement>('شمارهٔ شبا');
    await userEvent.type(field, persian(SHEBA_BAD_CHECK.slice(2)));
    expect(field.value).toBe('IR۰۶ ۰۱۷۰ ۰۰۰۰ ۰۰۱۲ ۳۴۵۶ ۷۸۹۰ ۱۲');
    expect(screen.getByRole('status').textContent).toBe('بانک: بانک ملی ایران');
    await userEvent.tab();
    expect(await screen.findByText('شمارهٔ شبا معتبر نیست؛ رقم‌ها را دوباره بررسی کنید.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    expect(addCalls()).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, SHEBA.toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    expect(sent()).toEqual({ kind: 'sheba', sheba: SHEBA });
  });

  it.each([
    ['BANK_ACCOUNT_NOT_OWNED', 400, 'این حساب به نام شما نیست. فقط حساب بانکیِ به نام خودتان را می‌توانید اضافه کنید.'],
    ['BANK_ACCOUNT_INACTIVE', 400, 'این حساب مسدود است و واریز به آن ممکن نیست. حساب دیگری وارد کنید.'],
    ['BANK_ACCOUNT_DUPLICATE', 409, 'این حساب قبلاً در فهرست حساب‌های بانکی شما ثبت شده است.'],
    [
      'BANK_ACCOUNT_LIMIT',
      409,
      'به سقف تعداد حساب‌های بانکی رسیده‌اید. برای افزودن حساب تازه، ابتدا یکی از حساب‌ها را حذف کنید.',
    ],
    ['CARD_NUMBER_INVALID', 400, 'این شمارهٔ کارت به هیچ‌یک از بانک‌های ایران تعلق ندارد یا در شبکهٔ بانکی پیدا نشد.'],
    ['BANK_INQUIRY_FAILED', 502, 'استعلام حساب بانکی الان ممکن نیست. کمی بعد دوباره تلاش کنید.'],
  ])(
    'shows %s translated, not the server’s words, and clears it when the number changes',
    async (code, status, text) => {
      server(() => jsonResponse({ code, message: 'server words' }, status));
      await renderPage();
      const field = screen.getByLabelText('شمارهٔ کارت');
      await userEvent.type(field, CARD);
      await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(screen.queryByText('server words')).toBeNull();
      await userEvent.type(field, '{backspace}');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('shows a sheba the network does not know as SHEBA_INVALID', async () => {
    server(() => jsonResponse({ code: 'SHEBA_INVALID', message: 'no' }, 400));
    await renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'با شمارهٔ شبا' }));
    await userEvent.type(screen.getByLabelText('شمارهٔ شبا'), SHEBA);
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'این شمارهٔ شبا به هیچ‌یک از بانک‌های ایران تعلق ندارد یا در شبکهٔ بانکی پیدا نشد.',
    );
  });

  it('tells a user without level one to verify first; the server’s KYC_REQUIRED opens the forced-KYC dialog', async () => {
    server(() => jsonResponse({ code: 'KYC_REQUIRED', message: 'level', details: { requiredLevel: 1 } }, 403), 0);
    const { router } = renderWithApp(
      <>
        <AddBankAccountScreen />
        <KycRequiredHost />
      </>,
      { route: '/profile/add-bank-account' },
    );
    const note = await screen.findByText(/ابتدا احراز هویت سطح یک \(کد ملی و تاریخ تولد\) را کامل کنید/);
    const alert = note.closest('[role="status"]');
    expect(alert).toBeTruthy();
    // The way to KYC is in the note's own message (which stacks on a phone), not the Alert's action slot
    // beside it, which broke apart at 390px.
    const toKyc = within(alert as HTMLElement).getByRole('link', { name: 'رفتن به احراز هویت' });
    expect(toKyc.closest('.MuiAlert-message')).toBe(note.closest('.MuiAlert-message'));
    expect(alert?.querySelector('.MuiAlert-action')).toBeNull();

    await userEvent.type(screen.getByLabelText('شمارهٔ کارت'), CARD);
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    const dialog = await screen.findByRole('dialog', { name: 'احراز هویت سطح یک لازم است' });
    // Behind the dialog, the form says what the server answered.
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(
      'برای این کار ابتدا احراز هویت سطح ۱ را کامل کنید.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'رفتن به احراز هویت' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/kyc'));
  });

  it('leads a user with no national code on file to the KYC page', async () => {
    server(() => jsonResponse({ code: 'BANK_ACCOUNT_NATIONAL_CODE_REQUIRED', message: 'no code' }, 403));
    await renderPage();
    await userEvent.type(screen.getByLabelText('شمارهٔ کارت'), CARD);
    await userEvent.click(screen.getByRole('button', { name: 'استعلام و افزودن' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'حساب بانکی با کد ملی صاحب حساب تطبیق داده می‌شود و برای حساب کاربری شما کد ملی ثبت نشده است.',
    );
    expect(screen.getAllByRole('link', { name: 'رفتن به احراز هویت' })[0]!.getAttribute('href')).toBe('/profile/kyc');
  });
});
