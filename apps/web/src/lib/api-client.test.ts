import { describe, expect, it, vi, afterEach } from 'vitest';
import { getAccount } from '@portal/contract/account/account';
import { requestOtp } from '@portal/contract/auth/auth';
import { listDevOutbox } from '@portal/contract/system/system';
import { jsonResponse } from '@/test/render';
import { callApi } from './api-client';
import { ApiError, isSessionError } from './api-error';
import { getErrorMessage } from './error-message';
import i18next from 'i18next';
import { accountFixture } from '@/test/account-fixture';

const account = accountFixture();

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls /api with the cookie, and parses the answer with the endpoint’s schema', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(account));
    vi.stubGlobal('fetch', fetchMock);
    const result = await callApi(getAccount);
    expect(result.user.referralCode).toBe('ABC123');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.body).toBeUndefined();
  });

  it('builds the query string', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ items: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await callApi(listDevOutbox, { query: { mobile: '+989121234567', limit: 5 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/dev/outbox?mobile=%2B989121234567&limit=5');
  });

  it('sends the body checked by the contract (defaults applied, digits normalised)', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse({
        mobile: '+989121234567',
        channel: 'sms',
        expiresInSeconds: 120,
        resendInSeconds: 60,
        voiceInSeconds: 60,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await callApi(requestOtp, { body: { mobile: '+989121234567' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toEqual({
      mobile: '+989121234567',
      country: 'IR',
      purpose: 'login',
      channel: 'sms',
    });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws the server’s error code, status and details', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse({ code: 'OTP_INVALID', message: 'wrong code', details: { attemptsLeft: 3 } }, 400),
        ),
    );
    const e = await caught(callApi(requestOtp, { body: { mobile: '+989121234567' } }));
    expect(e.status).toBe(400);
    expect(e.code).toBe('OTP_INVALID');
    expect(e.details).toEqual({ attemptsLeft: 3 });
    expect(getErrorMessage(e, i18next.t, 'fa', (k) => i18next.exists(k))).toBe(
      'کد تأیید درست نیست. تعداد تلاش‌های باقی‌مانده: ۳',
    );
  });

  it('turns a failed connection into NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const e = await caught(callApi(getAccount));
    expect(e.code).toBe('NETWORK');
    expect(e.status).toBe(0);
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(() => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      }),
    );
    await expect(callApi(getAccount, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('falls back to the status when the answer is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const e = await caught(callApi(getAccount));
    expect(e).toMatchObject({ status: 502, code: 'UNKNOWN' });
    expect(getErrorMessage(e, i18next.t, 'fa', (k) => i18next.exists(k))).toBe('متأسفانه خطایی رخ داده است.');
  });

  it('refuses an answer that breaks the response schema', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ user: { id: 1 } })));
    const e = await caught(callApi(getAccount));
    expect(e.code).toBe('INVALID_RESPONSE');
  });

  it('recognises a lost session (401, or a redirect to a login page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ code: 'UNAUTHENTICATED', message: 'no session' }, 401)),
    );
    expect(isSessionError(await caught(callApi(getAccount)))).toBe(true);
    expect(isSessionError(new ApiError(302, 'UNKNOWN', 'redirect'))).toBe(true);
    expect(isSessionError(new ApiError(403, 'FORBIDDEN', 'no'))).toBe(false);
  });
});

describe('error messages (SPEC §8)', () => {
  const t = i18next.t;
  const has = (k: string) => i18next.exists(k);
  it.each([
    [new ApiError(0, 'NETWORK', ''), 'لطفاً اتصال اینترنت دستگاهتان را بررسی کنید.'],
    [new ApiError(500, 'UNKNOWN', ''), 'متأسفانه خطایی رخ داده است.'],
    [new ApiError(302, 'UNKNOWN', ''), 'لطفاً دوباره وارد شوید.'],
    [new ApiError(400, 'UNKNOWN', ''), 'اطلاعات ارسال‌شده نادرست است.'],
    [new ApiError(401, 'UNKNOWN', ''), 'لطفاً وارد حساب کاربری خود شوید.'],
    [new ApiError(403, 'UNKNOWN', ''), 'شما به این عملیات دسترسی ندارید.'],
    [new ApiError(404, 'UNKNOWN', ''), 'اطلاعات درخواستی پیدا نشد.'],
    [new Error('boom'), 'متأسفانه خطایی رخ داده است.'],
  ])('%s', (error, expected) => {
    expect(getErrorMessage(error, t, 'fa', has)).toBe(expected);
  });

  it('prefers the code’s own message and adds when to retry', () => {
    const e = new ApiError(429, 'OTP_RESEND_TOO_SOON', 'x', { retryAfterSeconds: 42 });
    expect(getErrorMessage(e, t, 'fa', has)).toBe(
      'کد تأیید به‌تازگی ارسال شده است. لطفاً ۴۲ ثانیه دیگر دوباره تلاش کنید.',
    );
  });
});
