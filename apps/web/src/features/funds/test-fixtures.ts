import type { FundAnnouncement, FundDetail, FundSummary } from '@portal/contract/funds/catalogue';
import { EARLY_EXIT_SCHEDULE } from '@portal/contract/funds/catalogue';
import type { FundHolding, FundOrder, FundPurchase, Holding } from '@portal/contract/funds/orders';
import i18next from 'i18next';
import arFunds from '@/locales/ar/funds.json';
import enFunds from '@/locales/en/funds.json';
import faFunds from '@/locales/fa/funds.json';

/** The `funds` texts in the three languages (the shared test setup loads the first-load namespaces only). */
export function loadFundsTexts(): void {
  for (const [lng, texts] of [
    ['fa', faFunds],
    ['ar', arFunds],
    ['en', enFunds],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, 'funds')) i18next.addResourceBundle(lng, 'funds', texts);
  }
}

/** Fund ids of the fixtures: valid UUIDs, as the contract's params require. */
export const FUND_IDS = {
  gold: '30000000-0000-4000-8000-000000000001',
  crypto: '30000000-0000-4000-8000-000000000002',
  income: '30000000-0000-4000-8000-000000000003',
} as const;

const text = (fa: string, en: string, ar = en) => ({ fa, ar, en });

export function fundSummaryFixture(over: Partial<FundSummary> = {}): FundSummary {
  return {
    id: FUND_IDS.gold,
    code: 'gold-1',
    kind: 'gold',
    preset: 'gold',
    fundType: 3,
    category: 'gold_silver',
    risk: 35,
    currency: 'IRT',
    name: text('صندوق طلای نمونه', 'Sample gold fund', 'صندوق الذهب'),
    summary: text('سرمایه‌گذاری در طلای آب‌شده', 'Invests in melted gold'),
    latestNav: { navDate: '2026-03-10', nav: '125000' },
    yields: { sixMonths: '12.34', twelveMonths: '24.50', allTime: '-3.10' },
    buyingPaused: false,
    redeemingPaused: false,
    minPurchase: '100000',
    isDemo: false,
    ...over,
  };
}

export function fundDetailFixture(over: Partial<FundDetail> = {}): FundDetail {
  return {
    ...fundSummaryFixture(),
    about: text('این صندوق در طلا سرمایه‌گذاری می‌کند.', 'This fund invests in gold.'),
    fees: {
      purchaseFixedFee: '5000',
      managementFeeBps: 150,
      redeemFixedFee: '0',
      performanceFeeBps: 1000,
      earlyExit: EARLY_EXIT_SCHEDULE,
    },
    limits: { minPurchase: '100000', maxPurchase: null, minRedeemUnits: '0.1' },
    assetAllocation: [
      { label: text('طلای آب‌شده', 'Melted gold'), percent: '62.50' },
      { label: text('سکه', 'Coins'), percent: '20.00' },
    ],
    licences: [
      {
        title: text('مجوز فعالیت', 'Operating licence'),
        number: '12345',
        issuer: text('سازمان بورس', 'Securities organisation'),
        issuedOn: '2025-01-15',
      },
    ],
    documents: [{ title: text('امیدنامه', 'Prospectus'), url: 'https://example.com/prospectus.pdf' }],
    unreadAnnouncements: 0,
    agreementsPending: 0,
    navToday: true,
    openConsultations: [],
    ...over,
  };
}

export function holdingFixture(over: Partial<Holding> = {}): Holding {
  return {
    fundId: FUND_IDS.gold,
    currency: 'IRT',
    units: '10',
    heldUnits: '0',
    totalUnits: '10',
    latestNav: { navDate: '2026-03-10', nav: '125000' },
    value: '1250000',
    costBasis: '1000000',
    profit: '250000',
    freeUnits: '4',
    ...over,
  };
}

export function fundHoldingFixture(over: Partial<FundHolding> = {}): FundHolding {
  return {
    ...holdingFixture(),
    lots: [
      {
        lotId: 'lot-a',
        purchaseId: null,
        unitsIssued: '4',
        units: '4',
        nav: '100000',
        issuedAt: '2025-08-01T08:00:00.000Z',
        freeFrom: '2026-02-01T08:00:00.000Z',
        isFree: true,
        earlyExitBpsToday: 0,
        valueToday: '500000',
        earlyExitFeeToday: '0',
      },
      {
        lotId: 'lot-b',
        purchaseId: null,
        unitsIssued: '6',
        units: '6',
        nav: '100000',
        issuedAt: '2026-02-01T08:00:00.000Z',
        freeFrom: '2026-08-01T08:00:00.000Z',
        isFree: false,
        earlyExitBpsToday: 250,
        valueToday: '750000',
        earlyExitFeeToday: '18750',
      },
    ],
    minRedeemUnits: '0.1',
    redeemingPaused: false,
    redeemFixedFee: '0',
    performanceFeeBps: 1000,
    ...over,
  };
}

let seq = 0;
export function announcementFixture(over: Partial<FundAnnouncement> = {}): FundAnnouncement {
  seq += 1;
  return {
    id: `40000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    fundId: FUND_IDS.gold,
    kind: 'announcement',
    title: text(`اطلاعیهٔ ${seq}`, `Announcement ${seq}`),
    body: text('متن اطلاعیه', 'The announcement'),
    requiresAgreement: false,
    documentUrl: null,
    publishedAt: '2026-03-01T08:00:00.000Z',
    seenAt: null,
    agreedAt: null,
    ...over,
  };
}

export function purchaseFixture(over: Partial<FundPurchase> = {}): FundPurchase {
  return {
    id: '50000000-0000-4000-8000-000000000001',
    fundId: FUND_IDS.gold,
    method: 'wallet',
    state: 'Successful',
    status: 'Successful',
    outcome: 'success',
    currency: 'IRT',
    amount: '1005000',
    fixedFee: '5000',
    navDate: '2026-02-01',
    nav: '100000',
    units: '10',
    cost: '1000000',
    charged: '1005000',
    remainder: '0',
    failReason: null,
    paymentReference: null,
    pricedAt: '2026-02-01T08:00:00.000Z',
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-02-01T08:00:00.000Z',
    ...over,
  };
}

export function purchaseOrderFixture(over: Partial<FundPurchase> = {}): FundOrder {
  return { kind: 'purchase', purchase: purchaseFixture(over) };
}
