/**
 * The demo investor's holding (issue 6), embedded demo only and labelled demo: the demo investor
 * (`DEMO_MOBILE` of demo.ts, `is_demo`) holds units of the demo gold fund bought seven months ago, at the NAV of that
 * day, so the redemption of a lot past the early-exit period (free of the early-exit fee, SPEC §4) can be
 * tried, and is exercised by the e2e journey `e2e/tests/funds/redeem-old-lot.spec.ts`. A lot cannot age in a
 * test: it is bought with a clock seven months back.
 *
 * What it writes, each step through the owning module's own functions:
 * - KYC level one for the demo investor (a sample national code and birth date, an approved identity
 *   submission for the history), as the identity step would, unless the account already has level one;
 * - one `ManualAdjustment` journal from the house's `adjustments` account to the demo investor's toman
 *   wallet, of exactly the purchase's amount (memo and audit say it is demo data);
 * - the purchase itself by the orders module (`createFundPurchase`, paid from the wallet) with the clock
 *   at the NAV date seven months back: the purchase's `createdAt`/`pricedAt` and the lot's `issuedAt` are
 *   that time, and the units are issued at that day's published NAV.
 *
 * Idempotent: done once a successful purchase of the fund older than six months exists for the demo
 * investor; the funding journal is never written twice (its reference is fixed). Nothing is written when
 * the demo investor is missing or not a demo account, is frozen, or the fund is missing, not a published
 * demo fund, paused for buying, or has no NAV on that date.
 */
import { and, eq, lt } from 'drizzle-orm';
import { tehranDateOf } from '@portal/contract/funds/orders';
import { addMonths } from '@portal/contract/funds/pricing';
import { PaymentGatewayError, type PaymentPort } from '../adapters/payment/payment.port';
import type { Db } from '../db/client';
import { fundPurchases, funds, ledgerJournals, users } from '../db/schema';
import { writeAudit } from '../lib/audit';
import { runMoneyTransaction } from '../lib/money-tx';
import { createFundPurchase } from '../modules/fund-orders/purchases.service';
import { navOn } from '../modules/fund-orders/fund-orders.repository';
import { insertSubmission, isNationalCodeHeldByOther, setIdentityVerified } from '../modules/kyc/kyc.repository';
import { creditUser } from '../modules/ledger/ledger.service';

/**
 * The demo investor's mobile: `DEMO_MOBILE` of `demo.ts`, written again rather than imported, because
 * `seedDemo` (demo.ts) calls this file (no import cycle); a test checks that the two are the same.
 */
export const DEMO_INVESTOR_MOBILE = '+989120000000';

/** The demo fund the demo investor holds (demo-funds.ts), how much was bought, and how long ago. */
export const DEMO_HOLDING = {
  fundCode: 'demo-zarrin-gold',
  /** Toman. */
  amount: 3_000_000n,
  monthsAgo: 7,
} as const;

/** A sample national code (valid check digit) and birth date for the demo investor's level one. */
export const DEMO_IDENTITY = { nationalCode: '0000000019', birthDate: '1990-03-21' } as const;

/** The reference of the funding journal and the purchase's idempotency key: fixed, so a restart finds them. */
const FUNDING_REF = `demo-holding:${DEMO_HOLDING.fundCode}`;
const PURCHASE_KEY = `demo-holding-${DEMO_HOLDING.fundCode}`;

/** A wallet purchase never reaches the gateway; the seed has none. */
const noGateway: PaymentPort = {
  name: 'demo-seed',
  request: () => Promise.reject(new PaymentGatewayError('the demo seed pays from the wallet only')),
  redirectUrl: () => {
    throw new PaymentGatewayError('the demo seed pays from the wallet only');
  },
  verify: () => Promise.reject(new PaymentGatewayError('the demo seed pays from the wallet only')),
};

/** The time of day the demo lot is bought: 10:00 in Tehran (06:30 UTC) of the day seven months back. */
function purchaseTime(now: Date): Date {
  const back = addMonths(now, -DEMO_HOLDING.monthsAgo);
  const day = tehranDateOf(back);
  return new Date(`${day}T06:30:00.000Z`);
}

export async function seedDemoHoldings(db: Db, now: Date = new Date()): Promise<void> {
  const [investor] = await db
    .select({ id: users.id, isDemo: users.isDemo, frozenAt: users.frozenAt, kycLevel: users.kycLevel })
    .from(users)
    .where(eq(users.mobile, DEMO_INVESTOR_MOBILE))
    .limit(1);
  if (!investor || !investor.isDemo || investor.frozenAt) return;
  const [fund] = await db.select().from(funds).where(eq(funds.code, DEMO_HOLDING.fundCode)).limit(1);
  if (!fund || !fund.isDemo || !fund.published || fund.buyingPaused || fund.currency !== 'IRT') return;

  const boughtAt = purchaseTime(now);
  const sixMonthsAgo = addMonths(now, -6);
  const [done] = await db
    .select({ id: fundPurchases.id })
    .from(fundPurchases)
    .where(
      and(
        eq(fundPurchases.userId, investor.id),
        eq(fundPurchases.fundId, fund.id),
        eq(fundPurchases.status, 'Successful'),
        lt(fundPurchases.createdAt, sixMonthsAgo),
      ),
    )
    .limit(1);
  if (done) return;
  if ((await navOn(db, fund.id, tehranDateOf(boughtAt))) === null) return;

  // KYC level one, as the identity step writes it (investing needs it).
  if (investor.kycLevel < 1) {
    await db.transaction(async (tx) => {
      const own = !(await isNationalCodeHeldByOther(tx, DEMO_IDENTITY.nationalCode, investor.id));
      if (own) {
        await setIdentityVerified(tx, investor.id, { ...DEMO_IDENTITY, now });
        await insertSubmission(tx, {
          userId: investor.id,
          kind: 'identity',
          status: 'approved',
          data: { ...DEMO_IDENTITY },
          createdAt: now,
          reviewedAt: now,
        });
      } else {
        // The sample code belongs to a real account: level one without an identity on file.
        await tx
          .update(users)
          .set({ kycTrack: 'iranian', shahkarPassed: true, kycLevel: 1, updatedAt: now })
          .where(eq(users.id, investor.id));
      }
      await writeAudit(tx, {
        action: 'kyc.identity_verified',
        subjectType: 'user',
        subjectId: investor.id,
        data: {
          provider: 'demo_seed',
          via: 'demo_seed',
          nationalCodeLast4: own ? DEMO_IDENTITY.nationalCode.slice(-4) : null,
        },
      });
    });
  }

  // The money for the purchase: one demo adjustment from the house, written once.
  const [funded] = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.refType, 'ManualAdjustment'), eq(ledgerJournals.refId, FUNDING_REF)))
    .limit(1);
  if (!funded) {
    await runMoneyTransaction(db, async (tx) => {
      const journal = await creditUser(tx, {
        userId: investor.id,
        from: 'adjustments',
        currency: 'IRT',
        amount: DEMO_HOLDING.amount,
        refType: 'ManualAdjustment',
        refId: FUNDING_REF,
        memo: `demo data: toman for the demo investor's seeded holding of ${DEMO_HOLDING.fundCode}`,
        createdBy: null,
      });
      await writeAudit(tx, {
        action: 'fund.demo_holding_funded',
        subjectType: 'user',
        subjectId: investor.id,
        data: {
          via: 'demo_seed',
          journalId: journal.journalId,
          amount: DEMO_HOLDING.amount.toString(),
          currency: 'IRT',
        },
      });
    });
  }

  // The purchase, by the orders module, on the clock of seven months ago: priced at that day's NAV.
  const purchase = await createFundPurchase(
    { db, payment: noGateway, now: () => boughtAt },
    {
      userId: investor.id,
      fundId: fund.id,
      // The demo investor has taken no risk quiz (issue 20): the seed confirms the fund's risk as they would.
      body: { amount: DEMO_HOLDING.amount.toString(), method: 'wallet', riskAcknowledged: true },
      idempotencyKey: PURCHASE_KEY,
      returnUrl: () => '',
      ip: '127.0.0.1',
    },
  );
  await writeAudit(db, {
    action: 'fund.demo_holding_seeded',
    subjectType: 'fund_purchase',
    subjectId: purchase.id,
    data: {
      via: 'demo_seed',
      fundId: fund.id,
      code: fund.code,
      boughtAt: boughtAt.toISOString(),
      navDate: purchase.navDate,
      nav: purchase.nav,
      units: purchase.units,
    },
  });
}
