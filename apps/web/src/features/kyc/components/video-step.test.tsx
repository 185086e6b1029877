import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '@portal/contract/account/account';
import type { KycState } from '@portal/contract/kyc/kyc';
import { accountFixture } from '@/test/account-fixture';
import { bankAccountFixture } from '@/test/bank-account-fixture';
import { FakeXhr } from '@/test/fake-xhr';
import { getUserMedia, removeCamera, resetCamera, stopTrack, withCamera } from '@/test/fake-media';
import { levelOne, submissionFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import KycScreen from './kyc-screen';

const fetchMock = vi.fn<typeof fetch>();
const fileId = '0b7e7d1c-6a4f-4a51-9d4c-5b1fb1d9f0a1';

beforeEach(() => {
  fetchMock.mockReset();
  resetCamera();
  FakeXhr.reset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeCamera();
});

/** The server: `GET /kyc` answers `state`; a submitted video makes it pending. */
function server(
  initial: KycState,
  { user, bankAccounts }: { user?: Partial<AccountInfo>; bankAccounts?: number } = {},
) {
  let state = initial;
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(accountFixture({ user })));
    if (url === '/api/bank-accounts' && bankAccounts !== undefined) {
      const items = Array.from({ length: bankAccounts }, (_, i) => bankAccountFixture({ id: `b${i}` }));
      return Promise.resolve(jsonResponse({ items }));
    }
    if (url === '/api/kyc') return Promise.resolve(jsonResponse(state));
    if (url === '/api/kyc/video' && init?.method === 'POST') {
      state = levelOne({ latest: submissionFixture({ status: 'pending' }) });
      return Promise.resolve(jsonResponse(state));
    }
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const videoCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/kyc/video');

async function record() {
  await userEvent.click(await screen.findByRole('button', { name: 'روشن کردن دوربین' }));
  expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: true, video: expect.anything() }));
  expect(await screen.findByLabelText('تصویر زندهٔ دوربین')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'شروع ضبط' }));
  expect(screen.getByRole('timer', { name: 'زمان ضبط' }).textContent).toBe('۰۰:۰۰ / ۰۰:۳۰');
  await userEvent.click(screen.getByRole('button', { name: 'پایان ضبط' }));
  expect(await screen.findByLabelText('پیش‌نمایش ویدیوی ضبط‌شده')).toBeTruthy();
}

describe('KYC level two: the video', () => {
  it('records, shows the recording, uploads it with progress and submits it for review', async () => {
    withCamera();
    server(levelOne());
    renderWithApp(<KycScreen />);
    expect(await screen.findByText('سطح یک احراز هویت شما تأیید شد.')).toBeTruthy();
    // No name on file (the fixture's): the script names no one, and never shows a placeholder.
    expect(screen.getByText(/^«من، صاحب کد ملی ثبت‌شده در این حساب، امروز/)).toBeTruthy();
    await record();
    // The camera is off once the recording ends.
    expect(stopTrack).toHaveBeenCalled();

    FakeXhr.server = (xhr) => xhr.progress(512, 2048);
    await userEvent.click(screen.getByRole('button', { name: 'ارسال ویدیو' }));
    const bar = await screen.findByRole('progressbar', { name: 'در حال بارگذاری ویدیو…' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByText('۲۵٪')).toBeTruthy();
    const upload = FakeXhr.last!;
    expect(upload.url).toBe('/api/files?purpose=kyc_video');
    expect(upload.headers['content-type']).toBe('video/webm;codecs=vp8,opus');
    expect(videoCalls()).toHaveLength(0);

    upload.respond(201, { fileId, purpose: 'kyc_video', mime: 'video/webm', size: 2048 });
    await waitFor(() => expect(videoCalls()).toHaveLength(1));
    expect(JSON.parse(videoCalls()[0]![1]?.body as string)).toEqual({ fileId });
    expect(await screen.findByRole('heading', { level: 3, name: 'در انتظار بررسی' })).toBeTruthy();
  });

  it('records again', async () => {
    withCamera();
    server(levelOne());
    renderWithApp(<KycScreen />);
    await record();
    await userEvent.click(screen.getByRole('button', { name: 'ضبط دوباره' }));
    expect(await screen.findByRole('button', { name: 'شروع ضبط' })).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('says when the video is too large for the server', async () => {
    withCamera();
    server(levelOne());
    renderWithApp(<KycScreen />);
    await record();
    FakeXhr.server = (xhr) =>
      xhr.respond(413, { code: 'FILE_TOO_LARGE', message: 'too large', details: { maxBytes: 50 * 1024 * 1024 } });
    await userEvent.click(screen.getByRole('button', { name: 'ارسال ویدیو' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'حجم ویدیو بیش از ۵۰ مگابایت است. ویدیوی کوتاه‌تری ضبط کنید.',
    );
    expect(videoCalls()).toHaveLength(0);
  });

  it('explains a refused camera permission and how to allow it, and tries again', async () => {
    withCamera();
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    server(levelOne());
    renderWithApp(<KycScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'روشن کردن دوربین' }));
    const alert = await screen.findByText('اجازهٔ دسترسی به دوربین یا میکروفون داده نشد');
    expect(alert.parentElement?.textContent).toMatch(/دسترسی «دوربین» و «میکروفون» را «مجاز» کنید/);
    await userEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('button', { name: 'شروع ضبط' })).toBeTruthy();
  });

  it('says when there is no camera', async () => {
    withCamera();
    getUserMedia.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    server(levelOne());
    renderWithApp(<KycScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'روشن کردن دوربین' }));
    expect(await screen.findByText('دوربین یا میکروفونی پیدا نشد')).toBeTruthy();
  });

  it('says when the browser cannot record', async () => {
    server(levelOne());
    renderWithApp(<KycScreen />);
    expect(await screen.findByText('این مرورگر ضبط ویدیو را پشتیبانی نمی‌کند')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'روشن کردن دوربین' })).toBeNull();
  });
});

describe('KYC outcomes', () => {
  it('waiting for review', async () => {
    server(levelOne({ latest: submissionFixture({ status: 'pending' }) }));
    renderWithApp(<KycScreen />);
    const heading = await screen.findByRole('heading', { level: 3, name: 'در انتظار بررسی' });
    expect(heading.closest('[role="status"]')?.textContent).toMatch(/کارشناسان ما آن را بررسی می‌کنند/);
    expect(screen.queryByRole('button', { name: 'روشن کردن دوربین' })).toBeNull();
  });

  it('success, then the bank account step', async () => {
    server(
      levelOne({
        level: 2,
        latest: submissionFixture({ status: 'approved', reviewedAt: '2025-05-02T08:30:00.000Z' }),
      }),
    );
    renderWithApp(<KycScreen />);
    expect(await screen.findByRole('heading', { level: 3, name: 'احراز هویت شما تأیید شد' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'افزودن حساب بانکی' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به حساب‌های بانکی' }).getAttribute('href')).toBe(
      '/profile/add-bank-account',
    );
  });

  it('failure with the translated reason, and "try again" goes back to the recorder', async () => {
    withCamera();
    server(
      levelOne({
        latest: submissionFixture({
          status: 'rejected',
          rejectReason: 'face_not_visible',
          reviewedAt: '2025-05-02T08:30:00.000Z',
        }),
      }),
    );
    renderWithApp(<KycScreen />);
    expect(await screen.findByRole('heading', { level: 3, name: 'احراز هویت تأیید نشد' })).toBeTruthy();
    expect(screen.getByText('دلیل: چهرهٔ شما در ویدیو کامل دیده نمی‌شود.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('button', { name: 'روشن کردن دوربین' })).toBeTruthy();
    expect(screen.queryByText('احراز هویت تأیید نشد')).toBeNull();
  });

  it('reads the user’s own name in the script, never a placeholder', async () => {
    withCamera();
    server(levelOne(), { user: { firstName: 'سارا', lastName: 'رضایی' } });
    renderWithApp(<KycScreen />);
    const script = await screen.findByText((_, el) => el?.tagName === 'P' && /سارا رضایی/.test(el.textContent ?? ''));
    expect(script.textContent).toMatch(/^«من، سارا رضایی، امروز /);
    expect(script.textContent).not.toMatch(/[[\]]/);
  });

  it('names no one in the script while the name is not on file (no "[your full name]")', async () => {
    withCamera();
    server(levelOne());
    renderWithApp(<KycScreen />);
    const script = await screen.findByText((_, el) => el?.tagName === 'P' && /^«من، /.test(el.textContent ?? ''));
    expect(script.textContent).toMatch(/^«من، صاحب کد ملی ثبت‌شده در این حساب، امروز /);
    expect(script.textContent).not.toMatch(/[[\]]/);
  });

  it('ticks the bank account step, the last one, once an account is on file', async () => {
    server(levelOne({ level: 2, latest: submissionFixture({ status: 'approved' }) }), { bankAccounts: 1 });
    renderWithApp(<KycScreen />);
    expect(await screen.findByText('حساب بانکی شما ثبت شده است: احراز هویت شما کامل است.')).toBeTruthy();
    const stepper = screen.getByLabelText('مراحل احراز هویت');
    const steps = stepper.querySelectorAll('.MuiStepLabel-label');
    expect(steps).toHaveLength(3);
    for (const step of steps) expect(step.classList.contains('Mui-completed')).toBe(true);
    expect(screen.getByRole('link', { name: 'حساب‌های بانکی من' }).getAttribute('href')).toBe('/profile/bank-accounts');
  });

  it('leaves the bank account step to do while no account is on file', async () => {
    server(levelOne({ level: 2, latest: submissionFixture({ status: 'approved' }) }), { bankAccounts: 0 });
    renderWithApp(<KycScreen />);
    expect(await screen.findByRole('link', { name: 'رفتن به حساب‌های بانکی' })).toBeTruthy();
    const steps = screen.getByLabelText('مراحل احراز هویت').querySelectorAll('.MuiStepLabel-label');
    expect([...steps].map((s) => s.classList.contains('Mui-completed'))).toEqual([true, true, false]);
  });
});
