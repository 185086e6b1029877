import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BasketSettings } from '@portal/contract/admin/baskets';
import type { BasketDetail, BasketOrder, BasketRebalancePreview } from '@portal/contract/baskets/orders';
import type { RiskQuiz, RiskResult } from '@portal/contract/baskets/risk-quiz';
import type { PortfolioState } from '@portal/contract/account/portfolio';
import type { TetherMarket } from '@portal/contract/tether/market';
import { GATEWAY_DEPOSIT_MAX_TOMAN } from '@portal/contract/wallet/deposits';
import { shownDecimal, fundWalletQuickly } from './fund-steps';
import { persianDigits, type Translate } from './i18n';
import { logInAsOperator, openPendingSubmission, recordAndSendVideo } from './kyc-steps';
import type { Tab } from './browser';
import type { OperatorLogin } from './server';

/**
 * Steps and figures of the smart hold basket journeys (issue 20), in Persian: tether as the basket pages show
 * it, the risk quiz answered on its page, KYC level two through the video and an operator, toman enough to buy
 * a basket's tether, and the server's answers (orders, baskets, wallets, the portfolio) the journeys compare the
 * pages with. A basket's value is recomputed here from its holdings (quantity × latest price, cut to six
 * decimals) so a journey checks the server's sum, not only that two screens agree.
 */

// ————— decimals —————

/** `12.5` at `scale` → 12500000n (scale 6): a non-negative decimal string as an integer of minor units. */
export function toMinor(decimal: string, scale: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!m) throw new Error(`not a non-negative decimal: ${decimal}`);
  const frac = (m[2] ?? '').slice(0, scale).padEnd(scale, '0');
  return BigInt(m[1]! + frac);
}

/** Minor units at `scale` → the canonical decimal string (`12.5`, `0`, `-3.25`). */
export function fromMinor(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const s = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const int = s.slice(0, -scale) || '0';
  const frac = s.slice(-scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** quantity × price, both decimal strings, cut (never rounded up) to tether's six decimals, in minor units. */
export function valueMinor(quantity: string, price: string): bigint {
  const qs = quantity.split('.')[1]?.length ?? 0;
  const ps = price.split('.')[1]?.length ?? 0;
  const product = toMinor(quantity, qs) * toMinor(price, ps);
  const extra = qs + ps - 6;
  return extra >= 0 ? product / 10n ** BigInt(extra) : product * 10n ** BigInt(-extra);
}

// ————— what the Persian pages show —————

/** A tether amount as the basket pages show it: `۲٬۰۰۰ تتر`, `۱۹۹۰٫۵ تتر`. */
export function shownTether(t: Translate, amount: string): string {
  return `${shownDecimal(amount)} ${t('currency.USDT')}`;
}

/**
 * A valuation in tether (a basket's or a holding's value) as the basket pages show it: to the cent, the rest
 * cut (`use-basket-format.ts` `value`): `1988.512345` → `۱٬۹۸۸٫۵۱ تتر`.
 */
export function shownValue(t: Translate, amount: string): string {
  const [int = '0', frac = ''] = amount.split('.');
  const cents = frac.slice(0, 2).replace(/0+$/, '');
  return shownTether(t, cents ? `${int}.${cents}` : int);
}

/** A ratio 0–1 as the basket pages show a weight or a drift: one decimal, `۱۲٫۵٪`. */
export function shownWeight(ratio: number): string {
  return new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** The label → figure pairs of the basket pages' `<dl>` named `name` (its `aria-label`). */
export async function basketFigures(scope: Page | Locator, name: string): Promise<Record<string, string>> {
  const list = scope.locator(`dl[aria-label="${name}"]`).first();
  await list.waitFor();
  return list.evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(dl.querySelectorAll('dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out[dt.textContent?.trim() ?? ''] = dd.textContent?.trim() ?? '';
    }
    return out;
  });
}

/** Scrolls an element to the middle of the viewport (the screenshots show the viewport). */
export async function centre(locator: Locator): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

// ————— the server's answers to the page's session —————

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export interface WalletView {
  walletId: string;
  currency: string;
  available: string;
  held: string;
}
export async function walletOf(page: Page, currency: 'IRT' | 'USDT'): Promise<WalletView> {
  const { items } = await getJson<{ items: WalletView[] }>(page, '/api/wallets');
  const w = items.find((x) => x.currency === currency);
  return w ?? { walletId: '', currency, available: '0', held: '0' };
}

export const basketOrderOf = (page: Page, id: string) => getJson<BasketOrder>(page, `/api/basket-orders/${id}`);
export const basketOf = (page: Page, id: string) => getJson<BasketDetail>(page, `/api/baskets/${id}`);
export const riskResultsOf = (page: Page) => getJson<{ items: RiskResult[] }>(page, '/api/risk-quiz/results');
export const publishedQuiz = (page: Page) => getJson<RiskQuiz>(page, '/api/risk-quiz');
export const portfolioInTether = (page: Page) =>
  getJson<PortfolioState>(page, '/api/account/portfolio/state?currency=USDT');

/** The rebalance a basket would make now (changes nothing). */
export async function rebalancePreviewOf(page: Page, id: string): Promise<BasketRebalancePreview> {
  const res = await page.request.post(`/api/baskets/${id}/rebalance-preview`, { data: {} });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as BasketRebalancePreview;
}

/** The console's basket settings (an operator's session). */
export const basketSettingsOf = (op: Page) => getJson<BasketSettings>(op, '/api/admin/baskets/settings');

/**
 * A built basket's value worked out from its holdings: each holding's quantity × its latest price, cut to six
 * decimals (tether's price is 1), and their sum. Checks the server's own figures against it and answers the sum.
 */
export function expectValueFromHoldings(basket: BasketDetail): string {
  expect(basket.holdings.length).toBeGreaterThan(0);
  let total = 0n;
  for (const h of basket.holdings) {
    expect(h.price, `${h.symbol} has a price`).not.toBeNull();
    const v = valueMinor(h.quantity, h.price!);
    expect(h.value, `${h.symbol}: ${h.quantity} × ${h.price}`).toBe(fromMinor(v, 6));
    total += v;
  }
  expect(basket.value).toBe(fromMinor(total, 6));
  return fromMinor(total, 6);
}

// ————— the investor —————

/**
 * KYC level two right after level one's form (as tether-chain.spec does it): the video recorded with Chromium's fake camera
 * on the investor's page, then an operator on `op` approves the submission in the console's KYC queue.
 */
export async function reachKycLevelTwo(
  investor: Tab,
  op: Page,
  t: Translate,
  baseUrl: string,
  mobile: string,
  operator: OperatorLogin,
): Promise<void> {
  await investor.context.grantPermissions(['camera', 'microphone'], { origin: baseUrl });
  await recordAndSendVideo(investor.page, t, t('kyc:video.submit'));
  await investor.page.getByText(t('kyc:outcome.pending.title'), { exact: true }).waitFor();
  await logInAsOperator(op, t, 'fa', operator);
  await openPendingSubmission(op, t, 'fa', mobile);
  await op.getByRole('button', { name: t('admin:kyc.decision.approve'), exact: true }).click();
  const approve = op.getByRole('dialog', { name: t('admin:kyc.decision.approveTitle'), exact: true });
  await approve.getByRole('button', { name: t('admin:kyc.decision.approveConfirm'), exact: true }).click();
  await approve.waitFor({ state: 'detached' });
  expect(await getJson<{ level: number }>(investor.page, '/api/kyc')).toMatchObject({ level: 2 });
}

/**
 * Toman enough to buy `usdt` tether at the market's buy price and fee now, with 3 % to spare for the price's
 * moves, paid in through the sandbox gateway in payments of at most the gateway's largest. Answers the toman
 * paid in.
 */
export async function tomanForTether(page: Page, usdt: string): Promise<bigint> {
  const market = await getJson<TetherMarket>(page, '/api/tether/market');
  expect(market.price.status).toBe('live');
  const rialsPerTether = BigInt(market.price.buy!);
  const cost = (toMinor(usdt, 6) * rialsPerTether) / 10n / 1_000_000n; // toman, before the fee
  const needed = (cost * BigInt(10_000 + market.feeBps) * 103n) / (10_000n * 100n) + 1n;
  expect(needed <= BigInt(market.dailyRemainingToman), 'within the daily tether limit').toBe(true);
  let left = needed;
  while (left > 0n) {
    const part = left > GATEWAY_DEPOSIT_MAX_TOMAN ? GATEWAY_DEPOSIT_MAX_TOMAN : left < 10_000n ? 10_000n : left;
    await fundWalletQuickly(page, part.toString());
    left -= part;
  }
  return needed;
}

/**
 * The risk quiz on `/risk-quiz/calc`, from its intro: for each question the option at `choices[i]` (by its
 * Persian text), «continue», and «save and calculate» on the last; on the way, the second question goes «back»
 * to the first (its answer kept) and «exit» is asked and declined. Answers the result's region.
 */
export async function answerRiskQuiz(
  page: Page,
  t: Translate,
  quiz: RiskQuiz,
  choices: readonly number[],
  shoot: (name: string) => Promise<void>,
): Promise<Locator> {
  const total = quiz.questions.length;
  expect(choices.length).toBe(total);
  await page.getByRole('heading', { name: t('risk:calc.introTitle'), exact: true }).waitFor();
  await page.getByText(t('risk:calc.introCount', { number: persianDigits(String(total)) }), { exact: true }).waitFor();
  await shoot('intro');
  await page.getByRole('button', { name: t('risk:calc.start'), exact: true }).click();
  const progress = (i: number) =>
    page.getByText(
      t('risk:calc.progress', { current: persianDigits(String(i + 1)), total: persianDigits(String(total)) }),
      { exact: true },
    );
  const option = (i: number) =>
    page.getByRole('radio', { name: quiz.questions[i]!.options[choices[i]!]!.text.fa, exact: true });
  for (let i = 0; i < total; i++) {
    await progress(i).waitFor();
    await page.getByText(quiz.questions[i]!.text.fa, { exact: true }).waitFor();
    if (i === 0) {
      // «continue» without an answer: the rule, nothing sent.
      await page.getByRole('button', { name: t('risk:calc.continue'), exact: true }).click();
      await page.getByText(t('risk:calc.required'), { exact: true }).waitFor();
    }
    await option(i).check();
    if (i === 1) {
      await shoot('question');
      // Back to the first question: its answer is still chosen.
      await page.getByRole('button', { name: t('risk:calc.previous'), exact: true }).click();
      await progress(0).waitFor();
      expect(await option(0).isChecked()).toBe(true);
      await page.getByRole('button', { name: t('risk:calc.continue'), exact: true }).click();
      await progress(1).waitFor();
      expect(await option(1).isChecked()).toBe(true);
      // Exit asks first; staying keeps the answers.
      await page.getByRole('button', { name: t('risk:calc.exit'), exact: true }).click();
      const exit = page.getByRole('dialog', { name: t('risk:calc.exitTitle'), exact: true });
      await exit.getByText(t('risk:calc.exitText'), { exact: true }).waitFor();
      await shoot('exit');
      await exit.getByRole('button', { name: t('risk:calc.stay'), exact: true }).click();
      await exit.waitFor({ state: 'detached' });
      expect(await option(1).isChecked()).toBe(true);
    }
    const last = i === total - 1;
    await page.getByRole('button', { name: last ? t('risk:calc.save') : t('risk:calc.continue'), exact: true }).click();
  }
  const result = page.getByRole('status', { name: t('risk:result.title'), exact: true });
  await result.waitFor();
  return result;
}

/**
 * Types into the text box named `label` as a person does (the order form's amount field shares its name with
 * the section around it, so the box is found by its role).
 */
export async function typeIntoBox(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label, exact: true });
  await box.fill('');
  await box.pressSequentially(text);
}

// ————— the console —————

/** The mobile number as the console's lists show it (`۰۹۳۵…`). */
export const shownMobile = (mobile: string) => persianDigits(mobile);
