import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressBook, AddressBookEntry } from '@portal/contract/tether/chain';
import { formatDate } from '@/lib/format';
import { accountFixture } from '@/test/account-fixture';
import { CODE_SENT } from '@/test/otp-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  bookEntryFixture,
  EVM_ADDRESS,
  EVM_BAD_CHECKSUM,
  NETWORKS,
  OTHER_TRON_ADDRESS,
  page,
  TRON_ADDRESS,
} from '../test-fixtures';
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
afterEach(() => vi.unstubAllGlobals());

/** Saved yesterday: usable. */
const exchange = bookEntryFixture({ label: 'صرافی', usableAt: '2025-01-02T00:00:00.000Z' });
/** Saved just now: usable only tomorrow (far ahead, so the test never reaches it). */
const LATER = '2099-01-01T10:00:00.000Z';
const fresh = bookEntryFixture({
  label: 'کیف تازه',
  network: 'ERC20',
  address: EVM_ADDRESS,
  createdAt: '2098-12-31T10:00:00.000Z',
  usableAt: LATER,
});

/**
 * The server: a level-two investor's address book. Saving an address already saved (same network and
 * address) is `ADDRESS_BOOK_DUPLICATE`; turning whitelist mode off needs the code 222222.
 */
function server({ book }: { book: AddressBook }) {
  let current: AddressBook = { ...book, items: [...book.items] };
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { kycLevel: 2 } }));
    if (url === '/api/wallets')
      return jsonResponse({
        items: [
          {
            walletId: '00000000-0000-4000-8000-000000000004',
            currency: 'USDT',
            available: '100',
            held: '0',
            total: '100',
          },
        ],
      });
    if (url === '/api/wallet/tether/networks')
      return jsonResponse({ items: NETWORKS, allowance: { dailyLimit: '1000', remainingToday: '1000' } });
    if (url.startsWith('/api/wallet/tether/withdrawals?')) return jsonResponse(page([]));
    if (url === '/api/wallet/withdrawals/code' && method === 'POST') return jsonResponse(CODE_SENT);
    if (url === '/api/wallet/tether/address-book' && method === 'GET') return jsonResponse(current);
    if (url === '/api/wallet/tether/address-book' && method === 'POST') {
      const body = JSON.parse(init?.body as string) as Pick<AddressBookEntry, 'network' | 'address' | 'label'>;
      if (current.items.some((e) => e.network === body.network && e.address === body.address))
        return jsonResponse({ code: 'ADDRESS_BOOK_DUPLICATE', message: 'dup' }, 409);
      const entry = bookEntryFixture({ ...body, usableAt: LATER });
      current = { ...current, items: [...current.items, entry] };
      return jsonResponse(entry, 201);
    }
    const del = /^\/api\/wallet\/tether\/address-book\/([0-9a-f-]{36})$/.exec(url);
    if (del && method === 'DELETE') {
      current = { ...current, items: current.items.filter((e) => e.id !== del[1]) };
      return jsonResponse({ ok: true });
    }
    if (url === '/api/wallet/tether/address-book/whitelist' && method === 'PUT') {
      const body = JSON.parse(init?.body as string) as { on: boolean; code?: string };
      if (!body.on && body.code !== '222222')
        return jsonResponse({ code: 'OTP_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }, 400);
      current = { ...current, whitelist: body.on };
      return jsonResponse(current);
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const calls = (path: string, method: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent;

async function openBook() {
  renderWithApp(<TetherWithdrawScreen />, { route: '/wallet/withdraw/usdt' });
  return screen.findByRole('region', { name: 'دفترچهٔ نشانی' }, FIRST_PAINT);
}

describe('the tether address book', { timeout: 40_000 }, () => {
  it('lists the saved addresses; in whitelist mode each says from when it may be used, and the form offers the usable ones', async () => {
    server({ book: { whitelist: true, items: [exchange, fresh] } });
    const user = userEvent.setup();
    const section = await openBook();
    const list = await within(section).findByRole('list', { name: 'نشانی‌های ذخیره‌شده' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'صرافی' })).toBeTruthy();
    expect(within(first!).getByText(TRON_ADDRESS)).toBeTruthy();
    expect(within(first!).getByText('قابل استفاده')).toBeTruthy();
    expect(within(second!).getByText('اتریوم (ERC20)')).toBeTruthy();
    expect(within(second!).getByText(`قابل استفاده از ${formatDate(LATER, 'fa', 'persian', 'dateTime')}`)).toBeTruthy();
    expect(within(section).getByRole('switch', { name: 'حالت فهرست سفید' })).toHaveProperty('checked', true);

    // The form's picker fills the address from the book; a typed address not in it is refused at once.
    const form = screen.getByRole('form', { name: 'برداشت به نشانی' });
    const address = within(form).getByLabelText('نشانی مقصد');
    await user.selectOptions(within(form).getByLabelText('انتخاب از دفترچهٔ نشانی'), exchange.id);
    expect(address).toHaveProperty('value', TRON_ADDRESS);
    expect(address.getAttribute('aria-invalid')).toBe('false');
    await user.clear(address);
    await paste(user, address, OTHER_TRON_ADDRESS);
    expect(helperOf(address)).toBe('حالت فهرست سفید روشن است و این نشانی در دفترچهٔ نشانی نیست.');

    // On ERC20 the saved address still waits: it is offered disabled, and typed it is refused with its date.
    await user.click(within(form).getByRole('radio', { name: /اتریوم \(ERC20\)/ }));
    const option = within(within(form).getByLabelText('انتخاب از دفترچهٔ نشانی')).getByRole('option', {
      name: /کیف تازه/,
    });
    expect(option).toHaveProperty('disabled', true);
    await user.clear(address);
    await paste(user, address, EVM_ADDRESS);
    expect(helperOf(address)).toBe(`این نشانی از ${formatDate(LATER, 'fa', 'persian', 'dateTime')} قابل استفاده است.`);
  });

  it('adds an address: checked for its network as typed, a label needed, a duplicate refused on the field', async () => {
    server({ book: { whitelist: false, items: [exchange] } });
    const user = userEvent.setup();
    const section = await openBook();
    await user.click(within(section).getByRole('button', { name: 'افزودن نشانی' }));
    const dialog = await screen.findByRole('dialog', { name: 'افزودن نشانی برداشت' });
    const address = within(dialog).getByLabelText('نشانی');
    const label = within(dialog).getByLabelText('برچسب');

    await user.selectOptions(within(dialog).getByLabelText('شبکه'), 'ERC20');
    await paste(user, address, EVM_BAD_CHECKSUM);
    expect(helperOf(address)).toBe('نشانی درست نوشته نشده است؛ آن را دوباره از مبدأ کپی کنید.');
    await user.clear(address);
    await paste(user, address, TRON_ADDRESS);
    expect(helperOf(address)).toBe('این نشانی برای شبکهٔ انتخاب‌شده معتبر نیست.');

    // Back on TRC20, the address is fine; without a label nothing is sent.
    await user.selectOptions(within(dialog).getByLabelText('شبکه'), 'TRC20');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('false'));
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    expect(helperOf(label)).toBe('این فیلد را پر کنید.');
    expect(calls('/api/wallet/tether/address-book', 'POST')).toHaveLength(0);

    // The same address on the same network is saved already: the server says so on the address.
    await user.type(label, 'دوباره');
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(helperOf(address)).toBe('این نشانی برای این شبکه پیش‌تر ذخیره شده است.'));

    await user.clear(address);
    await paste(user, address, EVM_ADDRESS.toLowerCase());
    await user.selectOptions(within(dialog).getByLabelText('شبکه'), 'BEP20');
    await user.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Sent in its canonical (EIP-55) form.
    expect(JSON.parse(calls('/api/wallet/tether/address-book', 'POST')[1]![1]!.body as string)).toEqual({
      network: 'BEP20',
      address: EVM_ADDRESS,
      label: 'دوباره',
    });
    const list = within(section).getByRole('list', { name: 'نشانی‌های ذخیره‌شده' });
    expect(await within(list).findByRole('heading', { name: 'دوباره' })).toBeTruthy();
  });

  it('deletes an address after a confirmation', async () => {
    server({ book: { whitelist: false, items: [exchange] } });
    const user = userEvent.setup();
    const section = await openBook();
    await user.click(await within(section).findByRole('button', { name: 'حذف نشانی صرافی' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف نشانی' });
    expect(within(dialog).getByText('نشانی «صرافی» در شبکهٔ ترون (TRC20) از دفترچه حذف شود؟')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await within(section).findByText('هنوز نشانی‌ای ذخیره نکرده‌اید.')).toBeTruthy();
    expect(calls(`/api/wallet/tether/address-book/${exchange.id}`, 'DELETE')).toHaveLength(1);
  });

  it('turns whitelist mode on at once, and off only with the code the withdrawal asks for', async () => {
    server({ book: { whitelist: false, items: [exchange] } });
    const user = userEvent.setup();
    const section = await openBook();
    const toggle = await within(section).findByRole('switch', { name: 'حالت فهرست سفید' });

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(JSON.parse(calls('/api/wallet/tether/address-book/whitelist', 'PUT')[0]![1]!.body as string)).toEqual({
      on: true,
    });
    expect(calls('/api/wallet/withdrawals/code', 'POST')).toHaveLength(0);

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'خاموش کردن فهرست سفید' });
    expect(await within(dialog).findByText(/کد تأیید به شمارهٔ .*۰۹۱۲\*\*\*۴۵۶۷.* فرستاده شد\./)).toBeTruthy();
    expect(toggle).toHaveProperty('checked', true);
    const code = within(dialog).getByLabelText('کد تأیید');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('کد تأیید درست نیست.');
    await user.clear(code);
    await user.type(code, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'تأیید و ثبت درخواست' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle).toHaveProperty('checked', false);
    expect(JSON.parse(calls('/api/wallet/tether/address-book/whitelist', 'PUT')[2]![1]!.body as string)).toEqual({
      on: false,
      code: '222222',
    });
  });
});
