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
});
afterEach(() => vi.unstubAllGlobals());

const account = (hasNationalCode: boolean): AccountResponse => ({
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
    twoFactorEnabled: false,
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

function server(hasNationalCode: boolean) {
  fetchMock.mockImplementation((input) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(account(hasNationalCode)));
    if (url === '/api/account/phone/current-code') return Promise.resolve(jsonResponse(sent('+98912***4567')));
    if (url === '/api/account/phone/verify-current')
      return Promise.resolve(jsonResponse({ changeToken: 'tok', expiresInSeconds: 300 }));
    if (url === '/api/account/phone/new-code') return Promise.resolve(jsonResponse(sent('+98935***1234')));
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
    expect(field.value).toBe('0084575948');
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
