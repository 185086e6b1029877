import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycState } from '@portal/contract/kyc/kyc';
import { calendarPreference } from '@/lib/preferences';
import { accountFixture } from '@/test/account-fixture';
import { kycFixture, levelOne } from '@/test/kyc-fixture';
import { jsonResponse, renderWithApp } from '@/test/render';
import KycScreen from './kyc-screen';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  calendarPreference.set('');
});

/** The server: a new user, until `POST /kyc/identity` answers `identity` (level one when it is a success). */
function server(identity: () => Response) {
  let state = kycFixture();
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    if (url === '/api/account') return jsonResponse(accountFixture());
    if (url === '/api/kyc') return jsonResponse(state);
    if (url === '/api/kyc/identity' && init?.method === 'POST') {
      const res = identity();
      if (res.ok) state = (await res.clone().json()) as KycState;
      return res;
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const identityCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/kyc/identity');

async function toIdentityForm() {
  renderWithApp(<KycScreen />);
  expect(await screen.findByRole('heading', { level: 1, name: 'احراز هویت' })).toBeTruthy();
  await userEvent.click(await screen.findByRole('button', { name: 'ادامه با کد ملی' }));
  return screen.findByRole('form', { name: 'اطلاعات هویتی' });
}

async function typeBirthDate(year: string, month: string, day: string) {
  const group = screen.getByRole('group', { name: 'تاریخ تولد (شمسی)' });
  await userEvent.type(within(group).getByLabelText('سال'), year);
  await userEvent.selectOptions(within(group).getByLabelText('ماه'), month);
  await userEvent.type(within(group).getByLabelText('روز'), day);
}

describe('KYC level one (Iranian): the identity form', () => {
  it('starts with the choice of track', async () => {
    server(() => jsonResponse(levelOne()));
    renderWithApp(<KycScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'نوع احراز هویت را انتخاب کنید' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ادامه با گذرنامه' })).toBeTruthy();
    expect(screen.queryByLabelText('کد ملی')).toBeNull();
  });

  it('refuses a national code with a wrong check digit, in Persian, and sends nothing', async () => {
    server(() => jsonResponse(levelOne()));
    await toIdentityForm();
    const code = screen.getByLabelText<HTMLInputElement>('کد ملی');
    await userEvent.type(code, '۰۰۸۴۵۷۵۹۴۹');
    expect(code.value).toBe('۰۰۸۴۵۷۵۹۴۹'); // shown in Persian digits, sent in Latin ones
    await userEvent.tab();
    expect(await screen.findByText('کد ملی باید ۱۰ رقم و معتبر باشد.')).toBeTruthy();

    await typeBirthDate('1370', 'فروردین', '1');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));
    expect(screen.getByText('کد ملی باید ۱۰ رقم و معتبر باشد.')).toBeTruthy();
    expect(identityCalls()).toHaveLength(0);
  });

  it('refuses a birth date in the future, one under 18 years ago, and a day the month does not have', async () => {
    server(() => jsonResponse(levelOne()));
    await toIdentityForm();
    await userEvent.type(screen.getByLabelText('کد ملی'), '0084575948');
    await typeBirthDate('1500', 'مهر', '10');
    await userEvent.tab();
    expect(await screen.findByText('تاریخ تولد نمی‌تواند در آینده باشد.')).toBeTruthy();

    const year = screen.getByLabelText<HTMLInputElement>('سال');
    await userEvent.clear(year);
    await userEvent.type(year, '1400');
    expect(await screen.findByText('برای سرمایه‌گذاری باید دست‌کم ۱۸ سال داشته باشید.')).toBeTruthy();

    // 1402 is not a leap year: Esfand has 29 days.
    await userEvent.clear(year);
    await userEvent.type(year, '1402');
    await userEvent.selectOptions(screen.getByLabelText('ماه'), 'اسفند');
    const day = screen.getByLabelText<HTMLInputElement>('روز');
    await userEvent.clear(day);
    await userEvent.type(day, '30');
    expect(await screen.findByText('تاریخ تولد معتبر نیست (سال ۴ رقمی).')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));
    expect(identityCalls()).toHaveLength(0);
  });

  it('sends the national code and the Gregorian birth date, then shows level one done', async () => {
    server(() => jsonResponse(levelOne()));
    await toIdentityForm();
    await userEvent.type(screen.getByLabelText('کد ملی'), '0084575948');
    await typeBirthDate('۱۳۷۰', 'فروردین', '۱');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));

    await waitFor(() => expect(identityCalls()).toHaveLength(1));
    expect(JSON.parse(identityCalls()[0]![1]?.body as string)).toEqual({
      nationalCode: '0084575948',
      birthDate: '1991-03-21',
    });
    expect(await screen.findByText('سطح یک احراز هویت شما تأیید شد.')).toBeTruthy();
    expect(screen.getByText('******۵۹۴۸')).toBeTruthy();
    expect(screen.getByText('۱ فروردین ۱۳۷۰')).toBeTruthy();
    // On to the video.
    expect(screen.getByRole('heading', { level: 2, name: 'احراز هویت ویدیویی' })).toBeTruthy();
  });

  it('takes the birth date in the Gregorian calendar when the user reads dates in it', async () => {
    calendarPreference.set('gregory');
    server(() => jsonResponse(levelOne()));
    await toIdentityForm();
    await userEvent.type(screen.getByLabelText('کد ملی'), '0084575948');
    const group = screen.getByRole('group', { name: 'تاریخ تولد (میلادی)' });
    await userEvent.type(within(group).getByLabelText('سال'), '1991');
    await userEvent.selectOptions(within(group).getByLabelText('ماه'), 'مارس');
    await userEvent.type(within(group).getByLabelText('روز'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));
    await waitFor(() => expect(identityCalls()).toHaveLength(1));
    expect(JSON.parse(identityCalls()[0]![1]?.body as string)).toMatchObject({ birthDate: '1991-03-21' });
  });

  it.each([
    ['NATIONAL_CODE_MISMATCH', 400, 'این کد ملی به نام صاحب شمارهٔ همراه ثبت‌شده نیست.'],
    ['NATIONAL_CODE_TAKEN', 409, 'این کد ملی قبلاً در حساب دیگری احراز شده است.'],
    ['IDENTITY_INQUIRY_FAILED', 502, 'استعلام مالکیت شماره الان ممکن نیست. کمی بعد دوباره تلاش کنید.'],
  ])('shows %s translated', async (code, status, text) => {
    server(() => jsonResponse({ code, message: 'server words' }, status));
    await toIdentityForm();
    await userEvent.type(screen.getByLabelText('کد ملی'), '0084575948');
    await typeBirthDate('1370', 'فروردین', '1');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('shows RATE_LIMITED with when to try again', async () => {
    server(() =>
      jsonResponse({ code: 'RATE_LIMITED', message: 'slow down', details: { retryAfterSeconds: 1800 } }, 429),
    );
    await toIdentityForm();
    await userEvent.type(screen.getByLabelText('کد ملی'), '0084575948');
    await typeBirthDate('1370', 'فروردین', '1');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت و استعلام' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'تعداد درخواست‌ها بیش از حد مجاز است. لطفاً ۳۰ دقیقه دیگر دوباره تلاش کنید.',
    );
  });
});
