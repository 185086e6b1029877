import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asDesktop, renderConsole } from '@/test/console-render';
import { OPERATOR_A, OPERATOR_B } from '@/test/proposal-fixture';
import { jsonResponse } from '@/test/render';
import {
  PROPOSAL_ID,
  SETTINGS_VALUES,
  basketProposalFixture,
  pageOf,
  renderDesk,
  settingsFixture,
  universeFixture,
} from './basket-desk.fixtures';
import BasketSettingsPage from './settings-page';
import BasketUniversePage from './universe-page';
import { percentOf, settingsFormValuesOf, toSettingsBody } from './settings-form';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emptyProposals = () => pageOf([]);

describe('the basket settings form’s figures', () => {
  it('turns the settings into the form and back without changing them', () => {
    expect(toSettingsBody(settingsFormValuesOf(SETTINGS_VALUES))).toEqual(SETTINGS_VALUES);
  });

  it('reads percents as typed, in Persian digits too, and refuses what is not one', () => {
    expect(percentOf('۳۵٫۵')).toBe(35.5);
    expect(percentOf('0.25')).toBe(0.25);
    expect(percentOf('1.234')).toBeNull();
    expect(percentOf('abc')).toBeNull();
  });
});

describe('the basket desk: settings', { timeout: 120_000 }, () => {
  it('shows the settings in force, then proposes a change: the contract’s rules, then the proposal sent and linked', async () => {
    const proposed = { ...SETTINGS_VALUES, feeBps: 75, excludedSymbols: ['DOGE', 'SHIB'] };
    const { sent } = renderDesk(
      <BasketSettingsPage />,
      (path, init) => {
        if (path === '/api/admin/baskets/settings' && init?.method === 'POST')
          return jsonResponse(basketProposalFixture(proposed), 202);
        if (path === '/api/admin/baskets/settings') return jsonResponse(settingsFixture());
        if (path === '/api/admin/proposals') return emptyProposals();
        return undefined;
      },
      { route: '/admin/baskets/settings' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'سبدها: تنظیمات ساخت' })).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'تنظیمات در حال اجرا' });
    expect(within(panel).getByTestId('basket-setting-fee').textContent).toBe('۰٫۵٪');
    expect(within(panel).getByTestId('basket-setting-maxWeight').textContent).toBe('۳۵٪');
    expect(within(panel).getByTestId('basket-setting-vip').textContent).toBe('۱۰۰٬۰۰۰ تتر');
    expect(within(panel).getByText('DOGE')).toBeTruthy();
    const bands = within(panel).getByRole('table', { name: 'ریسک‌ها: نوسان هدف و سهم تتر' });
    expect(within(bands).getByText('۳۵ – متعادل')).toBeTruthy();
    expect(within(bands).getByText('۶۰٪')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'پیشنهاد تغییر' }));
    const form = await screen.findByRole('form', { name: 'پیشنهاد تنظیمات تازهٔ سبدها' });
    const submit = within(form).getByRole('button', { name: 'ثبت پیشنهاد' });
    expect(submit).toHaveProperty('disabled', true);

    // Tether's share may not grow with risk: said at once, on the riskier band.
    const share60 = form.querySelector<HTMLInputElement>('#basket-settings-construction-bands-60-tetherShare')!;
    await userEvent.clear(share60);
    await userEvent.type(share60, '۳۰');
    expect(await within(form).findByText('سهم تتر نباید با بالا رفتن ریسک بیشتر شود.')).toBeTruthy();
    const fee = within(form).getByLabelText('کارمزد سبد');
    await userEvent.clear(fee);
    await userEvent.type(fee, '۹');
    expect(await within(form).findByText('کارمزد باید از ۰ تا ۵ درصد باشد.')).toBeTruthy();
    const excluded = within(form).getByLabelText('نمادهای کنارگذاشته');
    await userEvent.clear(excluded);
    await userEvent.type(excluded, 'DOGE, DOGE');
    expect(await within(form).findByText('نمادی دو بار آمده است.')).toBeTruthy();
    await userEvent.click(submit);
    expect(sent('POST', '/api/admin/baskets/settings')).toHaveLength(0);

    await userEvent.clear(share60);
    await userEvent.type(share60, '10');
    await userEvent.clear(fee);
    await userEvent.type(fee, '۰٫۷۵');
    await userEvent.clear(excluded);
    await userEvent.type(excluded, 'doge shib');
    await waitFor(() => expect(within(form).queryByText('سهم تتر نباید با بالا رفتن ریسک بیشتر شود.')).toBeNull());
    await userEvent.click(submit);

    await waitFor(() => expect(sent('POST', '/api/admin/baskets/settings')).toHaveLength(1));
    expect(sent('POST', '/api/admin/baskets/settings')[0]).toEqual(proposed);
    const done = await screen.findByTestId('proposal-proposed');
    expect(within(done).getByText('تنظیمات هنوز تغییر نکرده است: پس از تأیید اپراتوری دیگر اجرا می‌شود.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    expect(await screen.findByText('پیشنهاد ثبت شد و در انتظار تأیید اپراتور دوم است.')).toBeTruthy();
    // Nothing changed yet: the settings in force are shown again.
    expect(screen.getByTestId('basket-setting-fee').textContent).toBe('۰٫۵٪');
  });

  it('shows a role that only reads the settings without the way to propose', async () => {
    renderDesk(
      <BasketSettingsPage />,
      (path) =>
        path === '/api/admin/baskets/settings'
          ? jsonResponse(settingsFixture({ pendingProposalId: PROPOSAL_ID }))
          : path === '/api/admin/proposals'
            ? emptyProposals()
            : undefined,
      { role: 'operator', route: '/admin/baskets/settings' },
    );
    expect(await screen.findByRole('region', { name: 'تنظیمات در حال اجرا' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'پیشنهاد تغییر' })).toBeNull();
    expect(within(screen.getByTestId('basket-settings-pending')).getByRole('link').getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
  });
});

describe('the basket desk: universe', { timeout: 60_000 }, () => {
  it('shows each exchange’s sync, the demo label, every asset’s listings, price and history; filters in the address', async () => {
    asDesktop();
    const { router, urls } = renderDesk(
      <BasketUniversePage />,
      (path) => (path === '/api/admin/universe' ? jsonResponse(universeFixture()) : undefined),
      { route: '/admin/baskets/universe' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'سبدها: دارایی‌ها و بازارها' })).toBeTruthy();
    expect(await screen.findByTestId('universe-demo')).toBeTruthy();
    expect(screen.getByTestId('universe-sandbox')).toBeTruthy();
    const binance = screen.getByTestId('universe-sync-binance');
    expect(within(binance).getByText('سالم')).toBeTruthy();
    expect(within(binance).getByText('۴۰ جفت‌ارز · ۴۰ قیمت روزانهٔ تازه · ۱٫۵ ثانیه')).toBeTruthy();
    const kucoin = screen.getByTestId('universe-sync-kucoin');
    expect(within(kucoin).getByText('خطا')).toBeTruthy();
    expect(within(kucoin).getByText('kucoin: timeout')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'سبدها: دارایی‌ها و بازارها' });
    const [btc, doge] = within(table).getAllByTestId('universe-asset');
    expect(within(btc!).getByText('BTCUSDT')).toBeTruthy();
    expect(within(btc!).getByText('BTC-USDT')).toBeTruthy();
    expect(within(btc!).getAllByText('مارجین')).toHaveLength(2);
    expect(within(btc!).getByText('۵۹٬۷۰۰٫۵ تتر')).toBeTruthy();
    expect(within(btc!).getByText('۱٬۰۹۶ روز')).toBeTruthy();
    expect(within(btc!).getByText('نمایشی')).toBeTruthy();
    expect(within(doge!).getByText('کنارگذاشته')).toBeTruthy();
    expect(within(doge!).queryByText('مارجین')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'جست‌وجوی نماد یا نام' }), 'doge');
    await waitFor(() => expect(within(table).getAllByTestId('universe-asset')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe('?q=doge'));

    await userEvent.click(screen.getByRole('combobox', { name: 'بازار' }));
    await userEvent.click(await screen.findByRole('option', { name: 'فقط بازار مارجین' }));
    await waitFor(() => expect(router.state.location.search).toBe('?marketType=margin&q=doge'));
    await userEvent.click(screen.getByRole('combobox', { name: 'صرافی' }));
    await userEvent.click(await screen.findByRole('option', { name: 'کوکوین' }));
    await waitFor(() => expect(router.state.location.search).toBe('?exchange=kucoin&marketType=margin&q=doge'));
    expect(urls('/api/admin/universe')).toEqual(
      expect.arrayContaining([
        '/api/admin/universe',
        '/api/admin/universe?marketType=margin',
        '/api/admin/universe?exchange=kucoin&marketType=margin',
      ]),
    );
  });

  it('shows the universe as cards on a phone, and says when nothing matches', async () => {
    renderDesk(
      <BasketUniversePage />,
      (path) =>
        path === '/api/admin/universe'
          ? jsonResponse(universeFixture({ demo: false, sandboxTrading: false }))
          : undefined,
      { route: '/admin/baskets/universe?q=XYZ' },
    );
    expect(await screen.findByText('دارایی‌ای با این فیلترها نیست.')).toBeTruthy();
    expect(screen.queryByTestId('universe-demo')).toBeNull();
  });
});

describe('the proposals desk: a basket settings proposal', { timeout: 120_000 }, () => {
  it('shows the settings now → as proposed, the changed ones marked, and what waits on them', async () => {
    const after = {
      ...SETTINGS_VALUES,
      construction: {
        ...SETTINGS_VALUES.construction,
        bands: { ...SETTINGS_VALUES.construction.bands, '35': { volatilityTarget: 0.4, tetherShare: 0.25 } },
      },
      feeBps: 75,
    };
    asDesktop();
    renderConsole(
      `/admin/proposals/${PROPOSAL_ID}`,
      (path) =>
        path === `/api/admin/proposals/${PROPOSAL_ID}` ? jsonResponse(basketProposalFixture(after)) : undefined,
      OPERATOR_B,
    );
    // The console's chunk loads first (lazy, with its texts).
    expect(await screen.findByRole('heading', { level: 1, name: 'تنظیمات سبدها' }, { timeout: 45_000 })).toBeTruthy();
    const table = await screen.findByTestId('proposal-basket-settings');
    const changed = table.querySelectorAll('tr[data-changed="true"]');
    expect(changed).toHaveLength(2);
    expect(changed[0]!.textContent).toContain('نوسان هدف سالانه');
    expect(changed[0]!.textContent).toContain('۳۵٪');
    expect(changed[0]!.textContent).toContain('۴۰٪');
    expect(changed[1]!.textContent).toContain('کارمزد سبد');
    expect(screen.getByTestId('proposal-basket-waiting').textContent).toContain('۳');
    expect(screen.getByText('سبدهای نگه‌داشته‌شده اکنون: ۷؛ وزن هدف آن‌ها تغییر نمی‌کند.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('کارمزد ۰٫۷۵٪، ۱ نماد کنارگذاشته');
  });
});

describe('the console: the basket desk’s place', { timeout: 120_000 }, () => {
  it('lists the desk in the navigation for a role that reads baskets, and opens its orders', async () => {
    asDesktop();
    renderConsole(
      '/admin/baskets',
      (path) => (path === '/api/admin/basket-orders' ? pageOf([]) : undefined),
      OPERATOR_A,
      'operator',
    );
    // The console's chunk loads first (lazy, with its texts).
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' }, { timeout: 45_000 });
    const link = await within(nav).findByRole('link', { name: 'سبدهای هوشمند' });
    expect(link.getAttribute('href')).toBe('/admin/baskets');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('هنوز سفارش سبدی ثبت نشده است.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'درخواست‌های ویژه' }).getAttribute('href')).toBe('/admin/baskets/vip');
  });

  it('hides the desk from a role without the permission', async () => {
    asDesktop();
    renderConsole('/admin/baskets', () => undefined, OPERATOR_A, 'operator', ['users.read']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 45_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'سبدهای هوشمند' })).toBeNull();
  });
});
