import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/contract/admin/roles';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import TwoFactorScreen from './two-factor-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fa');
});

function renderAs(role: Role, twoFactorEnabled: boolean) {
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      url === '/api/account'
        ? jsonResponse(accountFixture({ user: { role, twoFactorEnabled } }))
        : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404),
    ),
  );
  renderWithApp(<TwoFactorScreen />);
}

const operatorText =
  'این حساب اپراتور است: تأیید دومرحله‌ای آن از اینجا غیرفعال یا جایگزین نمی‌شود. اگر به برنامهٔ احراز هویت دسترسی ندارید، از مدیر سامانه بخواهید حسابتان را بازیابی کند؛ سپس در ورود بعدی برنامهٔ تازه‌ای تنظیم می‌کنید.';

describe('the two-factor page (issue 15: operators are recovered by an admin)', () => {
  it('an operator with two-factor on reads that an admin recovers the account, and finds no way to turn it off', async () => {
    renderAs('senior_operator', true);
    expect(await screen.findByText(operatorText)).toBeTruthy();
    expect(screen.getByText('تأیید دومرحله‌ای حساب شما فعال است.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'با کد پیامکی' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای' })).toBeNull();
  });

  it('an operator whose two-factor was reset by an admin sets up a new authenticator here', async () => {
    renderAs('operator', false);
    expect(await screen.findByRole('button', { name: 'شروع فعال‌سازی' })).toBeTruthy();
    expect(screen.queryByText(operatorText)).toBeNull();
  });

  it('an investor with two-factor on may still turn it off by the app or by a phone code', async () => {
    renderAs('investor', true);
    await userEvent.click(await screen.findByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای…' }));
    expect(await screen.findByRole('tab', { name: 'با کد پیامکی' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'با کد برنامه' })).toBeTruthy();
    expect(screen.queryByText(operatorText)).toBeNull();
  });
});

describe('the two-factor page once it is on (issue 19: not only a green "disable")', () => {
  function renderOn() {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === '/api/account'
          ? jsonResponse(accountFixture({ user: { role: 'investor', twoFactorEnabled: true } }))
          : url === '/api/account/two-factor/recovery-codes'
            ? jsonResponse({ left: 7, total: 10, generatedAt: '2025-05-01T08:30:00.000Z' })
            : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404),
      ),
    );
    renderWithApp(<TwoFactorScreen />);
  }

  it('offers the recovery codes: how many are left, and a new set', async () => {
    renderOn();
    expect(await screen.findByText('۷ کد از ۱۰ کد باقی مانده است.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'کدهای بازیابی' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ساخت کدهای تازه' }));
    expect(await screen.findByRole('dialog', { name: 'کدهای تازه ساخته شوند؟' })).toBeTruthy();
  });

  it('keeps turning it off a secondary, error-coloured action, with its cost said before the form', async () => {
    renderOn();
    const turnOff = await screen.findByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای…' });
    expect(turnOff.className).toMatch(/MuiButton-outlined/);
    expect(turnOff.className).toMatch(/MuiButton-colorError/);
    // No code form until asked for.
    expect(screen.queryByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای' })).toBeNull();

    await userEvent.click(turnOff);
    expect(screen.getByText(/بدون تأیید دومرحله‌ای، هر کسی که رمز عبور/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای' });
    expect(submit.className).toMatch(/MuiButton-colorError/);
    expect(submit.className).not.toMatch(/MuiButton-colorPrimary/);

    await userEvent.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(screen.queryByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای' })).toBeNull();
    expect(screen.getByRole('button', { name: 'غیرفعال کردن تأیید دومرحله‌ای…' })).toBeTruthy();
  });
});

describe('copying the two-factor key when the clipboard refuses (issue 19)', () => {
  it.each([
    ['fa', 'خطایی رخ داده است.'],
    ['ar', 'حدث خطأ.'],
    ['en', 'An error has occurred.'],
  ])('in %s shows the SPEC’s “an error has occurred”, not the raw key', async (lng, message) => {
    await i18next.changeLanguage(lng);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === '/api/account'
          ? jsonResponse(accountFixture({ user: { role: 'investor', twoFactorEnabled: false } }))
          : url === '/api/account/two-factor/setup'
            ? jsonResponse({
                otpauthUri: 'otpauth://totp/Portal:09120000000?secret=JBSWY3DPEHPK3PXP&issuer=Portal',
                secret: 'JBSWY3DPEHPK3PXP',
                issuer: 'Portal',
                accountName: '09120000000',
              })
            : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404),
      ),
    );
    renderWithApp(<TwoFactorScreen />);
    await userEvent.click(await screen.findByRole('button', { name: i18next.t('account:twoFactor.start') }));
    await userEvent.click(await screen.findByRole('button', { name: i18next.t('account:twoFactor.step2.copy') }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('notices.copyFailed')).toBeNull();
  });
});
