import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositById, DepositId } from '@portal/contract/wallet/deposit-by-id';
import { bankAccountFixture } from '@/test/bank-account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import DepositScreen from './deposit-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const melli = bankAccountFixture();
const saman = bankAccountFixture({
  id: '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d',
  bank: 'saman',
  cardNumberMasked: null,
  shebaMasked: 'IR4205****************3344',
});
const cardOnly = bankAccountFixture({ id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', shebaMasked: null });

const samanId: DepositId = {
  id: 'b3f1c7e2-1d2a-4c5b-9e8f-7a6b5c4d3e2f',
  paymentId: '482139572018',
  bankAccountId: saman.id,
  bank: 'saman',
  shebaMasked: saman.shebaMasked!,
  createdAt: '2025-06-11T08:00:00.000Z',
};

function transfer(over: Partial<DepositById>): DepositById {
  return {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    paymentId: samanId.paymentId,
    amount: '28000000',
    credited: '24997500',
    fee: '2500',
    returned: '3000000',
    status: 'Returning',
    returnReason: 'daily_cap',
    returnAt: '2025-06-11T10:15:00.000Z',
    bookedAt: '2025-06-11T06:00:00.000Z',
    ...over,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
function server(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${input as string}`];
    return handler ? handler(init) : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}
const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => (u as string) === url && (init?.method ?? 'GET') === method);

describe('the by-ID deposit tab', () => {
  it(
    'offers the user’s sheba accounts, makes the payment ID and shows it with the destination and the rules',
    { timeout: 30_000 },
    async () => {
      let ids: DepositId[] = [];
      server({
        'GET /api/bank-accounts': () => jsonResponse({ items: [melli, saman, cardOnly] }),
        'GET /api/wallet/deposits/by-id': () => jsonResponse({ items: ids, capLeftToday: '25000000', deposits: [] }),
        'POST /api/wallet/deposits/by-id': () => {
          ids = [samanId];
          return jsonResponse(samanId);
        },
      });
      renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=id' });
      expect(screen.getByRole('tab', { name: 'واریز با شناسه', selected: true })).toBeTruthy();
      const group = await screen.findByRole('group', { name: 'حساب مبدأ' });
      // Only accounts with a sheba: the card without one is not offered.
      expect(within(group).getAllByRole('radio')).toHaveLength(2);
      expect(screen.getByText('کارمزد: ۰٫۰۱٪ مبلغ واریزی.')).toBeTruthy();
      expect(screen.getByText(/سقف واریز با شناسه ۲۵٬۰۰۰٬۰۰۰ تومان در روز است/)).toBeTruthy();
      expect(screen.getByText(/۰۳:۴۵، ۱۰:۴۵، ۱۳:۴۵، ۱۸:۴۵/)).toBeTruthy();
      expect(screen.getByText(/پس از ۱ تا ۳ روز کاری با کسر ۵٬۰۰۰ تومان کارمزد/)).toBeTruthy();
      expect(screen.getByText('باقی‌ماندهٔ سقف امروز: ۲۵٬۰۰۰٬۰۰۰ تومان')).toBeTruthy();
      expect(screen.getByText('هنوز واریزی با شناسه‌های شما در صورت‌حساب بانک دیده نشده است.')).toBeTruthy();

      // Nothing chosen: a translated message, no request.
      await userEvent.click(screen.getByRole('button', { name: 'ساخت شناسهٔ واریز' }));
      expect(await screen.findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
      expect(calls('POST', '/api/wallet/deposits/by-id')).toHaveLength(0);

      await userEvent.click(screen.getByRole('radio', { name: /بانک سامان/ }));
      await userEvent.click(screen.getByRole('button', { name: 'ساخت شناسهٔ واریز' }));
      expect(await screen.findByText('\u2066۴۸۲۱۳۹۵۷۲۰۱۸\u2069')).toBeTruthy();
      const init = calls('POST', '/api/wallet/deposits/by-id')[0]?.[1];
      expect(JSON.parse(init?.body as string)).toEqual({ bankAccountId: saman.id });
      expect(screen.getByRole('button', { name: 'کپی شناسهٔ واریز' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'کپی شبای مقصد' })).toBeTruthy();
      expect(screen.getByText('حساب مقصد: بانک پاسارگاد')).toBeTruthy();
      // The ID exists now: no second create button for this account.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'ساخت شناسهٔ واریز' })).toBeNull());
    },
  );

  it('lists the transfers with their status, what was credited and what goes back, when and why', async () => {
    server({
      'GET /api/bank-accounts': () => jsonResponse({ items: [saman] }),
      'GET /api/wallet/deposits/by-id': () =>
        jsonResponse({
          items: [samanId],
          capLeftToday: '0',
          deposits: [
            transfer({}),
            transfer({
              id: 'd1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
              amount: '2000000',
              credited: '0',
              fee: '0',
              returned: '1995000',
              status: 'Returned',
              returnReason: 'sheba_mismatch',
            }),
          ],
        }),
    });
    renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=id' });
    const list = await screen.findByRole('list', { name: 'واریزهای اخیر با شناسه' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('در حال بازگشت')).toBeTruthy();
    expect(within(first!).getByText('۲۴٬۹۹۷٬۵۰۰ تومان به کیف پول واریز شد (کارمزد ۲٬۵۰۰ تومان).')).toBeTruthy();
    expect(within(first!).getByText(/۳٬۰۰۰٬۰۰۰ تومان در .* به حساب مبدأ بازمی‌گردد: بیش از سقف روزانه\./)).toBeTruthy();
    expect(within(second!).getByText('بازگشت داده شد')).toBeTruthy();
    expect(within(second!).getByText(/از حسابی غیر از حساب این شناسه واریز شده بود\./)).toBeTruthy();
    expect(screen.getByText('باقی‌ماندهٔ سقف امروز: ۰ تومان')).toBeTruthy();
  });

  it('without a sheba account it asks for one; a failed load offers a retry; a refusal is translated', async () => {
    server({
      'GET /api/bank-accounts': () => jsonResponse({ items: [cardOnly] }),
      'GET /api/wallet/deposits/by-id': () => jsonResponse({ items: [], capLeftToday: '25000000', deposits: [] }),
    });
    const first = renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=id' });
    expect(
      await screen.findByText('برای واریز با شناسه، ابتدا یک حساب بانکی (شبا) به نام خودتان اضافه کنید.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'افزودن حساب بانکی' }).getAttribute('href')).toBe(
      '/profile/add-bank-account',
    );
    first.unmount();

    let down = true;
    server({
      'GET /api/bank-accounts': () => jsonResponse({ items: [saman] }),
      'GET /api/wallet/deposits/by-id': () =>
        down
          ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500)
          : jsonResponse({ items: [], capLeftToday: '25000000', deposits: [] }),
      'POST /api/wallet/deposits/by-id': () =>
        jsonResponse({ code: 'KYC_REQUIRED', message: 'x', details: { requiredLevel: 1 } }, 403),
    });
    renderWithApp(<DepositScreen />, { route: '/wallet/deposit?type=id' });
    const retry = await screen.findByRole('button', { name: /تلاش دوباره/ });
    down = false;
    await userEvent.click(retry);
    await userEvent.click(await screen.findByRole('radio', { name: /بانک سامان/ }));
    await userEvent.click(screen.getByRole('button', { name: 'ساخت شناسهٔ واریز' }));
    await waitFor(() => expect(calls('POST', '/api/wallet/deposits/by-id')).toHaveLength(1));
    expect((await screen.findAllByText('برای این کار ابتدا احراز هویت سطح ۱ را کامل کنید.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('\u2066۴۸۲۱۳۹۵۷۲۰۱۸\u2069')).toBeNull();
  });
});
