import { screen } from '@testing-library/react';
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
afterEach(() => vi.unstubAllGlobals());

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
    expect(await screen.findByRole('tab', { name: 'با کد پیامکی' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'با کد برنامه' })).toBeTruthy();
    expect(screen.queryByText(operatorText)).toBeNull();
  });
});
