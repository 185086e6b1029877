import type { EffectHolder, Proposal } from '@portal/contract/admin/proposals';

/** Two operators: A proposes, B approves (the console's tests sign in as either). */
export const OPERATOR_A = {
  id: '11111111-2222-4333-8444-555555555555',
  mobile: '+989121000001',
  firstName: 'سارا',
  lastName: 'اپراتور',
};
export const OPERATOR_B = {
  id: '22222222-3333-4444-8555-666666666666',
  mobile: '+989121000002',
  firstName: 'رضا',
  lastName: 'بازبین',
};

/** An operator who holds units of the sample fund (neither A nor B). */
export const OPERATOR_HOLDER = {
  userId: '55555555-6666-4777-8888-999999999999',
  mobile: '+989121000003',
  firstName: 'کامران',
  lastName: 'صادقی',
};

export const FUND_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182';
export const PROPOSAL_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

/** A holder of a NAV or dividend effect. */
export function holderFixture(over: Partial<EffectHolder> = {}): EffectHolder {
  return {
    userId: '33333333-4444-4555-8666-777777777777',
    mobile: '+989121112233',
    firstName: 'علی',
    lastName: 'رضایی',
    isOperator: false,
    units: '10',
    valueBefore: '1200000',
    valueAfter: '1260000',
    ...over,
  };
}

/**
 * A pending NAV correction of the sample gold fund by operator A: 120,000 → 126,000 toman (+5 %), three
 * holders, one of them an operator (neither A nor B, holding 2 units).
 */
export function navProposalFixture(over: Partial<Proposal> = {}): Proposal {
  return {
    id: PROPOSAL_ID,
    kind: 'nav_correction',
    status: 'Pending',
    fund: {
      id: FUND_ID,
      code: 'gold-1',
      name: { fa: 'صندوق طلای نمونه', ar: 'صندوق الذهب', en: 'Sample Gold Fund' },
      currency: 'IRT',
    },
    payload: { kind: 'nav_correction', navDate: '2025-08-01', nav: '126000', reason: 'خطا در ورود قیمت طلا' },
    effect: {
      kind: 'nav_correction',
      currency: 'IRT',
      previousNav: '120000',
      nav: '126000',
      changeBps: 500,
      needsAdmin: false,
      holdersCount: 3,
      totalValueBefore: '5040000',
      totalValueAfter: '5292000',
      operatorHolders: 1,
      holders: [
        holderFixture(),
        holderFixture({
          userId: '44444444-5555-4666-8777-888888888888',
          mobile: '+989121114455',
          firstName: 'مریم',
          lastName: 'احمدی',
          units: '30',
          valueBefore: '3600000',
          valueAfter: '3780000',
        }),
        holderFixture({
          ...OPERATOR_HOLDER,
          isOperator: true,
          units: '2',
          valueBefore: '240000',
          valueAfter: '252000',
        }),
      ],
    },
    proposedBy: OPERATOR_A,
    proposedAt: '2025-08-01T09:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    resultId: null,
    ...over,
  };
}

/** A pending NAV publication of the sample fund by operator A (for the fund desk's answers). */
export function navPublishProposalFixture(navDate: string, nav: string, over: Partial<Proposal> = {}): Proposal {
  return navProposalFixture({
    kind: 'nav_publish',
    payload: { kind: 'nav_publish', navDate, nav },
    effect: {
      kind: 'nav_publish',
      currency: 'IRT',
      previousNav: '120000',
      nav,
      changeBps: null,
      needsAdmin: false,
      holdersCount: 0,
      totalValueBefore: '0',
      totalValueAfter: '0',
      operatorHolders: 0,
      holders: [],
    },
    ...over,
  });
}
