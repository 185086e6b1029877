import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountResponse } from '@portal/contract/account/account';
import { jsonResponse, renderWithApp } from '@/test/render';
import ChangePhoneScreen from './change-phone-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const account = (hasNationalCode: boolean, twoFactorEnabled = false): AccountResponse => ({
  user: {
    id: 'u1',
    firstName: null,
    lastName: null,
    mobile: '+989121234567',
    email: null,
    kycVerified: hasNationalCode,
    kycLevel: hasNationalCode ? 1 : 0,
    isEmailVerified: false,
    shahkarPassed: false,
    hasPassword: true,
    hasNationalCode,
    twoFactorEnabled,
    antiPhishingPhrase: null,
    affiliateRole: 'None',
    isAffiliateRoleDisabled: false,
    referralCode: 'ABC123',
    role: 'investor',
    isFrozen: false,
    withdrawalsHeldUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  isEmptyState: true,
  showFillUserInfoPage: false,
});

const sent = (maskedMobile: string) => ({
  maskedMobile,
  channel: 'sms',
  expiresInSeconds: 120,
  resendInSeconds: 60,
  voiceInSeconds: 120,
});

function server(
  hasNationalCode: boolean,
  { twoFactor = false, currentCode = '123456' }: { twoFactor?: boolean; currentCode?: string } = {},
) {
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(account(hasNationalCode, twoFactor)));
    if (url === '/api/account/phone/current-code') return Promise.resolve(jsonResponse(sent('+98912***4567')));
    if (url === '/api/account/phone/verify-current') {
      const body = JSON.parse(init?.body as string) as { code: string; totpCode?: string };
      if (body.code !== currentCode)
        return Promise.resolve(jsonResponse({ code: 'OTP_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }, 400));
      if (twoFactor && !body.totpCode)
        return Promise.resolve(jsonResponse({ code: 'TOTP_REQUIRED', message: 'totp' }, 400));
      return Promise.resolve(jsonResponse({ changeToken: 'tok', expiresInSeconds: 300 }));
    }
    if (url === '/api/account/phone/new-code') return Promise.resolve(jsonResponse(sent('+98935***1234')));
    if (url === '/api/account/phone/verify-new') return Promise.resolve(jsonResponse({ ok: true, mobile: '+989351231234' }));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const newCodeCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/account/phone/new-code');

async function toNewNumberStep() {
  renderWithApp(<ChangePhoneScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' }));
  await userEvent.type(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
  await userEvent.type(await screen.findByLabelText('شمارهٔ موبایل جدید'), '09351231234');
}

describe('change phone: the national code', () => {
  it('is asked for when none is on file: a wrong one is refused, Persian digits are sent as Latin', async () => {
    server(false);
    await toNewNumberStep();
    const field = screen.getByLabelText<HTMLInputElement>('کد ملی');
    await userEvent.type(field, '0084575949');
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد به شمارهٔ جدید' }));
    expect(await screen.findByText('کد ملی باید ۱۰ رقم و معتبر باشد.')).toBeTruthy();
    expect(newCodeCalls()).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '۰۰۸۴۵۷۵۹۴۸');
    expect(field.value).toBe('۰۰۸۴۵۷۵۹۴۸'); // shown in Persian digits, sent in Latin ones
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد به شمارهٔ جدید' }));
    await waitFor(() => expect(newCodeCalls()).toHaveLength(1));
    expect(JSON.parse(newCodeCalls()[0]![1]?.body as string)).toMatchObject({
      changeToken: 'tok',
      newMobile: '+989351231234',
      nationalCode: '0084575948',
    });
  });

  it('is not asked for when one is on file', async () => {
    server(true);
    await toNewNumberStep();
    expect(screen.queryByLabelText('کد ملی')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد به شمارهٔ جدید' }));
    await waitFor(() => expect(newCodeCalls()).toHaveLength(1));
    expect(JSON.parse(newCodeCalls()[0]![1]?.body as string)).not.toHaveProperty('nationalCode');
  });
});

const verifyCurrentCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/account/phone/verify-current');
/** Each step's label and whether it is ticked. */
const stepStates = () =>
  [...screen.getByLabelText('مراحل تغییر شماره').querySelectorAll('.MuiStepLabel-label')].map((l) => [
    l.textContent,
    l.classList.contains('Mui-completed'),
  ]);

describe('change phone: the stepper (issue 19)', () => {
  it('numbers its steps in Persian digits', async () => {
    server(true);
    renderWithApp(<ChangePhoneScreen />);
    await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' });
    const icons = [...screen.getByLabelText('مراحل تغییر شماره').querySelectorAll('.MuiStepIcon-text')];
    expect(icons.map((i) => i.textContent)).toEqual(['۱', '۲', '۳']);
  });

  it('with two-factor on, asks one code per step: the SMS code, then the authenticator’s', async () => {
    server(true, { twoFactor: true });
    renderWithApp(<ChangePhoneScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' }));
    await userEvent.type(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی'), '123456');
    // Step 1 asks for the SMS code only.
    expect(screen.queryByLabelText('کد برنامهٔ احراز هویت')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(verifyCurrentCalls()).toHaveLength(0);

    // Step 2: the authenticator's code, then both go to the server together.
    expect(stepStates()[0]).toEqual(['تأیید شمارهٔ فعلی', true]);
    await userEvent.type(await screen.findByLabelText('کد برنامهٔ احراز هویت'), '654321');
    expect(screen.queryByLabelText('کد ارسال‌شده به شمارهٔ فعلی')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(verifyCurrentCalls()).toHaveLength(1));
    expect(JSON.parse(verifyCurrentCalls()[0]![1]?.body as string)).toEqual({ code: '123456', totpCode: '654321' });
    expect(await screen.findByLabelText('شمارهٔ موبایل جدید')).toBeTruthy();
  });

  it('goes back to the SMS code’s step when the server refuses that code', async () => {
    server(true, { twoFactor: true, currentCode: '111111' });
    renderWithApp(<ChangePhoneScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' }));
    await userEvent.type(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    await userEvent.type(await screen.findByLabelText('کد برنامهٔ احراز هویت'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی')).toBeTruthy();
    expect(await screen.findByText(/کد تأیید درست نیست/)).toBeTruthy();
    expect(screen.queryByLabelText('کد برنامهٔ احراز هویت')).toBeNull();
  });

  it('ticks every step, the last one included, once the number changed', async () => {
    server(true);
    await toNewNumberStep();
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد به شمارهٔ جدید' }));
    await userEvent.type(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ جدید'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'تغییر شماره' }));
    expect(await screen.findByRole('dialog', { name: 'شمارهٔ موبایل تغییر کرد' })).toBeTruthy();
    expect(stepStates().map(([, done]) => done)).toEqual([true, true, true]);
    // Nothing left to resume.
    expect(window.sessionStorage.getItem('change-phone:u1')).toBeNull();
  });

  it('survives a reload: the step and the server’s change token, never a typed code', async () => {
    server(true);
    const first = renderWithApp(<ChangePhoneScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' }));
    await userEvent.type(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    await screen.findByLabelText('شمارهٔ موبایل جدید');
    expect(window.sessionStorage.getItem('change-phone:u1')).not.toContain('123456');
    first.unmount();

    renderWithApp(<ChangePhoneScreen />);
    await userEvent.type(await screen.findByLabelText('شمارهٔ موبایل جدید'), '09351231234');
    expect(stepStates().map(([, done]) => done)).toEqual([true, false, false]);
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد به شمارهٔ جدید' }));
    await waitFor(() => expect(newCodeCalls()).toHaveLength(1));
    expect(JSON.parse(newCodeCalls()[0]![1]?.body as string)).toMatchObject({ changeToken: 'tok' });
    expect(verifyCurrentCalls()).toHaveLength(1);
  });

  it('after a reload, counts the resend wait down from where it was, not from the start', async () => {
    window.sessionStorage.setItem(
      'change-phone:u1',
      JSON.stringify({ kind: 'current', sent: sent('+98912***4567'), at: Date.now() - 50_000 }),
    );
    server(true);
    renderWithApp(<ChangePhoneScreen />);
    expect(await screen.findByLabelText('کد ارسال‌شده به شمارهٔ فعلی')).toBeTruthy();
    // 60 seconds to wait, 50 of them gone: about 10 left, in Persian digits.
    expect(screen.getByRole('button', { name: /ارسال دوبارهٔ کد \(۰۰:(۰۹|۱۰)\)/ })).toBeTruthy();
  });

  it('starts over after a reload once the change token has expired', async () => {
    window.sessionStorage.setItem(
      'change-phone:u1',
      JSON.stringify({ kind: 'new', changeToken: 'old', expiresAt: Date.now() - 1000 }),
    );
    server(true);
    renderWithApp(<ChangePhoneScreen />);
    expect(await screen.findByRole('button', { name: 'ارسال کد به شمارهٔ فعلی' })).toBeTruthy();
    expect(window.sessionStorage.getItem('change-phone:u1')).toBeNull();
  });
});
