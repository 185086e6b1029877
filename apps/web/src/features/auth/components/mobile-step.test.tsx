import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { MobileStep } from './mobile-step';

const otpResponse = {
  next: 'otp',
  mobile: '+989123456789',
  channel: 'sms',
  expiresInSeconds: 120,
  resendInSeconds: 60,
  voiceInSeconds: 60,
};

describe('the mobile step of the auth page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderStep() {
    const onNext = vi.fn();
    renderWithApp(<MobileStep titleId="t" defaultValues={{ country: 'IR', mobile: '' }} onNext={onNext} />);
    return {
      onNext,
      input: screen.getByLabelText('شمارهٔ موبایل'),
      submit: screen.getByRole('button', { name: 'دریافت کد تأیید' }),
    };
  }

  it('accepts a number typed in Persian digits and sends it normalised', async () => {
    fetchMock.mockResolvedValue(jsonResponse(otpResponse));
    const { input, submit, onNext } = renderStep();

    await userEvent.type(input, '۰۹۱۲ ۳۴۵ ۶۷۸۹');
    expect(input).toHaveProperty('value', '۰۹۱۲ ۳۴۵ ۶۷۸۹'); // shown in Persian digits, sent in Latin ones
    await userEvent.click(submit);

    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/start');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(init?.body as string)).toEqual({
      mobile: '+989123456789',
      country: 'IR',
      channel: 'sms',
    });
    expect(onNext.mock.calls[0]![0]).toMatchObject({ country: 'IR', typed: '0912 345 6789', start: otpResponse });
  });

  it.each(['+98 912 345 6789', '9123456789', '٠٩١٢٣٤٥٦٧٨٩', '00989123456789'])('accepts %s', async (typed) => {
    fetchMock.mockResolvedValue(jsonResponse(otpResponse));
    const { input, submit, onNext } = renderStep();
    await userEvent.type(input, typed);
    await userEvent.click(submit);
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string).mobile).toBe('+989123456789');
  });

  it('shows the translated error for an invalid number and sends nothing', async () => {
    const { input, submit } = renderStep();
    await userEvent.type(input, '۰۲۱۱۲۳۴');
    await userEvent.tab();

    expect(await screen.findByText('شمارهٔ موبایل معتبر نیست.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(submit);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the number when it is empty', async () => {
    const { submit } = renderStep();
    await userEvent.click(submit);
    expect(await screen.findByText('این فیلد را پر کنید.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks the interface language', async () => {
    await i18next.changeLanguage('en');
    renderWithApp(<MobileStep titleId="t" defaultValues={{ country: 'IR', mobile: '' }} onNext={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Mobile number'), '12');
    await userEvent.tab();
    expect(await screen.findByText('The mobile number is not valid.')).toBeTruthy();
  });

  it('shows the server’s refusal translated, with when to retry', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'OTP_RATE_LIMITED', message: 'Too many codes', details: { retryAfterSeconds: 600 } }, 429),
    );
    const { input, submit } = renderStep();
    await userEvent.type(input, '09123456789');
    await userEvent.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعداد درخواست‌های کد تأیید بیش از حد مجاز است.');
    expect(alert.textContent).toContain('لطفاً ۱۰ دقیقه دیگر دوباره تلاش کنید.');
    expect(alert.textContent).not.toContain('Too many codes');
  });

  it('says to check the connection when the request cannot be sent', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { input, submit } = renderStep();
    await userEvent.type(input, '09123456789');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('لطفاً اتصال اینترنت دستگاهتان را بررسی کنید.');
  });

  it('links "terms and conditions" to the terms page', () => {
    renderStep();
    const link = screen.getByRole('link', { name: 'قوانین و مقررات استفاده از خدمات' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.parentElement?.textContent).toBe('با ورود یا ثبت‌نام، قوانین و مقررات استفاده از خدمات را می‌پذیرید.');
  });
});
