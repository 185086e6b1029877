import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_ACCOUNT_LIMIT, type BankAccount } from '@portal/contract/bank/bank-accounts';
import { bankAccountFixture } from '@/test/bank-account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import BankAccountsScreen from './bank-accounts-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const card = bankAccountFixture();
const shebaOnly = bankAccountFixture({
  id: '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d',
  bank: 'saman',
  cardNumberMasked: null,
  shebaMasked: 'IR3805****************1234',
  createdAt: '2025-06-10T08:30:00.000Z',
});

/** The server: `GET /bank-accounts` answers `list()`; `DELETE` answers `remove()` and, when it succeeds, removes the account. */
function server(items: BankAccount[], { list, remove }: { list?: () => Response; remove?: () => Response } = {}) {
  let accounts = items;
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    if (url === '/api/bank-accounts' && (init?.method ?? 'GET') === 'GET') {
      return list ? list() : jsonResponse({ items: accounts });
    }
    const m = /^\/api\/bank-accounts\/([\w-]+)$/.exec(url);
    if (m && init?.method === 'DELETE') {
      const res = remove ? remove() : jsonResponse({ ok: true });
      if (res.ok) accounts = accounts.filter((a) => a.id !== m[1]);
      return res;
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const deleteCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('the bank accounts page', () => {
  it('lists the accounts with their bank, the card masked (first six, last four) and the sheba, in Persian digits', async () => {
    server([shebaOnly, card]);
    renderWithApp(<BankAccountsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'حساب‌های بانکی' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'در حال بارگذاری…' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'حساب‌های بانکی شما' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'بانک سامان' })).toBeTruthy();
    expect(within(items[0]!).getByText('IR۳۸۰۵****************۱۲۳۴')).toBeTruthy();
    expect(within(items[0]!).queryByText('شمارهٔ کارت:')).toBeNull();
    expect(within(items[1]!).getByRole('heading', { name: 'بانک ملی ایران' })).toBeTruthy();
    expect(within(items[1]!).getByText('۶۰۳۷ ۹۹** **** ۷۸۱۰')).toBeTruthy();
    expect(within(items[1]!).getByText('IR۰۵۰۱****************۹۰۱۲')).toBeTruthy();
    expect(within(items[1]!).getByText('افزوده‌شده در ۱۱ اردیبهشت ۱۴۰۴')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'افزودن حساب بانکی' }).getAttribute('href')).toBe(
      '/profile/add-bank-account',
    );
  });

  it('says when there is no account yet, and leads to adding one', async () => {
    server([]);
    renderWithApp(<BankAccountsScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'هنوز حساب بانکی‌ای اضافه نکرده‌اید.' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'افزودن حساب بانکی' }).getAttribute('href')).toBe(
      '/profile/add-bank-account',
    );
  });

  it('says why the list did not load, and loads it again', async () => {
    let fail = true;
    server([card], {
      list: () => (fail ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) : jsonResponse({ items: [card] })),
    });
    renderWithApp(<BankAccountsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('متأسفانه خطایی رخ داده است.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('heading', { name: 'بانک ملی ایران' })).toBeTruthy();
  });

  it('deletes an account only after the user confirms it', async () => {
    server([shebaOnly, card]);
    renderWithApp(<BankAccountsScreen />);
    const del = await screen.findByRole('button', { name: 'حذف بانک ملی ایران ۶۰۳۷ ۹۹** **** ۷۸۱۰' });

    // Cancel: nothing is sent.
    await userEvent.click(del);
    let dialog = await screen.findByRole('dialog', { name: 'حذف حساب بانکی' });
    expect(within(dialog).getByText('۶۰۳۷ ۹۹** **** ۷۸۱۰')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteCalls()).toHaveLength(0);

    // Confirm: the account leaves the list and the page says so.
    await userEvent.click(del);
    dialog = await screen.findByRole('dialog', { name: 'حذف حساب بانکی' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'حذف حساب' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteCalls().map(([url]) => url)).toEqual([`/api/bank-accounts/${card.id}`]);
    expect(await screen.findByText('حساب بانکی حذف شد.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'بانک ملی ایران' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when the server refuses the delete', async () => {
    server([card], { remove: () => jsonResponse({ code: 'NOT_FOUND', message: 'gone' }, 404) });
    renderWithApp(<BankAccountsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: /^حذف بانک ملی ایران/ }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف حساب بانکی' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'حذف حساب' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('اطلاعات درخواستی پیدا نشد.');
  });

  it('says the limit is reached instead of offering to add another', async () => {
    server(
      Array.from({ length: BANK_ACCOUNT_LIMIT }, (_, i) =>
        bankAccountFixture({ id: `00000000-0000-4000-8000-00000000000${i}` }),
      ),
    );
    renderWithApp(<BankAccountsScreen />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'به سقف ۱۰ حساب بانکی رسیده‌اید. برای افزودن حساب تازه، ابتدا یکی از حساب‌ها را حذف کنید.',
    );
    expect(screen.queryByRole('link', { name: 'افزودن حساب بانکی' })).toBeNull();
  });

  it('reads in English with Latin digits and the Gregorian date', async () => {
    await i18next.changeLanguage('en');
    server([card]);
    renderWithApp(<BankAccountsScreen />);
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Bank Melli Iran' })).toBeTruthy();
    expect(within(item).getByText('6037 99** **** 7810')).toBeTruthy();
    expect(within(item).getByText('Added on May 1, 2025')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Bank Melli Iran 6037 99** **** 7810' })).toBeTruthy();
  });
});
