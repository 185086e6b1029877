import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { RecoveryCodesSection } from './recovery-codes';
import TwoFactorScreen from './two-factor-screen';

const fetchMock = vi.fn<typeof fetch>();
const clipboard = vi.fn<(text: string) => Promise<void>>();
const blobs: Blob[] = [];
beforeEach(() => {
  fetchMock.mockReset();
  clipboard.mockReset().mockResolvedValue();
  blobs.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: clipboard } });
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return 'blob:codes';
  });
  URL.revokeObjectURL = vi.fn();
  // jsdom does not navigate: a download link's click is only recorded.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const CODES = [
  '7KQ2M-XD9WF',
  'P4ZQH-3NVRT',
  'M8C1K-W2YTA',
  'H5V9B-QR0XE',
  'T3NDF-6KZJP',
  'A7WQX-1MCHS',
  'Z2R8N-VPF4D',
  'E9KTY-5BQWM',
  'G6HJC-0ZXRN',
  'W1PDV-8SAKQ',
];
const GENERATED = '2026-11-29T12:00:00.000Z';

/** jsdom's Blob has no `text()`: read it as the browser's FileReader would. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const calls = (url: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

/** A user with two-factor on and `left` codes; regenerating needs a step-up until a recovery code is given. */
function server({ left = 7, stepUpFirst = false }: { left?: number; stepUpFirst?: boolean } = {}) {
  let current = left;
  let steppedUp = !stepUpFirst;
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === '/api/account') return jsonResponse(accountFixture({ user: { twoFactorEnabled: true } }));
    if (url === '/api/account/two-factor/recovery-codes' && method === 'GET')
      return jsonResponse({ left: current, total: 10, generatedAt: '2026-10-01T09:00:00.000Z' });
    if (url === '/api/account/two-factor/recovery-codes' && method === 'POST') {
      if (!steppedUp) return jsonResponse({ code: 'STEP_UP_REQUIRED', message: 'again' }, 403);
      current = 10;
      return jsonResponse({ codes: CODES, generatedAt: GENERATED });
    }
    if (url === '/api/auth/step-up') {
      steppedUp = true;
      return jsonResponse({ authenticatedAt: GENERATED, validUntil: GENERATED });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

describe('the security page’s recovery codes', () => {
  it('says how many are left; a new set, after a confirmation, is shown once with copy and download', async () => {
    server();
    renderWithApp(<RecoveryCodesSection />);
    const section = await screen.findByRole('region', { name: 'کدهای بازیابی' });
    expect(await within(section).findByText('۷ کد از ۱۰ کد باقی مانده است.')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'ساخت کدهای تازه' }));
    const confirm = await screen.findByRole('dialog', { name: 'کدهای تازه ساخته شوند؟' });
    expect(within(confirm).getByText(/کدهای بازیابی فعلی دیگر کار نمی‌کنند/)).toBeTruthy();
    expect(calls('/api/account/two-factor/recovery-codes', 'POST')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'بله، کدهای تازه را بساز' }));

    const list = await within(section).findByRole('list', { name: 'کدهای بازیابی' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(list.getAttribute('dir')).toBe('ltr');
    expect(calls('/api/account/two-factor/recovery-codes', 'POST')).toHaveLength(1);

    await userEvent.click(within(section).getByRole('button', { name: 'کپی همه' }));
    expect(clipboard).toHaveBeenCalledWith(CODES.join('\n'));
    await userEvent.click(within(section).getByRole('button', { name: 'دریافت فایل متنی' }));
    expect(blobs).toHaveLength(1);
    const file = await readText(blobs[0]!);
    for (const c of CODES) expect(file).toContain(c);
    expect(file).toContain('کدهای بازیابی حساب پرتال');

    // "Done" waits for the user to say the codes are saved; then they are gone from the page.
    const done = within(section).getByRole('button', { name: 'تمام' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(section).getByRole('checkbox', { name: 'کدها را جایی امن ذخیره کردم' }));
    await userEvent.click(done);
    expect(within(section).queryByRole('list')).toBeNull();
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(await within(section).findByText('۱۰ کد از ۱۰ کد باقی مانده است.')).toBeTruthy();
  });

  it('a copy the clipboard refuses shows “an error has occurred”, not the raw key (issue 19)', async () => {
    clipboard.mockRejectedValue(new Error('denied'));
    server();
    renderWithApp(<RecoveryCodesSection />);
    const section = await screen.findByRole('region', { name: 'کدهای بازیابی' });
    await userEvent.click(await within(section).findByRole('button', { name: 'ساخت کدهای تازه' }));
    const confirm = await screen.findByRole('dialog', { name: 'کدهای تازه ساخته شوند؟' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'بله، کدهای تازه را بساز' }));
    await within(section).findByRole('list', { name: 'کدهای بازیابی' });
    await userEvent.click(within(section).getByRole('button', { name: 'کپی همه' }));
    expect(await screen.findByText('خطایی رخ داده است.')).toBeTruthy();
    expect(screen.queryByText('notices.copyFailed')).toBeNull();
  });

  it('a regeneration that needs a step-up asks for it, and a recovery code may be given there', async () => {
    server({ stepUpFirst: true });
    renderWithApp(<RecoveryCodesSection />);
    const section = await screen.findByRole('region', { name: 'کدهای بازیابی' });
    await userEvent.click(await within(section).findByRole('button', { name: 'ساخت کدهای تازه' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'کدهای تازه ساخته شوند؟' })).getByRole('button', {
        name: 'بله، کدهای تازه را بساز',
      }),
    );
    const stepUp = await screen.findByRole('dialog', { name: 'تأیید هویت' });
    await userEvent.click(within(stepUp).getByRole('button', { name: 'استفاده از کد بازیابی' }));
    await userEvent.type(within(stepUp).getByLabelText('کد بازیابی'), 'h5v9b-qr0xe');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'تأیید' }));

    expect(await within(section).findByRole('list', { name: 'کدهای بازیابی' })).toBeTruthy();
    expect(JSON.parse(calls('/api/auth/step-up', 'POST')[0]![1]?.body as string)).toEqual({
      method: 'totp',
      code: 'H5V9B-QR0XE',
    });
    expect(calls('/api/account/two-factor/recovery-codes', 'POST')).toHaveLength(2);
  });

  it.each([
    [2, 'کدهای بازیابی‌تان رو به پایان است. کدهای تازه بسازید.'],
    [0, 'کد بازیابی استفاده‌نشده‌ای ندارید. کدهای تازه بسازید.'],
  ])('with %i left it asks for a new set', async (left, warning) => {
    server({ left });
    renderWithApp(<RecoveryCodesSection />);
    expect(await screen.findByText(warning)).toBeTruthy();
  });
});

describe('turning two-factor on', () => {
  it('shows the recovery codes of the enabling answer once, before the page moves on', async () => {
    let on = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = input as string;
      if (url === '/api/account') return jsonResponse(accountFixture({ user: { twoFactorEnabled: on } }));
      if (url === '/api/account/two-factor/setup')
        return jsonResponse({
          otpauthUri: 'otpauth://totp/Portal:%2B989121234567?secret=JBSWY3DPEHPK3PXP&issuer=Portal',
          secret: 'JBSWY3DPEHPK3PXP',
          issuer: 'Portal',
          accountName: '+989121234567',
        });
      if (url === '/api/account/two-factor/enable') {
        expect(JSON.parse(init?.body as string)).toEqual({ code: '123456' });
        on = true;
        return jsonResponse({ ok: true, recoveryCodes: CODES });
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
    });
    renderWithApp(<TwoFactorScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'شروع فعال‌سازی' }));
    await userEvent.type(await screen.findByLabelText('کد برنامهٔ احراز هویت'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'فعال‌سازی' }));

    const list = await screen.findByRole('list', { name: 'کدهای بازیابی' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'کدهای بازیابی را ذخیره کنید' })).toBeTruthy();
    // The account now says two-factor is on; the codes stay until the user is done with them.
    await waitFor(() => expect(screen.getByText('تأیید دومرحله‌ای حساب شما فعال است.')).toBeTruthy());
    expect(screen.getByRole('list', { name: 'کدهای بازیابی' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'کدها را جایی امن ذخیره کردم' }));
    await userEvent.click(screen.getByRole('button', { name: 'تمام' }));
    expect(screen.queryByRole('list', { name: 'کدهای بازیابی' })).toBeNull();
    // The page moves on to two-factor on: turning it off is offered (behind its own button).
    expect(screen.getByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای…' })).toBeTruthy();
  });
});
