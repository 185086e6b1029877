import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountResponse } from '@portal/contract/account/account';
import { accountFixture } from '@/test/account-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import FillUserInfoDialog from './fill-user-info-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const account = (over: Partial<AccountResponse> = {}): AccountResponse =>
  accountFixture({ showFillUserInfoPage: true, ...over });

/** A server whose `GET /account` shows the flag until a PATCH or a dismissal lands. */
function server(answer?: (url: string, init?: RequestInit) => Response | Promise<Response | undefined> | undefined) {
  let show = true;
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(account({ showFillUserInfoPage: show }));
    const custom = await answer?.(url, init);
    if (custom) return custom;
    show = false;
    return jsonResponse({ ok: true });
  });
}

const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

describe('the fill-new-user-info dialog', () => {
  it('stays hidden when the account does not ask for it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(account({ showFillUserInfoPage: false })));
    renderWithApp(<FillUserInfoDialog />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses digits and an empty field with the translated rule, without calling the server', async () => {
    server();
    renderWithApp(<FillUserInfoDialog />);
    expect(await screen.findByRole('dialog', { name: 'خوش آمدید!' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('نام'), 'علی۲');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('فقط حروف فارسی یا انگلیسی وارد کنید.')).toBeTruthy();
    expect(screen.getByText('این فیلد را پر کنید.')).toBeTruthy();
    expect(calls('/api/account/profile')).toHaveLength(0);
  });

  it('saves the trimmed names, shows progress, then closes with a success notice', async () => {
    let release!: () => void;
    server((url) =>
      url === '/api/account/profile'
        ? new Promise<undefined>((resolve) => {
            release = () => resolve(undefined);
          })
        : undefined,
    );
    renderWithApp(<FillUserInfoDialog />);
    await userEvent.type(await screen.findByLabelText('نام'), ' زهرا ');
    await userEvent.type(screen.getByLabelText('نام خانوادگی'), 'Mohammadi');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(calls('/api/account/profile')).toHaveLength(1));
    expect(screen.getByLabelText<HTMLInputElement>('نام').disabled).toBe(true);
    const [, init] = calls('/api/account/profile')[0]!;
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ firstName: 'زهرا', lastName: 'Mohammadi' });
    release();
    expect(await screen.findByText('اطلاعات شما ذخیره شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the translated server error and keeps the dialog open', async () => {
    server((url) =>
      url === '/api/account/profile' ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) : undefined,
    );
    renderWithApp(<FillUserInfoDialog />);
    await userEvent.type(await screen.findByLabelText('نام'), 'Ali');
    await userEvent.type(screen.getByLabelText('نام خانوادگی'), 'Ahmadi');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closing it hides it for good on the server', async () => {
    server();
    renderWithApp(<FillUserInfoDialog />);
    await userEvent.click(await screen.findByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls('/api/account/profile/dismiss-fill-info')).toHaveLength(1));
    expect(calls('/api/account/profile/dismiss-fill-info')[0]![1]?.method).toBe('POST');
    expect(calls('/api/account/profile')).toHaveLength(0);
  });
});
