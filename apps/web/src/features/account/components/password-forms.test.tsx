import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { ChangePasswordForm, SetPasswordForm } from './password-forms';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const passthrough = <T,>(run: () => Promise<T>) => run();

describe('the set-password form', () => {
  it('refuses a weak password and a mismatched repeat without calling the server', async () => {
    renderWithApp(<SetPasswordForm guard={passthrough} onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText('رمز عبور جدید'), 'abcdefgh');
    await userEvent.type(screen.getByLabelText('تکرار رمز عبور جدید'), 'abcdefgX');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }));
    expect(await screen.findByText('رمز عبور همهٔ شرط‌ها را ندارد.')).toBeTruthy();
    // A strong password now, but the repeat still differs.
    await userEvent.clear(screen.getByLabelText('رمز عبور جدید'));
    await userEvent.type(screen.getByLabelText('رمز عبور جدید'), 'Zebra-Quartz-81');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }));
    expect(await screen.findByText('تکرار رمز عبور با رمز عبور جدید یکی نیست.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a common password by the contract’s list', async () => {
    renderWithApp(<SetPasswordForm guard={passthrough} onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText('رمز عبور جدید'), 'P@ssw0rd1!');
    await userEvent.type(screen.getByLabelText('تکرار رمز عبور جدید'), 'P@ssw0rd1!');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }));
    expect(await screen.findByText(/بسیار رایج است/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a strong password and reports success', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    const onDone = vi.fn();
    renderWithApp(<SetPasswordForm guard={passthrough} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('رمز عبور جدید'), 'Zebra-Quartz-81');
    await userEvent.type(screen.getByLabelText('تکرار رمز عبور جدید'), 'Zebra-Quartz-81');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/password');
    expect(JSON.parse(init?.body as string)).toEqual({ password: 'Zebra-Quartz-81' });
  });
});

describe('the change-password form', () => {
  async function fill(current: string, next: string, repeat = next) {
    await userEvent.type(screen.getByLabelText('رمز عبور فعلی'), current);
    await userEvent.type(screen.getByLabelText('رمز عبور جدید'), next);
    await userEvent.type(screen.getByLabelText('تکرار رمز عبور جدید'), repeat);
    await userEvent.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
  }

  it('shows the translated error for a wrong current password', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'PASSWORD_INCORRECT', message: 'Mobile or password is incorrect' }, 400),
    );
    renderWithApp(<ChangePasswordForm />);
    await fill('Wrong-Pass-1', 'Zebra-Quartz-81');
    expect(await screen.findByText('شمارهٔ موبایل یا رمز عبور درست نیست.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/changePassword');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({
      currentPassword: 'Wrong-Pass-1',
      newPassword: 'Zebra-Quartz-81',
    });
  });

  it('checks the repeat before sending', async () => {
    renderWithApp(<ChangePasswordForm />);
    await fill('Old-Pass-123', 'Zebra-Quartz-81', 'Zebra-Quartz-82');
    expect(await screen.findByText('تکرار رمز عبور با رمز عبور جدید یکی نیست.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes the password and says so', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    renderWithApp(<ChangePasswordForm />);
    await fill('Old-Pass-123', 'Zebra-Quartz-81');
    expect(await screen.findByText(/رمز عبور با موفقیت به‌روزرسانی شد/)).toBeTruthy();
  });
});
