import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FundDetail, FundSummary } from '@portal/contract/funds/catalogue';
import type { FundHolding, FundPurchase, FundRedemption } from '@portal/contract/funds/orders';
import { quotePurchase, quoteRedemption, formatUnits, parseUnits, type Lot } from '@portal/contract/funds/pricing';
import { typeCode, typeInto } from './account-steps';
import { askForCode } from './auth-steps';
import { cardNumber, submitBankAccount } from './bank-steps';
import { persianDigits, type Translate } from './i18n';
import { waitForLivePage } from './browser';
import { chooseTrack, submitIdentity, validNationalCode } from './kyc-steps';
import { latestCode } from './server';

/**
 * Steps and figures of the funds journeys (issue 6), in Persian: how the pages show units, money, rates
 * and days (so a journey compares what a user reads with what it computed), the demo catalogue as the
 * API answers it, reaching KYC level one, paying toman in through the sandbox gateway, and the expected
 * figures of a purchase or a redemption computed with the contract's own rules (decision 022).
 */

// ————— what the Persian pages show —————

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬');

/** `4.8512` → `۴٫۸۵۱۲`, `1234` → `۱٬۲۳۴`: a unit count or an amount (not negative) as the Persian pages show it. */
export function shownDecimal(value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`not a decimal the journeys show: ${value}`);
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${persianDigits(group(int.replace(/^0+(?=\d)/, '')))}${trimmed ? `٫${persianDigits(trimmed)}` : ''}`;
}

/** A toman amount as the pages show it: `۱٬۵۰۰٬۰۰۰ تومان`. */
export function shownMoney(t: Translate, amount: string): string {
  return `${shownDecimal(amount)} ${t('currency.IRT')}`;
}

/** Basis points as the pages show a rate: `300` → `۳٪`. */
export function shownRate(bps: number): string {
  return new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** A yield of the API (`"12.34"`) as a fund card shows it: signed, two decimals, `+۱۲٫۳۴٪`. */
export function shownYield(percent: string): string {
  return new Intl.NumberFormat('fa-IR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(Number(percent) / 100);
}

/** A Tehran calendar day of the API (`2025-06-15`) as the order pages show it, in the Persian calendar. */
export function shownDay(isoDay: string): string {
  return new Intl.DateTimeFormat('fa-IR', { dateStyle: 'long', calendar: 'persian', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00.000Z`),
  );
}

/**
 * The label → figure pairs of a list of figures (a `<dl>` of the order pages: each pair in a row, the
 * label the first text of its `<dt>`, the figure its `<dd>`).
 */
export async function figuresOf(list: Locator): Promise<Record<string, string>> {
  await list.waitFor();
  return list.evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(dl.querySelectorAll('dt'))) {
      const label = (dt.firstElementChild ?? dt).textContent?.trim() ?? '';
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out[label] = dd.textContent?.trim() ?? '';
    }
    return out;
  });
}

/** A list of figures by its accessible name (`aria-label` of the `<dl>`). */
export function figureList(scope: Page | Locator, name: string): Locator {
  return scope.locator(`dl[aria-label="${name}"]`);
}

// ————— the catalogue and the investor's orders, as the API answers the page's session —————

/** The published funds (the demo seed's among them). */
export async function listedFunds(page: Page): Promise<FundSummary[]> {
  const res = await page.request.get('/api/funds');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: FundSummary[] }).items;
}

/** A demo fund by its code (demo-funds.ts): `demo-zarrin-gold`, `demo-asayesh-staking`… */
export async function demoFund(page: Page, code: string): Promise<FundDetail> {
  const summary = (await listedFunds(page)).find((f) => f.code === code);
  if (!summary) throw new Error(`the demo fund ${code} is not listed`);
  const res = await page.request.get(`/api/funds/${summary.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as FundDetail;
}

export async function holdingOf(page: Page, fundId: string): Promise<FundHolding> {
  const res = await page.request.get(`/api/funds/${fundId}/holding`);
  expect(res.status()).toBe(200);
  return (await res.json()) as FundHolding;
}

export async function purchaseOf(page: Page, purchaseId: string): Promise<FundPurchase> {
  const res = await page.request.get(`/api/fund-purchases/${purchaseId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as FundPurchase;
}

export async function redemptionOf(page: Page, redemptionId: string): Promise<FundRedemption> {
  const res = await page.request.get(`/api/fund-redemptions/${redemptionId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as FundRedemption;
}

/**
 * A purchase paid from the wallet through the API (a journey's setup: the page journey is buy-with-wallet). The
 * investor confirms the fund's risk (issue 20: a journey's investor has taken no risk test).
 */
export async function buyThroughApi(page: Page, fundId: string, amount: string): Promise<FundPurchase> {
  const res = await page.request.post(`/api/funds/${fundId}/purchases`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { amount, method: 'wallet', acceptTerms: true, riskAcknowledged: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as FundPurchase;
}

// ————— what the rules of decision 022 say the figures must be —————

/** The purchase of `amount` toman at the fund's NAV of today, as `pricing.ts` prices it. */
export function expectedPurchase(fund: FundDetail, amount: string) {
  if (!fund.navToday || !fund.latestNav) throw new Error(`today's NAV of ${fund.code} is not published`);
  const q = quotePurchase(BigInt(amount), BigInt(fund.latestNav.nav), BigInt(fund.fees.purchaseFixedFee));
  if (!q) throw new Error(`${amount} buys no unit of ${fund.code}`);
  return {
    nav: fund.latestNav.nav,
    navDate: fund.latestNav.navDate,
    fixedFee: q.fixedFee.toString(),
    units: formatUnits(q.units),
    cost: q.cost.toString(),
    charged: q.charged.toString(),
    remainder: q.remainder.toString(),
  };
}

/** The redemption of `units` from the holding's lots (oldest first) at today's NAV, at `at`. */
export function expectedRedemption(fund: FundDetail, holding: FundHolding, units: string, at = new Date()) {
  if (!fund.navToday || !fund.latestNav) throw new Error(`today's NAV of ${fund.code} is not published`);
  const lots: Lot[] = holding.lots.map((l) => ({
    id: l.lotId,
    units: parseUnits(l.units),
    nav: BigInt(l.nav),
    issuedAt: new Date(l.issuedAt),
  }));
  const q = quoteRedemption(lots, parseUnits(units), {
    nav: BigInt(fund.latestNav.nav),
    at,
    fixedFee: BigInt(fund.fees.redeemFixedFee),
    performanceFeeBps: BigInt(fund.fees.performanceFeeBps),
  });
  return {
    nav: fund.latestNav.nav,
    navDate: fund.latestNav.navDate,
    units: formatUnits(q.units),
    value: q.value.toString(),
    fixedFee: q.fixedFee.toString(),
    earlyExitFee: q.earlyExitFee.toString(),
    earlyExitBps: q.takes.map((x) => Number(x.earlyExitBps)),
    performanceFee: q.performanceFee.toString(),
    proceeds: q.proceeds.toString(),
  };
}

// ————— the investor —————

/** KYC level one through the page: the Iranian track, a national code and a birth date. */
export async function reachKycLevelOne(page: Page, t: Translate): Promise<void> {
  await chooseTrack(page, t, 'iranian');
  await submitIdentity(page, t, 'fa', validNationalCode(), { year: '1368', month: 4, day: '12' });
  await page.getByText(t('kyc:summary.done'), { exact: true }).waitFor();
}

/**
 * Toman into the wallet through the sandbox gateway, as a user does it: a card of their own, the
 * deposit page, «pay» at the gateway, the return page's success.
 */
export async function depositThroughGateway(page: Page, t: Translate, toman: string): Promise<void> {
  await page.goto('/profile/add-bank-account');
  await submitBankAccount(page, t, 'fa', 'card', cardNumber('mellat'));
  await page.waitForURL((url) => url.pathname === '/profile/bank-accounts');
  await page.goto('/wallet/deposit');
  await typeInto(page, t('deposit:gateway.amount'), persianDigits(toman));
  await page.getByRole('button', { name: t('deposit:gateway.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-gateway/'));
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/wallet/deposit' && url.searchParams.get('Status') === 'OK');
  await page.getByRole('heading', { name: t('deposit:return.success.title'), exact: true }).waitFor();
}

/**
 * Toman into the wallet for a journey's setup: the deposit started through the API, paid at the sandbox
 * gateway's page, verified. (No card needed: the deposit page's own journey is gateway-deposit.spec.ts.)
 */
export async function fundWalletQuickly(page: Page, toman: string): Promise<void> {
  const started = await page.request.post('/api/wallet/deposits/gateway', {
    headers: { 'idempotency-key': randomUUID() },
    data: { amount: toman },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { depositId, redirectUrl } = (await started.json()) as { depositId: string; redirectUrl: string };
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('Status') === 'OK');
  const authority = new URL(page.url()).searchParams.get('Authority')!;
  const verified = await page.request.post(`/api/wallet/deposits/${depositId}/verify`, {
    data: { authority, status: 'OK' },
  });
  expect(await verified.json()).toMatchObject({ outcome: 'success', credited: toman });
}

/** Logs in to an existing account (no password) with the code from the dev outbox; lands on the dashboard. */
export async function logInWithCode(page: Page, baseUrl: string, t: Translate, mobile: string): Promise<void> {
  await page.goto('/auth');
  await askForCode(page, t, 'fa', mobile);
  await page.getByRole('heading', { name: t('auth.code.title'), exact: true }).waitFor();
  await typeCode(page, 'fa', t('auth.code.label'), await latestCode(baseUrl, mobile));
  await page.getByRole('button', { name: t('auth.code.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForLivePage(page);
}

// ————— the pages —————

/** `/funds` from the main navigation. */
export async function openFundsFromNavigation(page: Page, t: Translate): Promise<void> {
  await waitForLivePage(page);
  await page
    .getByRole('navigation', { name: t('nav.label'), exact: true })
    .getByRole('link', { name: t('nav.funds'), exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/funds');
  await page.getByRole('heading', { name: t('funds:list.pageTitle'), level: 1, exact: true }).waitFor();
}

/** A fund's card in the invest tab shown (an `article` named by the fund's name). */
export function fundCard(page: Page, name: string): Locator {
  // Beside its demo badge a demo fund's card drops the seed's "(نمایشی)" mark (apps/web/src/lib/demo-name.ts).
  return page.getByRole('article', { name: name.replace(/\s*\((?:نمایشی|تجريبي|demo)\)$/u, ''), exact: true });
}

/** On `/funds`: the invest tab, then the fund's card, to its page. */
export async function openFundFromList(page: Page, t: Translate, tab: string, fund: FundDetail): Promise<void> {
  await page.getByRole('tab', { name: t(`funds:list.tabs.${tab}`), exact: true }).click();
  await fundCard(page, fund.name.fa).getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/fund/${fund.id}`);
  await page.getByRole('heading', { name: fund.name.fa, level: 1, exact: true }).waitFor();
}

/** The "my funds" card of a fund on `/funds`: its units and value as shown. */
export function myFundCard(page: Page, t: Translate, fundName: string): Locator {
  return page
    .getByRole('list', { name: t('funds:myFunds.title'), exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: fundName, exact: true }) });
}

/** The toman card of `/wallet` (a link named `تومان: …`). */
export function tomanWalletCard(page: Page, t: Translate): Locator {
  return page.getByRole('link', { name: new RegExp(`^${t('currency.IRT')}:`) });
}
