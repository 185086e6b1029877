import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycState } from '@portal/contract/kyc/kyc';
import { accountFixture } from '@/test/account-fixture';
import { removeCamera, resetCamera, withCamera } from '@/test/fake-media';
import { FakeXhr } from '@/test/fake-xhr';
import { kycFixture, submissionFixture } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import KycScreen from './kyc-screen';

const fetchMock = vi.fn<typeof fetch>();
const imageId = '7d1f5a9e-3c2b-4e8f-9a6d-1b2c3d4e5f60';
const videoId = '0b7e7d1c-6a4f-4a51-9d4c-5b1fb1d9f0a1';

beforeEach(() => {
  fetchMock.mockReset();
  resetCamera();
  FakeXhr.reset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  // Uploads answer as the server does: the file's id.
  FakeXhr.server = (xhr) => {
    const purpose = new URL(xhr.url, 'http://x').searchParams.get('purpose');
    xhr.progress(1, 1);
    xhr.respond(201, { fileId: purpose === 'kyc_video' ? videoId : imageId, purpose, mime: 'image/png', size: 1 });
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeCamera();
});

function server(initial: KycState) {
  let state = initial;
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === '/api/account') return Promise.resolve(jsonResponse(accountFixture()));
    if (url === '/api/kyc') return Promise.resolve(jsonResponse(state));
    if (url === '/api/kyc/foreign' && init?.method === 'POST') {
      state = kycFixture({ track: 'foreign', latest: submissionFixture({ kind: 'foreign', status: 'pending' }) });
      return Promise.resolve(jsonResponse(state));
    }
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

const foreignCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/kyc/foreign');
const passportImage = (size = 100) => new File([new Uint8Array(size)], 'passport.png', { type: 'image/png' });

async function toForeignForm() {
  renderWithApp(<KycScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'ادامه با گذرنامه' }));
  return screen.findByRole('form', { name: 'اطلاعات اتباع خارجی' });
}

async function chooseCountry(name: string) {
  const field = screen.getByRole('combobox', { name: 'تابعیت' });
  await userEvent.clear(field);
  await userEvent.type(field, name);
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('KYC, foreign investors: the details', () => {
  it('refuses an empty form, field by field, and sends nothing', async () => {
    server(kycFixture());
    const form = await toForeignForm();
    await userEvent.click(within(form).getByRole('button', { name: 'ادامه و ضبط ویدیو' }));
    expect(await within(form).findAllByText('این فیلد را پر کنید.')).toHaveLength(3); // names and birth date
    expect(within(form).getByText('کشور را انتخاب کنید.')).toBeTruthy();
    expect(within(form).getByText('شمارهٔ گذرنامه ۵ تا ۲۰ حرف و رقم انگلیسی است.')).toBeTruthy();
    expect(within(form).getByText('تصویر گذرنامه را بارگذاری کنید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'روشن کردن دوربین' })).toBeNull();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it(
    'takes names in English letters only, a foreign nationality and a passport number',
    { timeout: 30_000 },
    async () => {
      server(kycFixture());
      await toForeignForm();
      await userEvent.type(screen.getByLabelText('نام (به انگلیسی)'), 'علی');
      await userEvent.tab();
      expect(await screen.findByText('فقط حروف انگلیسی وارد کنید.')).toBeTruthy();

      await chooseCountry('ایران');
      expect(
        await screen.findByText('احراز هویت اتباع برای تابعیت غیرایرانی است؛ ایرانیان کد ملی وارد کنند.'),
      ).toBeTruthy();
      await chooseCountry('آلمان');
      expect(screen.queryByText('احراز هویت اتباع برای تابعیت غیرایرانی است؛ ایرانیان کد ملی وارد کنند.')).toBeNull();

      const passport = screen.getByLabelText<HTMLInputElement>('شمارهٔ گذرنامه');
      await userEvent.type(passport, 'x1');
      await userEvent.tab();
      expect(await screen.findByText('شمارهٔ گذرنامه ۵ تا ۲۰ حرف و رقم انگلیسی است.')).toBeTruthy();
      await userEvent.type(passport, '۲۳۴۵۶');
      expect(passport.value).toBe('X۱۲۳۴۵۶'); // digits shown in the interface's digits
      await waitFor(() => expect(screen.queryByText('شمارهٔ گذرنامه ۵ تا ۲۰ حرف و رقم انگلیسی است.')).toBeNull());
    },
  );

  it('refuses a passport image over the limit without sending it', async () => {
    server(kycFixture());
    await toForeignForm();
    await userEvent.upload(screen.getByLabelText('تصویر صفحهٔ مشخصات گذرنامه'), passportImage(8 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'حجم تصویر بیش از ۸ مگابایت است. تصویر کم‌حجم‌تری انتخاب کنید.',
    );
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('uploads the passport image, records the video and sends everything for review', { timeout: 30_000 }, async () => {
    withCamera();
    server(kycFixture());
    await toForeignForm();
    await userEvent.type(screen.getByLabelText('نام (به انگلیسی)'), 'Anna');
    await userEvent.type(screen.getByLabelText('نام خانوادگی (به انگلیسی)'), 'Schmidt');
    const date = screen.getByRole('group', { name: 'تاریخ تولد (شمسی)' });
    await userEvent.type(within(date).getByLabelText('سال'), '1369');
    await userEvent.selectOptions(within(date).getByLabelText('ماه'), 'اردیبهشت');
    await userEvent.type(within(date).getByLabelText('روز'), '27');
    await chooseCountry('آلمان');
    await userEvent.type(screen.getByLabelText('شمارهٔ گذرنامه'), 'c01x00t47');
    await userEvent.upload(screen.getByLabelText('تصویر صفحهٔ مشخصات گذرنامه'), passportImage());
    expect(await screen.findByText('تصویر گذرنامه بارگذاری شد.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'پیش‌نمایش تصویر گذرنامه' })).toBeTruthy();
    expect(FakeXhr.last?.url).toBe('/api/files?purpose=passport_image');

    await userEvent.click(screen.getByRole('button', { name: 'ادامه و ضبط ویدیو' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'احراز هویت ویدیویی' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'روشن کردن دوربین' }));
    await userEvent.click(await screen.findByRole('button', { name: 'شروع ضبط' }));
    await userEvent.click(screen.getByRole('button', { name: 'پایان ضبط' }));
    await userEvent.click(await screen.findByRole('button', { name: 'ارسال مدارک برای بررسی' }));

    await waitFor(() => expect(foreignCalls()).toHaveLength(1));
    expect(JSON.parse(foreignCalls()[0]![1]?.body as string)).toEqual({
      firstNameEn: 'Anna',
      lastNameEn: 'Schmidt',
      birthDate: '1990-05-17',
      nationality: 'DE',
      passportNumber: 'C01X00T47',
      passportImageFileId: imageId,
      videoFileId: videoId,
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'در انتظار بررسی' })).toBeTruthy();
  });

  it('after a rejection, shows the reason and starts over from the details', async () => {
    server(
      kycFixture({
        track: 'foreign',
        latest: submissionFixture({ kind: 'foreign', status: 'rejected', rejectReason: 'document_expired' }),
      }),
    );
    renderWithApp(<KycScreen />);
    expect(await screen.findByText('دلیل: اعتبار گذرنامه به پایان رسیده است.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('form', { name: 'اطلاعات اتباع خارجی' })).toBeTruthy();
    // The track is the server's now: no way back to the choice.
    expect(screen.queryByRole('button', { name: 'تغییر نوع احراز هویت' })).toBeNull();
  });
});
