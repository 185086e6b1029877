/**
 * The proposals desk (issue 15, decision 028): a bank statement import, a NAV publication or correction,
 * a dividend, a fund's terms, the tether market's settings (issue 17) and tether on chain's settings
 * (issue 18) are proposed by one operator and made when a second one approves.
 *
 * propose (the endpoint that used to act): the change checked as it was before (a broken file, a future
 *          date, a NAV of that date already published, figures against the fund's rules…) → [tx: the
 *          fund's row lock (its currency cannot change under a proposal) → the proposer holds no units of
 *          it (`FUND_HOLDER_OPERATOR`) → the proposal, Pending, and `proposal.proposed`]. Nothing changes.
 * approve (proposals.decide + the kind's permission): [tx: row lock → Pending (else
 *          `REQUEST_ALREADY_REVIEWED`: of two approvers exactly one wins) → the approver's role, read now
 *          (`FORBIDDEN`) → not the proposer (`SAME_OPERATOR`) → neither approver nor proposer holds or is
 *          buying the fund's units (`FUND_HOLDER_OPERATOR`) → a statement credits neither of them
 *          (`OPERATOR_OWN_ACCOUNT`) → the change checked again → a NAV moved beyond
 *          `NAV_CHANGE_ADMIN_BOUND_BPS` needs an admin (`PROPOSAL_NEEDS_ADMIN`) → the change, with the
 *          approver as its author and the proposer on record, and its own audit records → Approved,
 *          `proposal.approved`] → after the commit: a NAV's waiting orders are priced, a statement's lines
 *          matched. A change refused at this point answers its error; the proposal stays Pending and
 *          nothing changed.
 * reject (anyone who may approve it, the proposer too: it moves nothing): [tx: row lock → Pending →
 *          Rejected with the reason, `proposal.rejected`].
 *
 * These checks are the desk's own, in the decision's transaction under the proposal's lock; the console's
 * four-eyes guard (admin/four-eyes.ts) makes them too, before the request reaches here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  PROPOSAL_PAGE_SIZE,
  PROPOSAL_PERMISSION,
  type fundTermsBody,
  type Proposal,
  type ProposalPayload,
  type ProposalStatus,
  type TableProposalKind,
} from '@portal/contract/admin/proposals';
import { can, type Role } from '@portal/contract/admin/roles';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { unitCurrency } from '@portal/contract/funds/funds';
import type { StatementParser } from '../../adapters/settlement/settlement.port';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { withIdempotency } from '../../lib/idempotency';
import { runMoneyTransaction } from '../../lib/money-tx';
import { importStatementLines, matchStatementLines } from '../deposit-by-id/deposit-by-id.service';
import { dividendPerUnit, dividendShares, payDividend } from '../fund-orders/dividends.service';
import { findHolders } from '../fund-orders/fund-orders.repository';
import type { FundDeskDeps } from '../funds/fund-desk.common';
import {
  afterNavPublished,
  checkNavCorrection,
  checkNavPublication,
  correctNav,
  publishNav,
} from '../funds/fund-navs.service';
import { applyFundTerms, checkFundTerms } from '../funds/fund-terms.service';
import { findFund, type FundRow } from '../funds/funds.repository';
import {
  applyChainSettings,
  chainSettingsChange,
  checkChainSettings,
  readChainSettingsValues,
} from '../chain/chain-settings.service';
import { applyTetherSettings, checkTetherSettings, tetherSettingsChange } from '../tether/tether-settings.service';
import {
  applyBasketSettings,
  basketSettingsChange,
  checkBasketSettings,
  readBasketSettings,
} from '../baskets/settings.service';
import { readSettings } from '../tether/tether.repository';
import { effectOf, navNeedsAdmin, payloadOf, statementCredits } from './effects';
import {
  findProposal,
  holdsOrBuysUnits,
  insertProposal,
  listProposals as listProposalRows,
  navBefore,
  roleOf,
  updateProposal,
  usersByIds,
  type ProposalRow,
  type UserRef,
} from './proposals.repository';

export interface ProposalsDeps {
  db: Db;
  /** The settlement port's parser of statement files (decision 020). */
  parser: StatementParser;
  now?: () => Date;
  /** Called once an approved NAV publication committed: prices the orders waiting for it (decision 022). */
  onNavPublished?: FundDeskDeps['onNavPublished'];
}

interface OperatorAct {
  operatorId: string;
  ip: string;
}

const nowOf = (deps: ProposalsDeps) => deps.now?.() ?? new Date();

// ---- views --------------------------------------------------------------------------------------

const refOf = (u: UserRef | undefined, id: string) => ({
  id,
  mobile: u?.mobile ?? '',
  firstName: u?.firstName ?? null,
  lastName: u?.lastName ?? null,
});

/** Proposals as the console reads them, with what approving a pending one would do now. */
async function toProposals(tx: DbOrTx, deps: ProposalsDeps, rows: ProposalRow[]): Promise<Proposal[]> {
  const people = await usersByIds(
    tx,
    rows.flatMap((r) => [r.proposedBy, ...(r.decidedBy ? [r.decidedBy] : [])]),
  );
  const funds = new Map<string, FundRow>();
  for (const id of new Set(rows.flatMap((r) => (r.fundId ? [r.fundId] : [])))) {
    const fund = await findFund(tx, id);
    if (fund) funds.set(id, fund);
  }
  const out: Proposal[] = [];
  for (const r of rows) {
    const fund = r.fundId ? (funds.get(r.fundId) ?? null) : null;
    out.push({
      id: r.id,
      kind: r.kind,
      status: r.status,
      fund: fund ? { id: fund.id, code: fund.code, name: fund.name, currency: fund.currency } : null,
      payload: payloadOf(r),
      effect: r.status === 'Pending' ? await effectOf(tx, deps.parser, r, fund) : null,
      proposedBy: refOf(people.get(r.proposedBy), r.proposedBy),
      proposedAt: r.proposedAt.toISOString(),
      decidedBy: r.decidedBy ? refOf(people.get(r.decidedBy), r.decidedBy) : null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      rejectReason: r.rejectReason,
      resultId: r.resultId,
    });
  }
  return out;
}

export async function getProposal(deps: ProposalsDeps, id: string): Promise<Proposal> {
  const row = await findProposal(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such proposal');
  const [view] = await toProposals(deps.db, deps, [row]);
  return view!;
}

export async function listProposals(
  deps: ProposalsDeps,
  q: {
    status?: ProposalStatus | undefined;
    kind?: TableProposalKind | undefined;
    fundId?: string | undefined;
    page: number;
  },
) {
  const { rows, total } = await listProposalRows(deps.db, {
    status: q.status,
    kind: q.kind,
    fundId: q.fundId,
    limit: PROPOSAL_PAGE_SIZE,
    offset: (q.page - 1) * PROPOSAL_PAGE_SIZE,
  });
  return { items: await toProposals(deps.db, deps, rows), total, page: q.page, pageSize: PROPOSAL_PAGE_SIZE };
}

// ---- proposing ----------------------------------------------------------------------------------

type PayloadOf<K extends TableProposalKind> = Omit<Extract<ProposalPayload, { kind: K }>, 'kind'>;

/** Writes a pending proposal and its audit record in the caller's transaction. */
async function propose<K extends TableProposalKind>(
  tx: DbOrTx,
  input: OperatorAct & {
    now: Date;
    kind: K;
    fund: FundRow | null;
    payload: PayloadOf<K>;
    content?: string;
    audit?: Record<string, unknown>;
  },
): Promise<ProposalRow> {
  const row = await insertProposal(tx, {
    kind: input.kind,
    fundId: input.fund?.id ?? null,
    payload: input.payload,
    content: input.content ?? null,
    proposedBy: input.operatorId,
    proposedAt: input.now,
  });
  await writeAudit(tx, {
    action: 'proposal.proposed',
    actorUserId: input.operatorId,
    subjectType: 'proposal',
    subjectId: row.id,
    ip: input.ip,
    data: {
      proposalId: row.id,
      kind: row.kind,
      fundId: row.fundId,
      ...(input.fund ? { code: input.fund.code } : {}),
      payload: input.payload,
      ...input.audit,
    },
  });
  return row;
}

/** An operator who holds or is buying a fund's units prices and pays nothing of it (`FUND_HOLDER_OPERATOR`). */
async function assertNotHolder(tx: DbOrTx, fundId: string, userId: string, who: 'proposing' | 'approver' | 'proposer') {
  if (!(await holdsOrBuysUnits(tx, userId, fundId))) return;
  const message = {
    proposing: 'You hold or are buying units of this fund: another operator must propose this',
    approver: 'You hold or are buying units of this fund: another operator must approve this',
    proposer: 'The proposer now holds or is buying units of this fund: this proposal cannot take effect',
  }[who];
  throw new AppError('FUND_HOLDER_OPERATOR', message);
}

/**
 * The fund a proposal is about, under its row lock (an edit cannot change its currency while the
 * proposal is written), with the proposer not among its holders.
 */
async function fundToPropose(tx: DbOrTx, fundId: string, operatorId: string): Promise<FundRow> {
  const fund = await findFund(tx, fundId, { lock: true });
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  await assertNotHolder(tx, fund.id, operatorId, 'proposing');
  return fund;
}

/** A statement file, checked whole as the import always checked it (a broken file: nothing kept). */
export async function proposeStatementImport(
  deps: ProposalsDeps,
  input: OperatorAct & { fileName: string; content: string },
): Promise<Proposal> {
  const lines = deps.parser.parse(input.content);
  const row = await deps.db.transaction((tx) =>
    propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'bank_statement_import',
      fund: null,
      payload: { fileName: input.fileName },
      content: input.content,
      audit: { lines: lines.length },
    }),
  );
  return getProposal(deps, row.id);
}

export async function proposeNavPublication(
  deps: ProposalsDeps,
  input: OperatorAct & { fundId: string; body: { navDate: string; nav: string } },
): Promise<Proposal> {
  const row = await deps.db.transaction(async (tx) => {
    const fund = await fundToPropose(tx, input.fundId, input.operatorId);
    const nav = await checkNavPublication(tx, deps, fund, input.body);
    return propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'nav_publish',
      fund,
      payload: { navDate: input.body.navDate, nav: fromMinor(nav, fund.currency) },
    });
  });
  return getProposal(deps, row.id);
}

export async function proposeNavCorrection(
  deps: ProposalsDeps,
  input: OperatorAct & { fundId: string; body: { navDate: string; nav: string; reason: string } },
): Promise<Proposal> {
  const row = await deps.db.transaction(async (tx) => {
    const fund = await fundToPropose(tx, input.fundId, input.operatorId);
    const { old, nav } = await checkNavCorrection(tx, fund, input.body);
    return propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'nav_correction',
      fund,
      payload: { navDate: old.navDate, nav: fromMinor(nav, fund.currency), reason: input.body.reason },
      audit: { from: fromMinor(old.nav, fund.currency) },
    });
  });
  return getProposal(deps, row.id);
}

/**
 * A dividend per unit, once per `Idempotency-Key` of the proposer (a retry answers the same proposal, as
 * it stands now); `CONFLICT` when no holder would receive anything.
 */
export async function proposeDividend(
  deps: ProposalsDeps,
  input: OperatorAct & { fundId: string; perUnit: string; idempotencyKey: string },
): Promise<Proposal> {
  const checked = await findFund(deps.db, input.fundId);
  if (!checked) throw new AppError('NOT_FOUND', 'No such fund');
  const perUnit = fromMinor(dividendPerUnit(checked, input.perUnit), checked.currency);
  const { response } = await runMoneyTransaction(deps.db, (tx) =>
    withIdempotency(
      tx,
      {
        userId: input.operatorId,
        key: input.idempotencyKey,
        operation: 'distributeFundDividend',
        request: { fundId: checked.id, perUnit },
      },
      async () => {
        const fund = await fundToPropose(tx, checked.id, input.operatorId);
        const holders = await findHolders(tx, unitCurrency(fund.id));
        if (dividendShares(holders, toMinor(perUnit, fund.currency)).length === 0) {
          throw new AppError('CONFLICT', 'No holder would receive anything');
        }
        const row = await propose(tx, { ...input, now: nowOf(deps), kind: 'dividend', fund, payload: { perUnit } });
        return { proposalId: row.id };
      },
    ),
  );
  return getProposal(deps, response.proposalId);
}

/** New fees, limits or pauses, checked with the fund's other figures (`fundRuleIssues`). */
export async function proposeFundTerms(
  deps: ProposalsDeps,
  input: OperatorAct & { fundId: string; body: z.output<typeof fundTermsBody> },
): Promise<Proposal> {
  const row = await deps.db.transaction(async (tx) => {
    const fund = await fundToPropose(tx, input.fundId, input.operatorId);
    const { before, after } = checkFundTerms(fund, input.body);
    return propose(tx, { ...input, now: nowOf(deps), kind: 'fund_terms', fund, payload: after, audit: { before } });
  });
  return getProposal(deps, row.id);
}

/**
 * The tether market's settings (spread, fee, quote life, minimum, daily limits), every field, checked as
 * the contract's rules say; recorded with the settings they would replace (the audit's `before`).
 */
export async function proposeTetherSettings(
  deps: ProposalsDeps,
  input: OperatorAct & { body: unknown },
): Promise<Proposal> {
  const values = checkTetherSettings(input.body);
  const row = await deps.db.transaction(async (tx) => {
    const { before } = tetherSettingsChange(await readSettings(tx), values);
    return propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'tether_settings',
      fund: null,
      payload: values,
      audit: { before },
    });
  });
  return getProposal(deps, row.id);
}

/**
 * Tether on chain's settings (each network's confirmations and figures, the daily limit, the review
 * bounds), every field, checked as the contract's rules say; recorded with the settings they would
 * replace (the audit's `before`).
 */
export async function proposeChainSettings(
  deps: ProposalsDeps,
  input: OperatorAct & { body: unknown },
): Promise<Proposal> {
  const values = checkChainSettings(input.body);
  const row = await deps.db.transaction(async (tx) => {
    const { before } = chainSettingsChange(await readChainSettingsValues(tx), values);
    return propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'chain_settings',
      fund: null,
      payload: values,
      audit: { before },
    });
  });
  return getProposal(deps, row.id);
}

/**
 * The smart hold baskets' settings (issue 20: construction parameters, basket fee, exclusions, VIP review
 * bound), every field, checked as the contract's rules say; recorded with the settings they would replace.
 */
export async function proposeBasketSettings(
  deps: ProposalsDeps,
  input: OperatorAct & { body: unknown },
): Promise<Proposal> {
  const values = checkBasketSettings(input.body);
  const row = await deps.db.transaction(async (tx) => {
    const { before } = basketSettingsChange(await readBasketSettings(tx), values);
    return propose(tx, {
      ...input,
      now: nowOf(deps),
      kind: 'basket_settings',
      fund: null,
      payload: values,
      audit: { before },
    });
  });
  return getProposal(deps, row.id);
}

// ---- deciding -----------------------------------------------------------------------------------

/**
 * The decider's role, read in the decision's transaction: it must decide proposals and hold the
 * permission of what this one proposes.
 */
async function deciderRole(tx: DbOrTx, operatorId: string, kind: TableProposalKind): Promise<Role> {
  const role = await roleOf(tx, operatorId);
  if (!role || !can(role, 'proposals.decide') || !can(role, PROPOSAL_PERMISSION[kind])) {
    throw new AppError('FORBIDDEN', 'You do not have access to this operation');
  }
  return role;
}

/** A pending proposal under its row lock. */
async function pendingProposal(tx: DbOrTx, id: string): Promise<ProposalRow> {
  const p = await findProposal(tx, id, { lock: true });
  if (!p) throw new AppError('NOT_FOUND', 'No such proposal');
  if (p.status !== 'Pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 'The proposal was already decided');
  return p;
}

/** What an approval made, and what follows once it committed. */
interface Outcome {
  resultId: string | null;
  audit: Record<string, unknown>;
  afterCommit?: () => Promise<void>;
}

/** A NAV moved beyond the bound takes an admin (a first NAV never does). */
function assertAdminBound(previous: bigint | null, nav: bigint, role: Role): void {
  if (navNeedsAdmin(previous, nav) && role !== 'admin') {
    throw new AppError(
      'PROPOSAL_NEEDS_ADMIN',
      'This NAV moves beyond the bound of an ordinary change: an admin must approve it',
    );
  }
}

/** Runs the approved change in the approval's transaction. */
async function runChange(
  tx: Tx,
  deps: ProposalsDeps & { log: Pick<FastifyBaseLogger, 'error'> },
  p: ProposalRow,
  approver: { operatorId: string; role: Role; ip: string },
): Promise<Outcome> {
  const proposal = { proposalId: p.id, proposedBy: p.proposedBy };
  const act = { operatorId: approver.operatorId, ip: approver.ip };
  const payload = payloadOf(p);

  if (payload.kind === 'bank_statement_import') {
    const content = p.content ?? '';
    const { lines, credits } = await statementCredits(tx, deps.parser, content);
    if (credits.has(p.proposedBy) || credits.has(approver.operatorId)) {
      throw new AppError(
        'OPERATOR_OWN_ACCOUNT',
        'This statement would credit the proposer or you: other operators must import and approve it',
      );
    }
    const done = await importStatementLines(tx, { ...act, fileName: payload.fileName, content, lines, proposal });
    const now = nowOf(deps);
    return {
      resultId: done.importId,
      audit: { lines: done.lines, added: done.added },
      // The matcher takes the new lines, one transaction each (decision 020); its timer retries a failure.
      afterCommit: async () => {
        try {
          await matchStatementLines(deps.db, now);
        } catch (err) {
          deps.log.error({ err, importId: done.importId }, 'matching an approved statement failed');
        }
      },
    };
  }

  if (payload.kind === 'tether_settings') {
    const { kind: _kind, ...values } = payload;
    await applyTetherSettings(tx, { ...act, now: nowOf(deps), values, proposal });
    return { resultId: null, audit: {} };
  }

  if (payload.kind === 'chain_settings') {
    const { kind: _kind, ...values } = payload;
    await applyChainSettings(tx, { ...act, now: nowOf(deps), values, proposal });
    return { resultId: null, audit: {} };
  }

  if (payload.kind === 'basket_settings') {
    const { kind: _kind, ...values } = payload;
    await applyBasketSettings(tx, { ...act, now: nowOf(deps), values, proposal });
    return { resultId: null, audit: {} };
  }

  const fund = p.fundId ? await findFund(tx, p.fundId) : null;
  if (!fund) throw new AppError('NOT_FOUND', 'No such fund');
  await assertNotHolder(tx, fund.id, approver.operatorId, 'approver');
  await assertNotHolder(tx, fund.id, p.proposedBy, 'proposer');

  switch (payload.kind) {
    case 'nav_publish': {
      const nav = await checkNavPublication(tx, deps, fund, payload);
      assertAdminBound(await navBefore(tx, fund.id, payload.navDate), nav, approver.role);
      const row = await publishNav(tx, deps, { ...act, fund, navDate: payload.navDate, nav, proposal });
      return {
        resultId: row.navDate,
        audit: {},
        afterCommit: () => afterNavPublished(deps, deps.log, fund.id, row.navDate),
      };
    }
    case 'nav_correction': {
      const { old, nav } = await checkNavCorrection(tx, fund, payload, { lock: true });
      assertAdminBound(old.nav, nav, approver.role);
      const row = await correctNav(tx, deps, { ...act, fund, old, nav, reason: payload.reason, proposal });
      return { resultId: row.navDate, audit: { from: fromMinor(old.nav, fund.currency) } };
    }
    case 'dividend': {
      const perUnit = dividendPerUnit(fund, payload.perUnit);
      const dividend = await payDividend(tx, { ...act, fund, perUnit, now: nowOf(deps), proposal });
      return { resultId: dividend.id, audit: { total: dividend.total, holders: dividend.holders } };
    }
    case 'fund_terms': {
      const { kind: _kind, ...terms } = payload;
      await applyFundTerms(tx, { ...act, fundId: fund.id, terms, proposal });
      return { resultId: null, audit: {} };
    }
  }
}

/**
 * Approves another operator's pending proposal: the change is made in this transaction, with the approver
 * as its author and the proposer on record. Of two approvers at once exactly one wins.
 */
export async function approveProposal(
  deps: ProposalsDeps,
  input: OperatorAct & { proposalId: string; log: Pick<FastifyBaseLogger, 'error'> },
): Promise<Proposal> {
  const { outcome } = await runMoneyTransaction(deps.db, async (tx) => {
    const p = await pendingProposal(tx, input.proposalId);
    const role = await deciderRole(tx, input.operatorId, p.kind);
    if (p.proposedBy === input.operatorId) {
      throw new AppError('SAME_OPERATOR', 'Another operator must approve your proposal');
    }
    const outcome = await runChange(tx, { ...deps, log: input.log }, p, { ...input, role });
    await updateProposal(tx, p.id, {
      status: 'Approved',
      decidedBy: input.operatorId,
      decidedAt: nowOf(deps),
      resultId: outcome.resultId,
      // The file's text was kept for the decision; its lines are now the import's.
      content: null,
    });
    await writeAudit(tx, {
      action: 'proposal.approved',
      actorUserId: input.operatorId,
      subjectType: 'proposal',
      subjectId: p.id,
      ip: input.ip,
      data: {
        proposalId: p.id,
        kind: p.kind,
        fundId: p.fundId,
        proposedBy: p.proposedBy,
        payload: p.payload,
        resultId: outcome.resultId,
        ...outcome.audit,
      },
    });
    return { outcome };
  });
  await outcome.afterCommit?.();
  return getProposal(deps, input.proposalId);
}

/** Rejects a pending proposal with a reason; the proposer may withdraw their own (it moves nothing). */
export async function rejectProposal(
  deps: ProposalsDeps,
  input: OperatorAct & { proposalId: string; reason: string },
): Promise<Proposal> {
  await deps.db.transaction(async (tx) => {
    const p = await pendingProposal(tx, input.proposalId);
    await deciderRole(tx, input.operatorId, p.kind);
    await updateProposal(tx, p.id, {
      status: 'Rejected',
      decidedBy: input.operatorId,
      decidedAt: nowOf(deps),
      rejectReason: input.reason,
      content: null,
    });
    await writeAudit(tx, {
      action: 'proposal.rejected',
      actorUserId: input.operatorId,
      subjectType: 'proposal',
      subjectId: p.id,
      ip: input.ip,
      data: {
        proposalId: p.id,
        kind: p.kind,
        fundId: p.fundId,
        proposedBy: p.proposedBy,
        payload: p.payload,
        reason: input.reason,
        withdrawnByProposer: p.proposedBy === input.operatorId,
      },
    });
  });
  return getProposal(deps, input.proposalId);
}
