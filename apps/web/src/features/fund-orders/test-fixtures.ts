import i18next from 'i18next';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { EARLY_EXIT_SCHEDULE } from '@portal/contract/funds/catalogue';
import type {
  FundHolding,
  FundPurchase,
  FundRedemption,
  HoldingLot,
  PurchaseQuoteView,
  RedemptionQuoteView,
} from '@portal/contract/funds/orders';
import type { Currency } from '@portal/contract/core/money';
import type { Wallet } from '@portal/contract/wallet/wallets';
import ar from '@/locales/ar/fund-orders.json';
import en from '@/locales/en/fund-orders.json';
import fa from '@/locales/fa/fund-orders.json';
import arRisk from '@/locales/ar/risk.json';
import enRisk from '@/locales/en/risk.json';
import faRisk from '@/locales/fa/risk.json';

/** The `fundOrders` texts in every language (the test setup bundles the older namespaces only), and the `risk` texts of the purchase's risk confirmation. */
export function loadFundOrderTexts(): void {
  for (const [lng, texts, risk] of [
    ['fa', fa, faRisk],
    ['ar', ar, arRisk],
    ['en', en, enRisk],
  ] as const) {
    i18next.addResourceBundle(lng, 'fundOrders', texts, true, true);
    i18next.addResourceBundle(lng, 'risk', risk, true, true);
  }
}

/**
 * `GET /risk-quiz/results` (issue 20): a bold latest result by default (risk 100: no fund asks to confirm its risk),
 * or none.
 */
export function riskResultsFixture(
  latest: { riskNumber: number; band: 10 | 25 | 35 | 60 | 100 } | null = { riskNumber: 100, band: 100 },
) {
  const persona = { 10: 'safe', 25: 'low', 35: 'balanced', 60: 'high', 100: 'aggressive' } as const;
  return {
    items: latest
      ? [
          {
            id: '5b0c1d2e-3f40-4a51-8b62-7c8d9e0f1a2b',
            versionId: '00000000-0000-4000-8000-00000000a001',
            versionNumber: 1,
            riskNumber: latest.riskNumber,
            band: latest.band,
            persona: persona[latest.band],
            takenAt: '2025-05-01T08:00:00.000Z',
          },
        ]
      : [],
  };
}

export const FUND_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const PURCHASE_ID = '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d';
export const REDEMPTION_ID = '7e6d5c4b-3a29-4187-9f6e-5d4c3b2a1908';

export function fundFixture(over: Partial<FundDetail> = {}): FundDetail {
  return {
    id: FUND_ID,
    code: 'gold-1',
    kind: 'gold',
    preset: 'gold',
    fundType: 2,
    category: 'gold_silver',
    risk: 25,
    currency: 'IRT',
    name: { fa: 'صندوق طلای نمونه', ar: 'صندوق الذهب', en: 'Sample Gold Fund' },
    summary: { fa: 'طلا', ar: 'ذهب', en: 'Gold' },
    latestNav: { navDate: '2025-08-01', nav: '120000' },
    yields: { sixMonths: '10.00', twelveMonths: '20.00', allTime: '35.00' },
    buyingPaused: false,
    redeemingPaused: false,
    minPurchase: '100000',
    isDemo: true,
    about: { fa: 'درباره', ar: 'حول', en: 'About' },
    fees: {
      purchaseFixedFee: '5000',
      managementFeeBps: 150,
      redeemFixedFee: '3000',
      performanceFeeBps: 1000,
      earlyExit: EARLY_EXIT_SCHEDULE,
    },
    limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '1' },
    assetAllocation: [],
    licences: [],
    documents: [],
    unreadAnnouncements: 0,
    agreementsPending: 0,
    navToday: true,
    openConsultations: [],
    ...over,
  };
}

export function walletsOf(balances: Partial<Record<Currency, string>>): { items: Wallet[] } {
  return {
    items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency, i) => ({
      walletId: `00000000-0000-4000-8000-00000000000${i + 1}`,
      currency,
      available: balances[currency] ?? '0',
      held: '0',
      total: balances[currency] ?? '0',
    })),
  };
}

/** The quote of `amount` toman at a NAV of 120,000 with a fixed fee of 5,000 (decision 022's arithmetic). */
export function purchaseQuoteFixture(amount: string, over: Partial<PurchaseQuoteView> = {}): PurchaseQuoteView {
  return {
    fundId: FUND_ID,
    currency: 'IRT',
    amount,
    fixedFee: '5000',
    managementFeeBps: 150,
    minPurchase: '100000',
    maxPurchase: null,
    navDate: '2025-08-01',
    nav: '120000',
    waiting: false,
    units: '8.2916',
    cost: '994992',
    charged: '999992',
    remainder: '8',
    latestNav: { navDate: '2025-08-01', nav: '120000' },
    estimatedUnits: '8.2916',
    walletAvailable: '5000000',
    buyingPaused: false,
    methods: ['wallet', 'card'],
    ...over,
  };
}

export function purchaseFixture(over: Partial<FundPurchase> = {}): FundPurchase {
  return {
    id: PURCHASE_ID,
    fundId: FUND_ID,
    method: 'wallet',
    state: 'Successful',
    status: 'Successful',
    outcome: 'success',
    currency: 'IRT',
    amount: '1000000',
    fixedFee: '5000',
    navDate: '2025-08-01',
    nav: '120000',
    units: '8.2916',
    cost: '994992',
    charged: '999992',
    remainder: '8',
    failReason: null,
    paymentReference: null,
    pricedAt: '2025-08-01T09:00:00.000Z',
    createdAt: '2025-08-01T09:00:00.000Z',
    updatedAt: '2025-08-01T09:00:00.000Z',
    ...over,
  };
}

export function lotFixture(over: Partial<HoldingLot> = {}): HoldingLot {
  return {
    lotId: 'lot-1',
    purchaseId: null,
    unitsIssued: '6',
    units: '6',
    nav: '100000',
    issuedAt: '2025-01-05T08:00:00.000Z',
    freeFrom: '2025-07-05T08:00:00.000Z',
    isFree: true,
    earlyExitBpsToday: 0,
    valueToday: '720000',
    earlyExitFeeToday: '0',
    ...over,
  };
}

/** 10 units in two lots: 6 free (bought in January), 4 bought in July (2.5 % early-exit fee today). */
export function holdingFixture(over: Partial<FundHolding> = {}): FundHolding {
  return {
    fundId: FUND_ID,
    currency: 'IRT',
    units: '10',
    heldUnits: '0',
    totalUnits: '10',
    latestNav: { navDate: '2025-08-01', nav: '120000' },
    value: '1200000',
    costBasis: '1060000',
    profit: '140000',
    freeUnits: '6',
    lots: [
      lotFixture(),
      lotFixture({
        lotId: 'lot-2',
        unitsIssued: '4',
        units: '4',
        nav: '115000',
        issuedAt: '2025-07-10T08:00:00.000Z',
        freeFrom: '2026-01-10T08:00:00.000Z',
        isFree: false,
        earlyExitBpsToday: 250,
        valueToday: '480000',
        earlyExitFeeToday: '12000',
      }),
    ],
    minRedeemUnits: '1',
    redeemingPaused: false,
    redeemFixedFee: '3000',
    performanceFeeBps: 1000,
    ...over,
  };
}

/** Redeeming the 6 free units at 120,000: value 720,000, performance fee 10 % of the 120,000 gain. */
export function redemptionQuoteFixture(over: Partial<RedemptionQuoteView> = {}): RedemptionQuoteView {
  return {
    fundId: FUND_ID,
    currency: 'IRT',
    units: '6',
    freeOnly: true,
    navDate: '2025-08-01',
    nav: '120000',
    navDateUsed: '2025-08-01',
    estimate: false,
    waiting: false,
    value: '720000',
    fixedFee: '3000',
    earlyExitFee: '0',
    performanceFee: '12000',
    proceeds: '705000',
    takes: [
      {
        lotId: 'lot-1',
        units: '6',
        issuedAt: '2025-01-05T08:00:00.000Z',
        freeFrom: '2025-07-05T08:00:00.000Z',
        value: '720000',
        earlyExitBps: 0,
        earlyExitFee: '0',
        gain: '120000',
        performanceFee: '12000',
      },
    ],
    availableUnits: '10',
    freeUnits: '6',
    redeemingPaused: false,
    ...over,
  };
}

export function redemptionFixture(over: Partial<FundRedemption> = {}): FundRedemption {
  return {
    id: REDEMPTION_ID,
    fundId: FUND_ID,
    state: 'Successful',
    status: 'Successful',
    outcome: 'success',
    currency: 'IRT',
    units: '6',
    navDate: '2025-08-01',
    nav: '120000',
    value: '720000',
    fixedFee: '3000',
    earlyExitFee: '0',
    performanceFee: '12000',
    proceeds: '705000',
    takes: null,
    pricedAt: '2025-08-01T09:00:00.000Z',
    createdAt: '2025-08-01T09:00:00.000Z',
    updatedAt: '2025-08-01T09:00:00.000Z',
    ...over,
  };
}
