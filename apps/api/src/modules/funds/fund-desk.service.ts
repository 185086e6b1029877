/**
 * The operators' fund desk (issue 6; decisions 021, 022). Every write and its audit record (operator as
 * actor, the fund as subject) are one transaction; a refused request writes nothing.
 *
 * create: [rules of the whole fund (contract `fundRuleIssues`) → tx: insert (the code unique) → audit]
 * update: [tx: fund row lock → the fund as it would be (kept fields + the edit) → currency change only
 *         without NAVs and orders, with fees and limits in the new currency → rules → code unique →
 *         update → audit of what changed (old and new values)]
 * NAV, terms: proposed by one operator, made when a second approves (issue 15, decision 028; the
 *              proposals module runs these in its approval's transaction):
 * publish NAV: [date not after today (Tehran) → amount in the currency's scale → insert (one per fund and
 *              date: `FUND_NAV_EXISTS`) → audit] → after the commit, `onNavPublished` prices the orders
 *              waiting for that date
 * correct NAV: [NAV row lock → a different value → update, correctedAt → audit (old, new, reason)];
 *              orders priced before keep their price (decision 022), so no hook
 * terms:       [fund row lock → the fund with the new fees, limits or pauses → rules → update → audit]
 *
 * An edit (update) changes no terms: fees, limits and pauses are refused (`termsByProposal`), except fees
 * and limits brought with a change of currency, which a fund without NAVs, orders or pending proposals
 * may make.
 */
export type { FundDeskDeps, OperatorAct, ProposalRecord } from './fund-desk.common';
export * from './fund-catalogue.service';
export * from './fund-navs.service';
export * from './fund-terms.service';
export * from './fund-announcements.service';
export * from './fund-consultations.service';
