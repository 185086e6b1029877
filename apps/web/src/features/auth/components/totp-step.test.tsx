import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import TotpStep from './totp-step';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const account = {
  user: {
    id: 'u1',
    firstName: null,
    lastName: null,
    mobile: '+989121234567',
    email: null,
    kycVerified: false,
    kycLevel: 0,
    isEmailVerified: false,
    shahkarPassed: false,
    hasPassword: true,
    hasNationalCode: false,
    twoFactorEnabled: true,
    antiPhishingPhrase: null,
    affiliateRole: 'None',
    isAffiliateRoleDisabled: false,
    referralCode: 'ABC123',
    role: 'investor',
    isFrozen: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  isEmptyState: true,
  showFillUserInfoPage: false,
};

function renderStep(canRecoverByPhone = true, recoveryByAdmin = false) {
  const onLoggedIn = vi.fn();
  renderWithApp(
    <TotpStep
      challengeToken="tok"
      canRecoverByPhone={canRecoverByPhone}
      recoveryByAdmin={recoveryByAdmin}
      titleId="t"
      onBack={() => {}}
      onLoggedIn={onLoggedIn}
    />,
  );
  return { onLoggedIn, field: screen.getByLabelText('کد برنامهٔ احراز هویت') };
}

describe('the two-factor step of a login', () => {
  it('sends the code typed in Persian digits with the challenge and opens the session', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === '/api/account'
          ? jsonResponse(account)
          : jsonResponse({ status: 'loggedIn', isNewUser: false, expiresAt: '2026-01-02T00:00:00.000Z' }),
      ),
    );
    const { field, onLoggedIn } = renderStep();
    await userEvent.type(field, '۱۲۳۴۵۶');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    await waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ status: 'loggedIn' }), false),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/two-factor/verify');
    expect(JSON.parse(init?.body as string)).toEqual({ challengeToken: 'tok', code: '123456' });
  });

  it.each([
    ['TOTP_INVALID', 'کد برنامهٔ احراز هویت درست نیست.'],
    ['TOTP_ALREADY_USED', 'این کد قبلاً استفاده شده است. منتظر کد بعدی برنامه بمانید.'],
  ])('shows %s translated and stays', async (code, message) => {
    fetchMock.mockResolvedValue(jsonResponse({ code, message: 'x' }, 400));
    const { field, onLoggedIn } = renderStep();
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('refuses a short code without asking the server', async () => {
    const { field } = renderStep();
    await userEvent.type(field, '123');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    expect(await screen.findByText('کد تأیید باید ۶ رقم باشد.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers "I can’t reach my authenticator" only when the server allows it, and sends a phone code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        maskedMobile: '+98912***4567',
        channel: 'sms',
        expiresInSeconds: 120,
        resendInSeconds: 60,
        voiceInSeconds: 60,
      }),
    );
    renderStep(true);
    await userEvent.click(screen.getByRole('button', { name: 'به برنامهٔ احراز هویت دسترسی ندارم' }));
    expect(await screen.findByRole('heading', { name: 'غیرفعال کردن تأیید دومرحله‌ای' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/two-factor/recovery-code');
    expect(screen.getByLabelText('کد پیامک‌شده')).toBeTruthy();
  });

  it('"use a recovery code" switches the field; the code is sent in its written form, a used one is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ code: 'RECOVERY_CODE_USED', message: 'used' }, 400))
      .mockImplementation((url) =>
        Promise.resolve(
          url === '/api/account'
            ? jsonResponse(account)
            : jsonResponse({ status: 'loggedIn', isNewUser: false, expiresAt: '2026-01-02T00:00:00.000Z' }),
        ),
      );
    const { onLoggedIn } = renderStep(false);
    await userEvent.click(screen.getByRole('button', { name: 'استفاده از کد بازیابی' }));
    expect(screen.queryByLabelText('کد برنامهٔ احراز هویت')).toBeNull();
    const field = screen.getByLabelText('کد بازیابی');
    expect(document.activeElement).toBe(field);

    // A malformed code is refused here, without a request.
    await userEvent.type(field, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    expect(await screen.findByText('کد بازیابی ۱۰ نویسه دارد؛ مثلاً 7KQ2M-XD9WF')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '7kq2m xd9wf');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    expect(
      await screen.findByText('این کد بازیابی قبلاً استفاده شده است. یکی دیگر از کدهایتان را وارد کنید.'),
    ).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({
      challengeToken: 'tok',
      code: '7KQ2M-XD9WF',
    });

    await userEvent.clear(field);
    await userEvent.type(field, 'P4ZQH-3NVRT');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید و ورود' }));
    await waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ status: 'loggedIn' }), false),
    );
    expect(JSON.parse(fetchMock.mock.calls[1]![1]?.body as string)).toMatchObject({ code: 'P4ZQH-3NVRT' });

    // And back to the app's code.
    expect(screen.getByRole('button', { name: 'استفاده از کد برنامه' })).toBeTruthy();
  });

  it('hides the recovery after a one-time-code login', () => {
    renderStep(false);
    expect(screen.queryByRole('button', { name: 'به برنامهٔ احراز هویت دسترسی ندارم' })).toBeNull();
  });

  it('tells an operator that an admin recovers their account, and offers no recovery by phone', () => {
    renderStep(false, true);
    expect(screen.queryByRole('button', { name: 'به برنامهٔ احراز هویت دسترسی ندارم' })).toBeNull();
    expect(
      screen.getByText(
        'به برنامهٔ احراز هویت دسترسی ندارید؟ حساب اپراتورها را فقط مدیر سامانه بازیابی می‌کند؛ با او تماس بگیرید.',
      ),
    ).toBeTruthy();
  });
});
