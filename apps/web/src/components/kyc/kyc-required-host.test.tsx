import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endOtherSessions } from '@portal/contract/account/sessions';
import type { KycState } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { kycFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import { KycRequiredHost } from './kyc-required-host';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Any action of any page; the server refuses it for a missing KYC level. */
function Action() {
  const action = useMutation({ mutationFn: () => callApi(endOtherSessions) });
  return (
    <>
      <button type="button" onClick={() => action.mutate()}>
        act
      </button>
      {action.isError ? <p>refused</p> : null}
    </>
  );
}

function server(requiredLevel: 1 | 2, kyc: KycState) {
  fetchMock.mockImplementation((input) => {
    const url = input as string;
    if (url === '/api/kyc') return Promise.resolve(jsonResponse(kyc));
    return Promise.resolve(
      jsonResponse({ code: 'KYC_REQUIRED', message: 'level needed', details: { requiredLevel } }, 403),
    );
  });
}

function renderPage() {
  return renderWithApp(
    <>
      <Action />
      <KycRequiredHost />
    </>,
    { route: '/wallet/withdraw' },
  );
}

describe('the forced-KYC dialog', () => {
  it('opens when a mutation fails with KYC_REQUIRED, says level two is needed to withdraw, and leads to the KYC page', async () => {
    server(2, kycFixture());
    const { router } = renderPage();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'act' }));

    const dialog = await screen.findByRole('dialog', { name: 'احراز هویت سطح دو لازم است' });
    expect(within(dialog).getByText('برای برداشت از کیف پول باید احراز هویت سطح دو را کامل کرده باشید.')).toBeTruthy();
    expect(within(dialog).getByText(/یک ویدیوی کوتاه از چهره‌تان ضبط کنید/)).toBeTruthy();
    expect(await within(dialog).findByText('اتباع خارجی با گذرنامه احراز هویت می‌شوند.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'رفتن به احراز هویت' }));
    expect(router.state.location.pathname).toBe('/profile/kyc');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks a foreign investor for the passport and the video, and tells them a submission is under review', async () => {
    server(
      1,
      kycFixture({
        track: 'foreign',
        latest: {
          id: 's1',
          kind: 'foreign',
          status: 'pending',
          rejectReason: null,
          createdAt: '2025-05-01T08:30:00.000Z',
          reviewedAt: null,
        },
      }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'act' }));
    const dialog = await screen.findByRole('dialog', { name: 'احراز هویت سطح یک لازم است' });
    expect(within(dialog).getByText('برای سرمایه‌گذاری باید احراز هویت سطح یک را کامل کرده باشید.')).toBeTruthy();
    expect(await within(dialog).findByText(/شماره و تصویر گذرنامه و یک ویدیوی کوتاه/)).toBeTruthy();
    expect(within(dialog).getByText(/در انتظار بررسی است/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'بعداً' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed for other errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'act' }));
    expect(await screen.findByText('refused')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
