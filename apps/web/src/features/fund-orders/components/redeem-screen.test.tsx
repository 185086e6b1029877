import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FundHolding, RedemptionBody } from '@portal/contract/funds/orders';
import { jsonResponse, renderWithApp } from '@/test/render';
import {
  FUND_ID,
  fundFixture,
  holdingFixture,
  loadFundOrderTexts,
  REDEMPTION_ID,
  redemptionFixture,
  redemptionQuoteFixture,
} from '../test-fixtures';
import RedeemScreen from './redeem-screen';
import RedeemSuccessScreen from './redeem-success-screen';

configure({ asyncUtilTimeout: 5000 });
beforeAll(loadFundOrderTexts);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The server: 10 units in two lots (6 free, 4 bought in July at 2.5 % today); a quote of the free units
 * (or of 6 units) as in the fixture, of 8 units with the early-exit fee on the July lot's 2.
 */
function server(holding: Partial<FundHolding> = {}, fund = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = input as string;
    const method = init?.method ?? 'GET';
    if (url === `/api/funds/${FUND_ID}`) return jsonResponse(fundFixture(fund));
    if (url === `/api/funds/${FUND_ID}/holding`) return jsonResponse(holdingFixture(holding));
    if (url === `/api/funds/${FUND_ID}/redemption-quote` && method === 'POST') {
      const body = JSON.parse(init?.body as string) as RedemptionBody;
      if (body.units === '8')
        return jsonResponse(
          redemptionQuoteFixture({
            units: '8',
            freeOnly: false,
            value: '960000',
            earlyExitFee: '6000',
            performanceFee: '13000',
            proceeds: '938000',
          }),
        );
      return jsonResponse(redemptionQuoteFixture({ freeOnly: body.freeOnly ?? false }));
    }
    if (url === `/api/funds/${FUND_ID}/redemptions` && method === 'POST') return jsonResponse(redemptionFixture(), 201);
    if (url === `/api/fund-redemptions/${REDEMPTION_ID}`) return jsonResponse(redemptionFixture());
    return jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
}

const quoteBodies = () =>
  fetchMock.mock.calls
    .filter(([u]) => u === `/api/funds/${FUND_ID}/redemption-quote`)
    .map(([, i]) => JSON.parse(i!.body as string) as unknown);

function renderPage() {
  return renderWithApp(<RedeemScreen fundId={FUND_ID} />, { route: `/fund/redeem/${FUND_ID}` });
}

describe('/fund/redeem/{id}', { timeout: 30_000 }, () => {
  it('shows the holding, the free units and the price per share, and plans each lot: units, bought at, fee today, free from', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'ابطال واحدهای صندوق طلای نمونه' })).toBeTruthy();
    const holding = screen.getByRole('region', { name: 'واحدهای شما' });
    expect(within(holding).getByText('واحدهای قابل ابطال').parentElement?.nextSibling?.textContent).toBe('۱۰');
    expect(within(holding).getByText(/واحدهای آزاد/).parentElement?.nextSibling?.textContent).toBe('۶');
    expect(within(holding).getByText(/قیمت هر واحد/).parentElement?.nextSibling?.textContent).toBe('۱۲۰٬۰۰۰ تومان');

    const planner = screen.getByRole('list', { name: 'برنامه‌ریز ابطال' });
    const lots = within(planner).getAllByRole('listitem');
    expect(lots).toHaveLength(2);
    expect(within(lots[0]!).getByText(/^خرید ۱ – /)).toBeTruthy();
    expect(within(lots[0]!).getByText('آزاد')).toBeTruthy();
    expect(within(lots[0]!).getByText('بدون کارمزد')).toBeTruthy();
    expect(within(lots[1]!).getByText('۴')).toBeTruthy();
    expect(within(lots[1]!).getByText('۱۱۵٬۰۰۰ تومان')).toBeTruthy();
    expect(within(lots[1]!).getByText('۲٫۵٪ (۱۲٬۰۰۰ تومان)')).toBeTruthy();
    expect(within(lots[1]!).getByText('آزاد از').parentElement?.nextSibling?.textContent).toContain('دی ۱۴۰۴');
  });

  it('“sell free units only” fills the free units and asks for the free ones, without the early-exit fee', async () => {
    server();
    renderPage();
    const form = await screen.findByRole('form', { name: 'ابطال' });
    await userEvent.click(within(form).getByRole('button', { name: 'فقط ابطال واحدهای آزاد' }));
    expect(within(form).getByLabelText('تعداد واحد')).toHaveProperty('value', '۶');
    expect(within(form).getByText('همهٔ واحدهای آزاد شما: بدون کارمزد ابطال زودهنگام.')).toBeTruthy();
    const breakdown = await within(form).findByLabelText('جزئیات ابطال');
    expect(within(breakdown).getByText('مبلغ دریافتی').parentElement?.nextSibling?.textContent).toBe('۷۰۵٬۰۰۰ تومان');
    expect(within(breakdown).getByText('کارمزد ابطال زودهنگام').parentElement?.nextSibling?.textContent).toBe(
      '۰ تومان',
    );
    expect(quoteBodies().at(-1)).toEqual({ freeOnly: true });

    // Each lot's part, on demand.
    await userEvent.click(within(form).getByRole('button', { name: 'نمایش سهم هر خرید' }));
    expect(
      within(within(form).getByRole('list', { name: 'ابطال به تفکیک خرید' })).getAllByRole('listitem'),
    ).toHaveLength(1);

    // Editing the count is no longer "free only".
    await userEvent.type(within(form).getByLabelText('تعداد واحد'), '{backspace}8');
    await waitFor(() => expect(quoteBodies().at(-1)).toEqual({ units: '8', freeOnly: false }));
    expect(
      await within(form).findByText((_, el) => el?.tagName === 'DD' && el.textContent === '۹۳۸٬۰۰۰ تومان'),
    ).toBeTruthy();
  });

  it('refuses more units than held, before asking the server', async () => {
    server();
    renderPage();
    const form = await screen.findByRole('form', { name: 'ابطال' });
    await userEvent.type(within(form).getByLabelText('تعداد واحد'), '۱۲');
    expect(await within(form).findByText('حداکثر ۱۰ واحد را می‌توانید ابطال کنید.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'ابطال' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(quoteBodies().filter((b) => (b as RedemptionBody).units === '12')).toEqual([]);
  });

  it('an empty count, left or submitted, asks for one; «all» fills every unit held and clears it', async () => {
    server();
    renderPage();
    const form = await screen.findByRole('form', { name: 'ابطال' });
    const units = within(form).getByLabelText('تعداد واحد');
    await userEvent.click(within(form).getByRole('button', { name: 'ابطال' }));
    expect(await within(form).findByText('این فیلد را پر کنید.')).toBeTruthy();
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'همه' }));
    expect(units).toHaveProperty('value', '۱۰');
    await waitFor(() => expect(within(form).queryByText('این فیلد را پر کنید.')).toBeNull());
    expect(units.getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(quoteBodies().at(-1)).toEqual({ units: '10', freeOnly: false }));
    expect(within(form).getByRole('button', { name: 'فقط ابطال واحدهای آزاد' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('a holding under the minimum: «all» is accepted and asked for, as the server allows (issue 19)', async () => {
    server({ units: '0.4585', totalUnits: '0.4585', freeUnits: '0', minRedeemUnits: '1' });
    renderPage();
    const form = await screen.findByRole('form', { name: 'ابطال' });
    const units = within(form).getByLabelText('تعداد واحد');
    await userEvent.click(within(form).getByRole('button', { name: 'همه' }));
    expect(units).toHaveProperty('value', '۰٫۴۵۸۵');
    await waitFor(() => expect(quoteBodies().at(-1)).toEqual({ units: '0.4585', freeOnly: false }));
    expect(units.getAttribute('aria-invalid')).toBe('false');
    expect(within(form).queryByText('دست‌کم ۱ واحد ابطال کنید.')).toBeNull();
    // The hint says it goes whole, not "at most 0.4585 and at least 1".
    expect(
      within(form).getByText('کمتر از حداقل ابطال دارید: فقط همهٔ ۰٫۴۵۸۵ واحد را می‌توانید یک‌جا ابطال کنید.'),
    ).toBeTruthy();

    // Part of it is still under the minimum.
    await userEvent.clear(units);
    await userEvent.type(units, '0.4');
    expect(await within(form).findByText('دست‌کم ۱ واحد ابطال کنید.')).toBeTruthy();
  });

  it('confirms with the figures shown and opens the success page; one idempotency key', async () => {
    server();
    const { router } = renderPage();
    const form = await screen.findByRole('form', { name: 'ابطال' });
    await userEvent.type(within(form).getByLabelText('تعداد واحد'), '8');
    await userEvent.click(within(form).getByRole('button', { name: 'ابطال' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأیید ابطال' });
    expect(within(dialog).getByText('۹۳۸٬۰۰۰ تومان')).toBeTruthy();
    expect(within(dialog).getByText(/۶٬۰۰۰ تومان کارمزد ابطال زودهنگام کسر می‌شود/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأیید و ابطال' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fund/redeem/success/${REDEMPTION_ID}`));
    const sent = fetchMock.mock.calls.filter(([u]) => u === `/api/funds/${FUND_ID}/redemptions`);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]![1]!.body as string)).toEqual({ units: '8', freeOnly: false });
    expect((sent[0]![1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a paused fund says so and takes nothing', async () => {
    server({ redeemingPaused: true }, { redeemingPaused: true });
    renderPage();
    expect(await screen.findByText('در حال حاضر امکان خرید یا ابطال واحدهای این صندوق وجود ندارد.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'ابطال' });
    expect(within(form).getByRole('button', { name: 'ابطال' })).toHaveProperty('disabled', true);
  });

  it('nothing held: nothing to sell, a way to buy', async () => {
    server({ units: '0', totalUnits: '0', freeUnits: '0', lots: [], value: '0', profit: '0', costBasis: '0' });
    renderPage();
    expect(await screen.findByText('شما واحدی از این صندوق ندارید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'خرید واحد' }).getAttribute('href')).toBe(`/fund/purchase/${FUND_ID}`);
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('/fund/redeem/success/{id}', { timeout: 30_000 }, () => {
  it('shows the proceeds and the units, and leads back to the fund with the sale’s result', async () => {
    server();
    renderWithApp(<RedeemSuccessScreen redemptionId={REDEMPTION_ID} />, {
      route: `/fund/redeem/success/${REDEMPTION_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'واحدهای شما ابطال شد' })).toBeTruthy();
    expect(
      screen.getByText(/۶ واحد با ارزش واحد در .* ابطال شد و ۷۰۵٬۰۰۰ تومان به کیف پول شما واریز شد\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صندوق' }).getAttribute('href')).toBe(
      `/fund/${FUND_ID}?sellStatus=success&redeemRequestId=${REDEMPTION_ID}`,
    );
  });

  it('waiting for the day’s NAV: says so', async () => {
    fetchMock.mockImplementation(async (input) =>
      input === `/api/fund-redemptions/${REDEMPTION_ID}`
        ? jsonResponse(
            redemptionFixture({
              state: 'Waiting',
              status: 'InProgress',
              outcome: 'waiting',
              nav: null,
              value: null,
              fixedFee: null,
              earlyExitFee: null,
              performanceFee: null,
              proceeds: null,
              pricedAt: null,
            }),
          )
        : input === `/api/funds/${FUND_ID}`
          ? jsonResponse(fundFixture())
          : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404),
    );
    renderWithApp(<RedeemSuccessScreen redemptionId={REDEMPTION_ID} />, {
      route: `/fund/redeem/success/${REDEMPTION_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'در انتظار ارزش امروز واحد' })).toBeTruthy();
    expect(screen.getByText(/۶ واحد برای این ابطال مسدود شده است/)).toBeTruthy();
  });
});
