import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountResponse } from '@portal/contract/account/account';
import { endOtherSessions } from '@portal/contract/account/sessions';
import { callApi } from '@/lib/api-client';
import { jsonResponse, renderWithApp } from '@/test/render';
import { useStepUpGuard } from './step-up';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const account: AccountResponse = {
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
};

const RIGHT = 'Zebra-Quartz-81';

/** A server whose guarded call needs a recent authentication until the right password is given. */
function server() {
  let steppedUp = false;
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(account));
    if (url === '/api/account/sessions/end-others')
      return Promise.resolve(
        steppedUp
          ? jsonResponse({ ended: 2 })
          : jsonResponse({ code: 'STEP_UP_REQUIRED', message: 'Authenticate again' }, 403),
      );
    if (url === '/api/auth/step-up') {
      const body = JSON.parse(init?.body as string) as { method: string; password?: string };
      if (body.method === 'password' && body.password === RIGHT) {
        steppedUp = true;
        return Promise.resolve(
          jsonResponse({ authenticatedAt: '2026-01-01T00:00:00.000Z', validUntil: '2026-01-01T00:10:00.000Z' }),
        );
      }
      return Promise.resolve(jsonResponse({ code: 'PASSWORD_INCORRECT', message: 'wrong' }, 400));
    }
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

function Harness() {
  const { guard, dialog } = useStepUpGuard();
  const [result, setResult] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() => {
          guard(() => callApi(endOtherSessions)).then(
            (r) => setResult(`ended ${r.ended}`),
            () => setResult('refused'),
          );
        }}
      >
        run
      </button>
      <output>{result}</output>
      {dialog}
    </>
  );
}

const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

describe('the step-up guard', () => {
  it('opens on STEP_UP_REQUIRED; a wrong password shows the translated error, the right one retries the call', async () => {
    server();
    renderWithApp(<Harness />);
    await waitFor(() => expect(calls('/api/account')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید هویت' });
    expect(calls('/api/account/sessions/end-others')).toHaveLength(1);

    // Nothing typed: the form's own rule (the contract's `passwordInput`) says so and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    expect(await within(dialog).findByText('این فیلد را پر کنید.')).toBeTruthy();
    expect(calls('/api/auth/step-up')).toHaveLength(0);

    const field = within(dialog).getByLabelText('رمز عبور');
    await userEvent.type(field, 'Wrong-Pass-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    expect(await within(dialog).findByText('شمارهٔ موبایل یا رمز عبور درست نیست.')).toBeTruthy();
    expect(calls('/api/account/sessions/end-others')).toHaveLength(1);

    await userEvent.clear(field);
    await userEvent.type(field, RIGHT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    expect(await screen.findByText('ended 2')).toBeTruthy();
    expect(calls('/api/account/sessions/end-others')).toHaveLength(2);
    expect(JSON.parse(calls('/api/auth/step-up')[1]![1]?.body as string)).toEqual({
      method: 'password',
      password: RIGHT,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling rejects the call without retrying it', async () => {
    server();
    renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید هویت' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    expect(await screen.findByText('refused')).toBeTruthy();
    expect(calls('/api/account/sessions/end-others')).toHaveLength(1);
  });
});
