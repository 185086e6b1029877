import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit } from '@portal/contract/wallet/deposits';
import type { OfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import { calendarDateOf } from '@/lib/calendar-date';
import { bankAccountFixture } from '@/test/bank-account-fixture';
import { FakeXhr } from '@/test/fake-xhr';
import { jsonResponse, renderWithApp } from '@/test/render';
import DepositScreen from './deposit-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => {} }));
});
afterEach(() => vi.unstubAllGlobals());

const card = bankAccountFixture();
const secondCard = bankAccountFixture({
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  bank: 'mellat',
  cardNumberMasked: '610433******1234',
});
const shebaOnly = bankAccountFixture({
  id: '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d',
  bank: 'saman',
  cardNumberMasked: null,
});
const DEPOSIT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
/** The server: `routes['METHOD /api/path']` answers; anything else is a 404. */
function server(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${input as string}`];
    return handler ? handler(init) : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}
const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => (u as string) === url && (init?.method ?? 'GET') === method);
const bodyOf = (init: RequestInit | undefined) => JSON.parse(init?.body as string) as Record<string, unknown>;
const headerOf = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string>)[name];

function deposit(over: Partial<Deposit> = {}): Deposit {
  return {
    depositId: DEPOSIT_ID,
    kind: 'gateway',
    outcome: 'success',
    amount: '2500000',
    fee: '0',
    credited: '2500000',
    referenceId: '123456789',
    createdAt: '2025-05-01T08:30:00.000Z',
    ...over,
  };
}

describe('the gateway deposit', () => {
  it(
    'offers only the user’s cards, fills the maximum, and sends the payer to the gateway with one key per attempt',
    { timeout: 45_000 },
    async () => {
      const navigate = vi.fn();
      let fail = true;
      server({
        'GET /api/bank-accounts': () => jsonResponse({ items: [card, shebaOnly, secondCard] }),
        'POST /api/wallet/deposits/gateway': () => {
          if (fail) {
            fail = false;
            return Promise.reject(new TypeError('Failed to fetch'));
          }
          return jsonResponse({ depositId: DEPOSIT_ID, redirectUrl: '/sandbox-gateway/S1' }, 201);
        },
      });
      renderWithApp(<DepositScreen navigate={navigate} />, { route: '/wallet/deposit' });
      expect(screen.getByRole('heading', { level: 1, name: 'واریز تومان' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'درگاه بانکی', selected: true })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'واریز با شناسه', selected: false })).toBeTruthy();

      const cards = within(await screen.findByRole('group', { name: 'کارت پرداخت' })).getAllByRole('radio');
      expect(cards).toHaveLength(2);
      expect(screen.getByText('بانک ملی ایران')).toBeTruthy();
      expect(screen.getByText('\u2066۶۰۳۷ ۹۹** **** ۷۸۱۰\u2069')).toBeTruthy();
      expect(screen.queryByText('بانک سامان')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
      expect(await screen.findByText('این فیلد را پر کنید.')).toBeTruthy();
      expect(screen.getByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
      expect(calls('POST', '/api/wallet/deposits/gateway')).toHaveLength(0);

      const amount = screen.getByLabelText('مبلغ (تومان)');
      await userEvent.type(amount, '۵۰۰۰');
      expect((amount as HTMLInputElement).value).toBe('۵٬۰۰۰');
      expect(screen.getByText('مبلغ باید دست‌کم ۱۰٬۰۰۰ تومان باشد.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'حداکثر' }));
      expect((amount as HTMLInputElement).value).toBe('۲۵٬۰۰۰٬۰۰۰');
      await userEvent.click(screen.getByRole('radio', { name: /بانک ملت/ }));

      await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
      expect(await screen.findByText('لطفاً اتصال اینترنت دستگاهتان را بررسی کنید.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sandbox-gateway/S1'));
      expect(screen.getByText('در حال انتقال به درگاه بانکی…')).toBeTruthy();

      const [first, second] = calls('POST', '/api/wallet/deposits/gateway').map(([, init]) => init);
      expect(bodyOf(first)).toEqual({ amount: '25000000', bankAccountId: secondCard.id });
      expect(headerOf(first, 'idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
      // The retry of the same attempt carries the same key: the server answers the first deposit.
      expect(headerOf(second, 'idempotency-key')).toBe(headerOf(first, 'idempotency-key'));
    },
  );

  it('asks for a card of the user’s own when there is none', async () => {
    server({ 'GET /api/bank-accounts': () => jsonResponse({ items: [shebaOnly] }) });
    renderWithApp(<DepositScreen />, { route: '/wallet/deposit' });
    expect(await screen.findByText('برای واریز با درگاه، ابتدا کارت بانکی به نام خودتان اضافه کنید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'افزودن کارت بانکی' }).getAttribute('href')).toBe(
      '/profile/add-bank-account',
    );
    expect(screen.queryByRole('button', { name: 'پرداخت' })).toBeNull();
  });

  it('translates what the server refuses (the gateway is down)', async () => {
    server({
      'GET /api/bank-accounts': () => jsonResponse({ items: [card] }),
      'POST /api/wallet/deposits/gateway': () =>
        jsonResponse({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'The gateway did not start the payment' }, 502),
    });
    renderWithApp(<DepositScreen navigate={vi.fn()} />, { route: '/wallet/deposit' });
    await userEvent.type(await screen.findByLabelText('مبلغ (تومان)'), '50000');
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    expect(
      await screen.findByText('درگاه بانکی در دسترس نیست؛ مبلغی از حساب شما کم نشده است. کمی بعد دوباره تلاش کنید.'),
    ).toBeTruthy();
  });
});

describe('the return from the gateway', () => {
  const back = (status: 'OK' | 'NOK') => `/wallet/deposit?depositId=${DEPOSIT_ID}&Authority=S1&Status=${status}`;
  const verifyUrl = `/api/wallet/deposits/${DEPOSIT_ID}/verify`;

  it('verifies the payment and shows what reached the wallet, with a link to it; a second visit shows the same', async () => {
    server({ [`POST ${verifyUrl}`]: () => jsonResponse(deposit()) });
    const first = renderWithApp(<DepositScreen />, { route: back('OK') });
    expect(screen.getByText('در حال بررسی پرداخت…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'واریز موفق بود' })).toBeTruthy();
    expect(screen.getByText('۲٬۵۰۰٬۰۰۰ تومان به کیف پول تومانی شما واریز شد.')).toBeTruthy();
    expect(screen.getByText('۱۲۳۴۵۶۷۸۹')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به کیف پول' }).getAttribute('href')).toBe('/wallet');
    expect(bodyOf(calls('POST', verifyUrl)[0]![1])).toEqual({ authority: 'S1', status: 'OK' });
    first.unmount();

    renderWithApp(<DepositScreen />, { route: back('OK') });
    expect(await screen.findByRole('heading', { name: 'واریز موفق بود' })).toBeTruthy();
    expect(calls('POST', verifyUrl)).toHaveLength(2);
  });

  it('a cancelled payment is failed, with a way to try again', async () => {
    server({
      [`POST ${verifyUrl}`]: () => jsonResponse(deposit({ outcome: 'failed', credited: '0', referenceId: null })),
    });
    renderWithApp(<DepositScreen />, { route: back('NOK') });
    expect(await screen.findByRole('heading', { name: 'پرداخت ناموفق بود' })).toBeTruthy();
    expect(screen.queryByText('واریز به کیف پول')).toBeNull();
    expect(screen.getByRole('link', { name: 'تلاش دوباره' }).getAttribute('href')).toBe('/wallet/deposit?type=gateway');
  });

  it('a payment still being verified is waiting, and is asked about again', async () => {
    let outcome: Deposit['outcome'] = 'waiting';
    server({
      [`POST ${verifyUrl}`]: () =>
        jsonResponse(deposit({ outcome, credited: outcome === 'success' ? '2500000' : '0' })),
    });
    renderWithApp(<DepositScreen />, { route: back('OK') });
    expect(await screen.findByRole('heading', { name: 'پرداخت در حال بررسی است' })).toBeTruthy();
    outcome = 'success';
    await userEvent.click(screen.getByRole('button', { name: 'بررسی دوباره' }));
    expect(await screen.findByRole('heading', { name: 'واریز موفق بود' })).toBeTruthy();
  });

  it('says why it could not verify (another user’s deposit is not found)', async () => {
    server({});
    renderWithApp(<DepositScreen />, { route: back('OK') });
    expect(await screen.findByText('اطلاعات درخواستی پیدا نشد.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تلاش دوباره' })).toBeTruthy();
  });
});

describe('the offline deposit', () => {
  const RECEIPT_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  const image = () => new File([new Uint8Array(2048)], 'receipt.png', { type: 'image/png' });
  const persianDay = (offsetDays: number) => calendarDateOf(Date.now() + offsetDays * 86_400_000, 'persian');
  const toPersian = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

  async function typeDate(offsetDays: number) {
    const d = persianDay(offsetDays);
    await userEvent.type(screen.getByLabelText('سال'), toPersian(d.year));
    await userEvent.selectOptions(screen.getByLabelText('ماه'), String(d.month));
    await userEvent.type(screen.getByLabelText('روز'), String(d.day));
    await userEvent.tab();
  }

  it(
    'declares a deposit with its receipt photo, shows the fee, and says it is under review for up to 48 hours',
    { timeout: 45_000 },
    async () => {
      let declared: Record<string, unknown> | null = null;
      server({
        'POST /api/wallet/deposits/offline': (init) => {
          declared = bodyOf(init);
          const answer: OfflineDeposit = {
            id: DEPOSIT_ID,
            currency: 'IRT',
            amount: '1500000',
            fee: '4000',
            credited: '1496000',
            status: 'Pending',
            receiptNumber: 'AB1234',
            destination: 'melli',
            depositDate: String(declared.depositDate),
            receiptFileId: RECEIPT_ID,
            rejectReason: null,
            reviewDeadline: '2025-05-03T08:30:00.000Z',
            canCancel: true,
            createdAt: '2025-05-01T08:30:00.000Z',
            updatedAt: '2025-05-01T08:30:00.000Z',
          };
          return jsonResponse(answer, 201);
        },
      });
      renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=offline' });
      expect(screen.getByRole('tab', { name: 'واریز آفلاین', selected: true })).toBeTruthy();

      const melli = screen.getByRole('radio', { name: 'بانک ملی ایران' });
      expect(screen.getByText('\u2066۰۳۰۱۸۳۹۲۰۴۰۰۷\u2069')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'کپی شبای بانک ملی ایران' })).toBeTruthy();
      await userEvent.click(melli);

      const amount = screen.getByLabelText('مبلغ واریزی (تومان)');
      await userEvent.type(amount, '999999');
      await userEvent.tab();
      expect(screen.getByText('مبلغ باید دست‌کم ۱٬۰۰۰٬۰۰۰ تومان باشد.')).toBeTruthy();
      await userEvent.clear(amount);
      await userEvent.type(amount, '1500000');
      const summary = screen.getByLabelText('خلاصهٔ واریز');
      expect(within(summary).getByText('۴٬۰۰۰ تومان')).toBeTruthy();
      expect(within(summary).getByText('۱٬۴۹۶٬۰۰۰ تومان')).toBeTruthy();

      await userEvent.type(screen.getByLabelText('شمارهٔ پیگیری رسید بانکی'), 'ab-۱۲۳۴');
      await typeDate(2);
      expect(screen.getByText('تاریخ واریز نمی‌تواند بعد از امروز باشد.')).toBeTruthy();
      await userEvent.clear(screen.getByLabelText('سال'));
      await userEvent.clear(screen.getByLabelText('روز'));
      await typeDate(0);
      expect(screen.queryByText('تاریخ واریز نمی‌تواند بعد از امروز باشد.')).toBeNull();

      await userEvent.upload(screen.getByLabelText('تصویر رسید بانکی'), image());
      const xhr = FakeXhr.last!;
      expect(xhr.url).toBe('/api/files?purpose=deposit_receipt');
      xhr.progress(1024, 2048);
      expect(await screen.findByRole('progressbar', { name: 'در حال بارگذاری تصویر رسید' })).toBeTruthy();
      xhr.respond(201, { fileId: RECEIPT_ID, purpose: 'deposit_receipt', size: 2048, mime: 'image/png' });
      expect(await screen.findByText('تصویر رسید بارگذاری شد.')).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'ثبت واریز' }));
      expect(await screen.findByText('درخواست واریز ثبت شد و در حال بررسی است')).toBeTruthy();
      expect(screen.getByText(/حداکثر تا ۴۸ ساعت/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'مشاهدهٔ درخواست‌ها' }).getAttribute('href')).toBe('/user-requests');
      const today = new Date().toISOString().slice(0, 10);
      expect(declared).toMatchObject({
        amount: '1500000',
        receiptNumber: 'AB1234',
        destination: 'melli',
        receiptFileId: RECEIPT_ID,
      });
      expect([today, new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)]).toContain(declared!.depositDate);
      expect(headerOf(calls('POST', '/api/wallet/deposits/offline')[0]![1], 'idempotency-key')).toMatch(
        /^[0-9a-f]{32}$/,
      );
    },
  );

  it(
    'refuses to send without the receipt photo, and translates a receipt already declared',
    { timeout: 45_000 },
    async () => {
      server({
        'POST /api/wallet/deposits/offline': () =>
          jsonResponse({ code: 'DEPOSIT_RECEIPT_DUPLICATE', message: 'duplicate' }, 409),
      });
      renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=offline' });
      await userEvent.click(screen.getByRole('radio', { name: 'بانک ملت' }));
      await userEvent.type(screen.getByLabelText('مبلغ واریزی (تومان)'), '2000000');
      await userEvent.type(screen.getByLabelText('شمارهٔ پیگیری رسید بانکی'), '556677');
      await typeDate(0);
      await userEvent.click(screen.getByRole('button', { name: 'ثبت واریز' }));
      expect(await screen.findByText('فایل را بارگذاری کنید.')).toBeTruthy();
      expect(calls('POST', '/api/wallet/deposits/offline')).toHaveLength(0);

      FakeXhr.server = (xhr) =>
        xhr.respond(201, { fileId: RECEIPT_ID, purpose: 'deposit_receipt', size: 2048, mime: 'image/png' });
      await userEvent.upload(screen.getByLabelText('تصویر رسید بانکی'), image());
      expect(await screen.findByText('تصویر رسید بارگذاری شد.')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'ثبت واریز' }));
      expect(
        await screen.findByText('این رسید بانکی (یا تصویر آن) پیش‌تر برای واریزی دیگری ثبت شده است.'),
      ).toBeTruthy();
    },
  );
});
