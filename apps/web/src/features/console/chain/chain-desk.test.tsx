import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { CHAIN_SETTINGS, chainDeskFixture, chainNetworkFixture } from '@/test/chain-fixture';
import { OPERATOR_ID, renderChain, type Handler } from '@/test/chain-render';
import { jsonResponse } from '@/test/render';
import ChainDeskPage from './chain-desk-page';

configure({ asyncUtilTimeout: 5000 });

const PROPOSAL_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const emptyProposals = () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 });

/** The desk's usual answers; `desk` as the test needs, `extra` first. */
const answers =
  (desk: () => Response, extra: Handler = () => undefined): Handler =>
  async (path, init, query) =>
    (await extra(path, init, query)) ??
    (path === '/api/admin/chain' ? desk() : path === '/api/admin/proposals' ? emptyProposals() : undefined);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chain desk: networks and settings', { timeout: 60_000 }, () => {
  it('shows a loading state, then each network: directions, settings, the watcher’s health and its queues', async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((r) => {
      release = r;
    });
    const desk = chainDeskFixture({
      sandbox: true,
      custody: 'sandbox',
      networks: [
        chainNetworkFixture('TRC20'),
        chainNetworkFixture('ERC20', {
          withdrawalEnabled: false,
          withdrawalDisabledReason: 'congestion',
          watcher: {
            lastScannedBlock: '20100000',
            head: '20100100',
            lagBlocks: 100,
            lastScanAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            lastError: 'eth_getLogs: 429 Too Many Requests',
            lastErrorAt: new Date(Date.now() - 5 * 60_000).toISOString(),
          },
        }),
        chainNetworkFixture('BEP20', {
          watcher: {
            lastScannedBlock: null,
            head: null,
            lagBlocks: null,
            lastScanAt: null,
            lastError: null,
            lastErrorAt: null,
          },
        }),
      ],
    });
    renderChain(
      <ChainDeskPage />,
      answers(
        () => jsonResponse(desk),
        async (path) => {
          if (path === '/api/admin/chain') {
            await ready;
            return jsonResponse(desk);
          }
          return undefined;
        },
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'تتر روی شبکه: شبکه‌ها' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'شبکه‌ها و تنظیمات', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'صف برداشت' }).getAttribute('href')).toBe('/admin/chain/withdrawals');
    expect(screen.getByRole('progressbar', { name: 'در حال بارگذاری…' })).toBeTruthy();
    release();

    const tron = await screen.findByRole('region', { name: 'TRC20 (ترون)' });
    expect(screen.getByTestId('chain-sandbox').textContent).toMatch(
      /هیچ‌یک از واریزها و برداشت‌های این بخش تتر واقعی نیست/,
    );
    expect(screen.getByTestId('chain-custody').textContent).toBe('sandbox');
    expect(within(tron).getByText('آزمایشی')).toBeTruthy();
    expect(within(within(tron).getByTestId('chain-TRC20-deposit')).getByText('باز')).toBeTruthy();
    expect(within(tron).getByTestId('chain-TRC20-confirmations').textContent).toBe('۲۰ بلوک');
    expect(within(tron).getByText('۱۰٬۰۰۰ تتر')).toBeTruthy();
    expect(within(tron).getByTestId('chain-TRC20-last-block').textContent).toBe('۷۱٬۲۳۴٬۵۶۷');
    expect(within(tron).getByTestId('chain-TRC20-lag').textContent).toBe('۳ بلوک');
    expect(within(tron).getByTestId('chain-TRC20-last-scan').textContent).toBe('۲ دقیقه پیش');
    expect(within(tron).queryByTestId('chain-TRC20-watcher-error')).toBeNull();
    expect(within(tron).getByTestId('chain-TRC20-confirming').getAttribute('href')).toBe(
      '/admin/chain/deposits?status=Confirming&network=TRC20',
    );
    expect(within(tron).getByTestId('chain-TRC20-pending').getAttribute('href')).toBe(
      '/admin/chain/withdrawals?network=TRC20',
    );

    // A closed direction says why; a watcher that failed shows its error; a lag beyond the confirmations stands out.
    const eth = screen.getByRole('region', { name: 'ERC20 (اتریوم)' });
    const withdrawals = within(eth).getByTestId('chain-ERC20-withdrawal');
    expect(within(withdrawals).getByText('بسته')).toBeTruthy();
    expect(within(withdrawals).getByText('دلیل: شلوغی شبکه')).toBeTruthy();
    const error = within(eth).getByTestId('chain-ERC20-watcher-error');
    expect(within(error).getByText('eth_getLogs: 429 Too Many Requests')).toBeTruthy();
    expect(error.textContent).toContain('۵ دقیقه پیش');
    expect(within(eth).getByTestId('chain-ERC20-lag').textContent).toBe('۱۰۰ بلوک');
    expect(within(eth).getByTestId('chain-ERC20-last-scan').textContent).toBe('۳ ساعت پیش');

    const bsc = screen.getByRole('region', { name: 'BEP20 (زنجیرهٔ هوشمند بایننس)' });
    expect(within(bsc).getByTestId('chain-BEP20-last-block').textContent).toBe('هنوز بررسی نشده');
    expect(within(bsc).getByText('هنوز بررسی نکرده')).toBeTruthy();

    const settings = screen.getByRole('region', { name: 'تنظیمات برداشت و بررسی' });
    expect(within(settings).getByTestId('chain-setting-daily').textContent).toBe('۲۰٬۰۰۰ تتر');
    expect(within(settings).getByTestId('chain-setting-review').textContent).toBe('۱٬۰۰۰ تتر');
    expect(within(settings).getByTestId('chain-setting-second-review').textContent).toBe('۵٬۰۰۰ تتر');
    expect(within(settings).getByText('تنظیمات اولیه')).toBeTruthy();
  });

  it('shows a failed desk with a way to try again', async () => {
    let failing = true;
    renderChain(
      <ChainDeskPage />,
      answers(() =>
        failing ? jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) : jsonResponse(chainDeskFixture()),
      ),
    );
    const retry = await screen.findByRole('button', { name: 'تلاش دوباره' });
    expect(screen.getByText('متأسفانه خطایی رخ داده است.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'TRC20 (ترون)' })).toBeTruthy();
  });

  it('shows that no network is set up', async () => {
    renderChain(
      <ChainDeskPage />,
      answers(() => jsonResponse(chainDeskFixture({ networks: [] }))),
    );
    expect(await screen.findByText('هیچ شبکه‌ای تعریف نشده است.')).toBeTruthy();
  });

  it('shows a role that only reads (tether.read) no switch and no proposal button', async () => {
    renderChain(
      <ChainDeskPage />,
      answers(() => jsonResponse(chainDeskFixture())),
      { role: 'operator' },
    );
    expect(await screen.findByRole('region', { name: 'TRC20 (ترون)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /بستن واریز/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /بستن برداشت/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'پیشنهاد تغییر' })).toBeNull();
  });

  it('closes a network’s deposits only with a reason (and an optional note), then opens them again', async () => {
    let closed = false;
    const desk = () =>
      chainDeskFixture({
        networks: [
          chainNetworkFixture('TRC20', closed ? { depositEnabled: false, depositDisabledReason: 'maintenance' } : {}),
          chainNetworkFixture('ERC20'),
          chainNetworkFixture('BEP20'),
        ],
      });
    const { sent } = renderChain(
      <ChainDeskPage />,
      answers(
        () => jsonResponse(desk()),
        (path, init) => {
          if (path === '/api/admin/chain/switch' && init?.method === 'POST') {
            closed = !(JSON.parse(init.body as string) as { enabled: boolean }).enabled;
            return jsonResponse({ ok: true });
          }
          return undefined;
        },
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'بستن واریز در TRC20 (ترون)' }));
    const dialog = await screen.findByRole('dialog', { name: 'بستن واریز در TRC20 (ترون)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'واریز بسته شود' }));
    expect(await within(dialog).findByText('یک گزینه را انتخاب کنید.')).toBeTruthy();
    expect(sent('POST', '/api/admin/chain/switch')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /دلیل بستن/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'نگهداری و به‌روزرسانی' }));
    await userEvent.type(within(dialog).getByLabelText('یادداشت (اختیاری)'), 'به‌روزرسانی گره ترون');
    await userEvent.click(within(dialog).getByRole('button', { name: 'واریز بسته شود' }));
    await waitFor(() =>
      expect(sent('POST', '/api/admin/chain/switch')).toEqual([
        { network: 'TRC20', direction: 'deposit', enabled: false, reason: 'maintenance', note: 'به‌روزرسانی گره ترون' },
      ]),
    );
    expect(await screen.findByText('بسته شد؛ کاربران دلیل را می‌بینند.')).toBeTruthy();
    const line = await screen.findByTestId('chain-TRC20-deposit');
    expect(await within(line).findByText('دلیل: نگهداری و به‌روزرسانی')).toBeTruthy();

    // Opening asks no reason.
    await userEvent.click(within(line).getByRole('button', { name: 'باز کردن واریز در TRC20 (ترون)' }));
    const open = await screen.findByRole('dialog', { name: 'باز کردن واریز در TRC20 (ترون)' });
    expect(within(open).queryByRole('combobox')).toBeNull();
    await userEvent.click(within(open).getByRole('button', { name: 'واریز باز شود' }));
    await waitFor(() => expect(sent('POST', '/api/admin/chain/switch')).toHaveLength(2));
    expect(sent('POST', '/api/admin/chain/switch')[1]).toEqual({
      network: 'TRC20',
      direction: 'deposit',
      enabled: true,
    });
    expect(await within(await screen.findByTestId('chain-TRC20-deposit')).findByText('باز')).toBeTruthy();
  });

  it('proposes new settings: each field’s rule and the rules between fields, then the proposal sent and linked', async () => {
    const after = {
      ...CHAIN_SETTINGS,
      networks: { ...CHAIN_SETTINGS.networks, TRC20: { ...CHAIN_SETTINGS.networks.TRC20, confirmations: 30 } },
      reviewAbove: '2000',
    };
    const proposal = (): Proposal => ({
      id: PROPOSAL_ID,
      kind: 'chain_settings',
      status: 'Pending',
      fund: null,
      payload: { kind: 'chain_settings', ...after },
      effect: { kind: 'chain_settings', before: CHAIN_SETTINGS, after, pendingWithdrawals: 1 },
      proposedBy: { id: OPERATOR_ID, mobile: '+989121000001', firstName: 'سارا', lastName: 'اپراتور' },
      proposedAt: '2025-08-01T10:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      rejectReason: null,
      resultId: null,
    });
    const { sent } = renderChain(
      <ChainDeskPage />,
      answers(
        () => jsonResponse(chainDeskFixture()),
        (path, init) =>
          path === '/api/admin/chain/settings' && init?.method === 'POST' ? jsonResponse(proposal(), 202) : undefined,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'پیشنهاد تغییر' }));
    const form = await screen.findByRole('form', { name: 'پیشنهاد تنظیمات تازهٔ تتر روی شبکه' });
    const submit = within(form).getByRole('button', { name: 'ثبت پیشنهاد' });
    expect(submit).toHaveProperty('disabled', true);
    const tron = within(within(form).getByRole('group', { name: 'TRC20 (ترون)' }));
    const eth = within(within(form).getByRole('group', { name: 'ERC20 (اتریوم)' }));
    const limits = within(within(form).getByRole('group', { name: 'سقف روزانه و حدود بررسی' }));
    expect(tron.getByLabelText('تعداد تأیید لازم')).toHaveProperty('value', '۲۰');
    expect(limits.getByLabelText('سقف برداشت روزانهٔ هر کاربر')).toHaveProperty('value', '۲۰۰۰۰');

    const confirmations = tron.getByLabelText('تعداد تأیید لازم');
    await userEvent.clear(confirmations);
    await userEvent.type(confirmations, '۰');
    expect(await tron.findByText('عددی از ۱ تا ۱۰۰۰ وارد کنید.')).toBeTruthy();

    const minDeposit = eth.getByLabelText('حداقل واریز');
    await userEvent.clear(minDeposit);
    await userEvent.type(minDeposit, '1.1234567');
    expect(await eth.findByText('مقدار تتر حداکثر ۶ رقم اعشار می‌پذیرد.')).toBeTruthy();
    await userEvent.clear(minDeposit);
    await userEvent.type(minDeposit, 'ده');
    expect(await eth.findByText('مقدار تتر را فقط با رقم وارد کنید؛ مثلاً ۱۲٫۵')).toBeTruthy();
    await userEvent.clear(minDeposit);
    await userEvent.type(minDeposit, '1234567890123');
    expect(await eth.findByText('این مقدار بیش از حد بزرگ است.')).toBeTruthy();

    // The rules between fields show on the field they name, as soon as they hold.
    const ethMax = eth.getByLabelText('حداکثر برداشت');
    await userEvent.clear(ethMax);
    await userEvent.type(ethMax, '15');
    expect(await eth.findByText('حداقل برداشت نباید از حداکثر برداشت بیشتر باشد.')).toBeTruthy();
    const tronMax = tron.getByLabelText('حداکثر برداشت');
    await userEvent.clear(tronMax);
    await userEvent.type(tronMax, '۲۵۰۰۰');
    expect(await tron.findByText('حداکثر برداشت نباید از سقف روزانه بیشتر باشد.')).toBeTruthy();
    const second = limits.getByLabelText('تأیید دو اپراتور برای برداشت بیش از');
    await userEvent.clear(second);
    await userEvent.type(second, '500');
    expect(await limits.findByText('حد تأیید دو اپراتور نباید از حد بررسی یک اپراتور کمتر باشد.')).toBeTruthy();

    await userEvent.click(submit);
    expect(await within(form).findByText('چند فیلد نیاز به اصلاح دارد؛ در بالا مشخص شده‌اند.')).toBeTruthy();
    expect(sent('POST', '/api/admin/chain/settings')).toHaveLength(0);

    // Fixed: Persian digits and separators are read as the contract reads them.
    await userEvent.clear(confirmations);
    await userEvent.type(confirmations, '۳۰');
    await userEvent.clear(minDeposit);
    await userEvent.type(minDeposit, '10');
    await userEvent.clear(ethMax);
    await userEvent.type(ethMax, '10000');
    await userEvent.clear(tronMax);
    await userEvent.type(tronMax, '۱۰٬۰۰۰');
    await userEvent.clear(second);
    await userEvent.type(second, '5000');
    const review = limits.getByLabelText('بررسی اپراتور برای برداشت بیش از');
    await userEvent.clear(review);
    await userEvent.type(review, '2000');
    await waitFor(() =>
      expect(within(form).queryByText('چند فیلد نیاز به اصلاح دارد؛ در بالا مشخص شده‌اند.')).toBeNull(),
    );
    await userEvent.click(submit);

    await waitFor(() => expect(sent('POST', '/api/admin/chain/settings')).toHaveLength(1));
    const body = sent('POST', '/api/admin/chain/settings')[0] as typeof after;
    expect(body.networks.TRC20).toEqual({ ...CHAIN_SETTINGS.networks.TRC20, confirmations: 30 });
    expect(body.networks.ERC20).toEqual(CHAIN_SETTINGS.networks.ERC20);
    expect(body.reviewAbove).toBe('2000');
    expect(body.secondReviewAbove).toBe('5000');
    const done = await screen.findByTestId('proposal-proposed');
    expect(within(done).getByText('پیشنهاد شد؛ در انتظار اپراتور دوم')).toBeTruthy();
    expect(within(done).getByText('تنظیمات هنوز تغییر نکرده است: پس از تأیید اپراتوری دیگر اجرا می‌شود.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'مشاهدهٔ پیشنهاد' }).getAttribute('href')).toBe(
      `/admin/proposals/${PROPOSAL_ID}`,
    );
    // Nothing changed yet: the settings in force are shown again.
    expect(screen.getByTestId('chain-setting-review').textContent).toBe('۱٬۰۰۰ تتر');
  });

  it('puts the server’s refusal of a field on the field', async () => {
    renderChain(
      <ChainDeskPage />,
      answers(
        () => jsonResponse(chainDeskFixture()),
        (path, init) =>
          path === '/api/admin/chain/settings' && init?.method === 'POST'
            ? jsonResponse(
                {
                  code: 'VALIDATION_FAILED',
                  message: 'invalid',
                  details: { issues: [{ path: 'body.networks.BEP20.withdrawalFee', rule: 'amountTooLarge' }] },
                },
                400,
              )
            : undefined,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'پیشنهاد تغییر' }));
    const form = await screen.findByRole('form', { name: 'پیشنهاد تنظیمات تازهٔ تتر روی شبکه' });
    const bsc = within(within(form).getByRole('group', { name: 'BEP20 (زنجیرهٔ هوشمند بایننس)' }));
    const fee = bsc.getByLabelText('کارمزد برداشت');
    await userEvent.clear(fee);
    await userEvent.type(fee, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'ثبت پیشنهاد' }));
    expect(await bsc.findByText('این مقدار بیش از حد بزرگ است.')).toBeTruthy();
  });
});
