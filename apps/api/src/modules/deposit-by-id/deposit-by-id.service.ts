/**
 * Deposits by payment ID (issue 5, SPEC §2 "Deposit", §9; decision 020).
 *
 * create ID (investor): [tx: KYC level one, not frozen → one of my active sheba accounts → the existing
 *                       ID of (me, sheba), or a new random 12-digit ID with a Luhn check digit]
 * import (proposed by one operator, approved by another: the proposals module, decision 028):
 *                       the settlement port parses the statement (a bad file is refused whole) →
 *                       [approval tx: the import record, its lines by bank reference (a line seen before
 *                       is skipped)] → the matcher runs
 * match (job):          per line, [tx: claim one Pending line (SKIP LOCKED) → its owner and rules →
 *                       one journal (bank_settlement −amount; the wallet +credited, fees +fee,
 *                       refunds +what goes back) → Credited or Returning]
 * return (job):         [tx: claim due Returning lines (SKIP LOCKED) → refunds −refunded,
 *                       bank_settlement +refunded → Returned]
 *
 * Jobs run on every instance at once (server.ts timer, and right after an import): SKIP LOCKED gives each
 * line to one of them.
 */
import { createHash, randomInt } from 'node:crypto';
import type { AdminStatementLine } from '@portal/contract/admin/bank-statements';
import { bankOfSheba, maskSheba } from '@portal/contract/bank/bank-accounts';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor } from '@portal/contract/core/money';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import {
  DEPOSIT_BY_ID_DAILY_CAP_TOMAN,
  cleanPaymentId,
  depositByIdReturn,
  isPaymentIdWellFormed,
  nextWorkingBankCycle,
  paymentIdOf,
  splitDepositById,
  wrongIdReturnAt,
  type DepositById,
  type DepositId,
  type StatementReturnReason,
} from '@portal/contract/wallet/deposit-by-id';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { StatementLine } from '../../adapters/settlement/settlement.port';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { assertCanMoveMoney } from '../../lib/guards';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { postJournal, userAccountId, type PostingInput } from '../ledger/ledger.service';
import {
  acceptedOnDay,
  claimDueReturns,
  claimPendingLine,
  findActiveShebaAccount,
  findDepositIdByPaymentId,
  findDepositIdBySheba,
  insertDepositId,
  insertImport,
  insertLines,
  isActiveShebaOf,
  listDepositIds,
  listUserLines,
  lockUserForCredit,
  setImportAdded,
  updateLine,
  type DepositIdRow,
  type StatementLineRow,
} from './deposit-by-id.repository';

export interface DepositByIdDeps {
  db: Db;
  now?: () => Date;
}

const toman = (v: bigint) => fromMinor(v, 'IRT');

export function toDepositIdView(d: DepositIdRow): DepositId {
  return {
    id: d.id,
    paymentId: d.paymentId,
    bankAccountId: d.bankAccountId,
    bank: bankOfSheba(d.sheba),
    shebaMasked: maskSheba(d.sheba),
    createdAt: d.createdAt.toISOString(),
  };
}

export function toDepositByIdView(l: StatementLineRow): DepositById {
  return {
    id: l.id,
    paymentId: l.paymentId,
    amount: toman(l.amount),
    credited: toman(l.credited),
    fee: toman(l.fee),
    returned: toman(l.returnAmount - l.returnFee),
    status: l.status,
    returnReason: (l.returnReason as StatementReturnReason | null) ?? null,
    returnAt: l.returnAt?.toISOString() ?? null,
    bookedAt: l.bookedAt.toISOString(),
  };
}

export function toAdminStatementLine(
  l: StatementLineRow,
  owner: { mobile: string | null; firstName: string | null; lastName: string | null },
): AdminStatementLine {
  return {
    ...toDepositByIdView(l),
    bankRef: l.bankRef,
    sourceSheba: l.sourceSheba,
    rawPaymentId: l.rawPaymentId,
    returnFee: toman(l.returnFee),
    importId: l.importId,
    user: l.userId
      ? { id: l.userId, mobile: owner.mobile ?? '', firstName: owner.firstName, lastName: owner.lastName }
      : null,
    matchedAt: l.matchedAt?.toISOString() ?? null,
    returnedAt: l.returnedAt?.toISOString() ?? null,
  };
}

/** 11 random digits, the first not zero. */
const randomBody = () => String(randomInt(10_000_000_000, 100_000_000_000));

/**
 * The payment ID of one of the investor's own sheba accounts: the one already made for (user, sheba), or
 * a new one. Two simultaneous first asks make one (the unique index on user + sheba; the loser reads the
 * winner's row); a drawn number that is taken is drawn again.
 */
export async function createDepositId(
  db: Db,
  input: { userId: string; bankAccountId: string; ip: string },
): Promise<DepositId> {
  return db.transaction(async (tx) => {
    await assertCanMoveMoney(tx, input.userId, KYC_REQUIREMENT.invest);
    const account = await findActiveShebaAccount(tx, input.userId, input.bankAccountId);
    if (!account) throw new AppError('NOT_FOUND', 'No such bank account with a sheba');
    const existing = await findDepositIdBySheba(tx, input.userId, account.sheba);
    if (existing) return toDepositIdView(existing);
    for (let attempt = 0; attempt < 8; attempt++) {
      const made = await insertDepositId(tx, {
        userId: input.userId,
        bankAccountId: account.id,
        sheba: account.sheba,
        paymentId: paymentIdOf(randomBody()),
      });
      if (made) {
        await writeAudit(tx, {
          action: 'deposit.by_id.id_created',
          actorUserId: input.userId,
          subjectType: 'deposit_id',
          subjectId: made.id,
          ip: input.ip,
          data: { paymentId: made.paymentId, sheba: maskSheba(made.sheba) },
        });
        return toDepositIdView(made);
      }
      const raced = await findDepositIdBySheba(tx, input.userId, account.sheba);
      if (raced) return toDepositIdView(raced);
    }
    throw new Error('no free payment ID after eight draws');
  });
}

export async function getOverview(db: DbOrTx, userId: string, now: Date) {
  const [ids, used, lines] = [
    await listDepositIds(db, userId),
    await acceptedOnDay(db, userId, tehranDay(now)),
    await listUserLines(db, userId, 20),
  ];
  const left = DEPOSIT_BY_ID_DAILY_CAP_TOMAN - used;
  return {
    items: ids.map(toDepositIdView),
    capLeftToday: toman(left > 0n ? left : 0n),
    deposits: lines.map(toDepositByIdView),
  };
}

// --- matching ------------------------------------------------------------------------------------------

/** Whether a matched line credited something, and whether something of it goes back. */
interface MatchOutcome {
  credited: boolean;
  returning: boolean;
}

function posting(accountId: string, amount: bigint): PostingInput[] {
  return amount === 0n ? [] : [{ accountId, currency: 'IRT', amount }];
}

/** Why a line cannot be credited to the owner of its ID (null: it can), and that owner. */
async function ruleOf(
  tx: Tx,
  line: StatementLineRow,
): Promise<{ owner: DepositIdRow | null; reason: StatementReturnReason | null }> {
  if (line.paymentId === '') return { owner: null, reason: 'missing_id' };
  const owner = isPaymentIdWellFormed(line.paymentId) ? await findDepositIdByPaymentId(tx, line.paymentId) : null;
  if (!owner) return { owner: null, reason: 'unknown_id' };
  if (!(await isActiveShebaOf(tx, owner.userId, line.sourceSheba))) return { owner, reason: 'sheba_mismatch' };
  const user = await lockUserForCredit(tx, owner.userId);
  if (!user || user.frozenAt || user.kycLevel < KYC_REQUIREMENT.invest) return { owner, reason: 'account_unavailable' };
  return { owner, reason: null };
}

/** Matches the oldest pending line in `tx`; null when none is left for this caller. */
async function matchOne(tx: Tx, now: Date): Promise<MatchOutcome | null> {
  const line = await claimPendingLine(tx);
  if (!line) return null;
  const { owner, reason } = await ruleOf(tx, line);
  const [bank, fees, refunds] = [
    await systemAccountId(tx, 'bank_settlement', 'IRT'),
    await systemAccountId(tx, 'fees', 'IRT'),
    await systemAccountId(tx, 'refunds', 'IRT'),
  ];
  const who = owner ? { userId: owner.userId, depositIdId: owner.id } : {};

  if (reason) {
    // Nothing reaches a wallet. A frozen or unverified owner is not the payer's fault: returned whole at
    // the next cycle; a wrong or missing ID, or another person's account, after a working day less the fee.
    const unavailable = reason === 'account_unavailable';
    const { fee, refunded } = unavailable ? { fee: 0n, refunded: line.amount } : depositByIdReturn(line.amount);
    const journal = await postJournal(tx, {
      refType: 'DepositReturn',
      refId: line.id,
      memo: `deposit by id returned: ${reason}`,
      postings: [
        { accountId: bank, currency: 'IRT', amount: -line.amount },
        ...posting(refunds, refunded),
        ...posting(fees, fee),
      ],
    });
    await updateLine(tx, line.id, {
      ...who,
      status: 'Returning',
      returnAmount: line.amount,
      returnFee: fee,
      returnReason: reason,
      returnAt: unavailable ? nextWorkingBankCycle(now) : wrongIdReturnAt(now),
      matchJournalId: journal.journalId,
      matchedAt: now,
    });
    await writeAudit(tx, {
      action: 'deposit.by_id.returning',
      subjectType: owner ? 'user' : 'statement_line',
      subjectId: owner ? owner.userId : line.id,
      data: { lineId: line.id, bankRef: line.bankRef, amount: toman(line.amount), reason, fee: toman(fee) },
    });
    return { credited: false, returning: true };
  }

  const userId = owner!.userId;
  const capDay = tehranDay(line.bookedAt);
  const split = splitDepositById(line.amount, await acceptedOnDay(tx, userId, capDay));
  const wallet = await userAccountId(tx, userId, 'IRT', 'available');
  const journal = await postJournal(tx, {
    refType: split.credited > 0n ? 'Payment' : 'DepositReturn',
    refId: line.id,
    memo: 'deposit by id',
    postings: [
      { accountId: bank, currency: 'IRT', amount: -line.amount },
      ...posting(wallet, split.credited),
      ...posting(fees, split.fee),
      ...posting(refunds, split.over),
    ],
  });
  await updateLine(tx, line.id, {
    ...who,
    capDay,
    accepted: split.accepted,
    fee: split.fee,
    credited: split.credited,
    ...(split.over > 0n
      ? {
          status: 'Returning' as const,
          returnAmount: split.over,
          returnFee: 0n,
          returnReason: 'daily_cap',
          returnAt: nextWorkingBankCycle(now),
        }
      : { status: 'Credited' as const }),
    matchJournalId: journal.journalId,
    matchedAt: now,
  });
  await writeAudit(tx, {
    action: 'deposit.by_id.credited',
    subjectType: 'user',
    subjectId: userId,
    data: {
      lineId: line.id,
      bankRef: line.bankRef,
      amount: toman(line.amount),
      credited: toman(split.credited),
      fee: toman(split.fee),
      overCap: toman(split.over),
      journalId: journal.journalId,
    },
  });
  return { credited: split.credited > 0n, returning: split.over > 0n };
}

/**
 * The matching job: takes pending lines one at a time (one transaction each: the line's status and its
 * journal commit together, and no lock is held across lines) until none is left for this caller or
 * `max` are done. Safe on every instance at once.
 */
export async function matchStatementLines(
  db: Db,
  now: Date,
  max = 10_000,
): Promise<{ lines: number; credited: number; returning: number }> {
  const done = { lines: 0, credited: 0, returning: 0 };
  for (let i = 0; i < max; i++) {
    const outcome = await runMoneyTransaction(db, (tx) => matchOne(tx, now));
    if (!outcome) break;
    done.lines++;
    if (outcome.credited) done.credited++;
    if (outcome.returning) done.returning++;
  }
  return done;
}

/**
 * The return job: lines whose return is due leave the refunds account for the bank (the operator's bank
 * payout of that cycle) and become `Returned`. Safe on every instance at once (SKIP LOCKED).
 */
export async function returnDueStatementLines(db: Db, now: Date, batch = 100): Promise<number> {
  return runMoneyTransaction(db, async (tx) => {
    const due = await claimDueReturns(tx, now, batch);
    if (due.length === 0) return 0;
    const [bank, refunds] = [
      await systemAccountId(tx, 'bank_settlement', 'IRT'),
      await systemAccountId(tx, 'refunds', 'IRT'),
    ];
    for (const l of due) {
      const refunded = l.returnAmount - l.returnFee;
      const journal =
        refunded > 0n
          ? await postJournal(tx, {
              refType: 'DepositReturn',
              refId: l.id,
              memo: 'deposit by id paid back',
              postings: [
                { accountId: refunds, currency: 'IRT', amount: -refunded },
                { accountId: bank, currency: 'IRT', amount: refunded },
              ],
            })
          : null;
      await updateLine(tx, l.id, { status: 'Returned', returnedAt: now, returnJournalId: journal?.journalId ?? null });
      await writeAudit(tx, {
        action: 'deposit.by_id.returned',
        subjectType: l.userId ? 'user' : 'statement_line',
        subjectId: l.userId ?? l.id,
        data: { lineId: l.id, bankRef: l.bankRef, refunded: toman(refunded), sheba: maskSheba(l.sourceSheba) },
      });
    }
    return due.length;
  });
}

/** Both settlement jobs, for the scheduler. */
export async function runSettlementJobs(db: Db, now: Date) {
  const matched = await matchStatementLines(db, now);
  const returned = await returnDueStatementLines(db, now);
  return { ...matched, returned };
}

// --- import ----------------------------------------------------------------------------------------------

/**
 * Imports an approved statement in the caller's transaction (issue 15, decision 028: the proposals module
 * parsed the file whole when it was proposed and again at approval, `lines`): the import record (the
 * approver as importer, the proposer on record) and its lines by bank reference (a reference seen before
 * is skipped: importing the same statement twice credits once). Once committed, the caller runs the
 * matcher (`matchStatementLines`).
 */
export async function importStatementLines(
  tx: DbOrTx,
  input: {
    operatorId: string;
    fileName: string;
    content: string;
    lines: readonly StatementLine[];
    ip: string;
    proposal: { proposalId: string; proposedBy: string };
  },
): Promise<{ importId: string; lines: number; added: number }> {
  const { lines } = input;
  const importId = await insertImport(tx, {
    fileName: input.fileName,
    sha256: createHash('sha256').update(input.content).digest('hex'),
    lines: lines.length,
    added: 0,
    importedBy: input.operatorId,
  });
  const added = await insertLines(tx, importId, lines, cleanPaymentId);
  await setImportAdded(tx, importId, added);
  await writeAudit(tx, {
    action: 'bank_statement.imported',
    actorUserId: input.operatorId,
    subjectType: 'bank_statement',
    subjectId: importId,
    ip: input.ip,
    data: { fileName: input.fileName, lines: lines.length, added, duplicates: lines.length - added, ...input.proposal },
  });
  return { importId, lines: lines.length, added };
}
