/**
 * The withdrawals' life after approval (issue 18, decision 040), run by the chain watcher's tick for one
 * network (`runWithdrawalJobs`): the custody service signs and sends, the chain reader follows the
 * transaction to its confirmations.
 *
 * - `Approved` → `Sending`: claimed under `SKIP LOCKED` and committed **before** the custody service is
 *   asked, with the withdrawal's id as the send's idempotency key. A crash between the commit and the
 *   answer leaves it `Sending`, and asking again with the same id answers the same transaction: never two.
 * - The send's answer: `sent` → `Sent` with its hash; `failed` → `Failed` and the hold returns; `pending`,
 *   a timeout or any `CustodyError` → still `Sending`.
 * - `Sending` rows not asked for `SENDING_RECHECK_SECONDS` → `custody.status`: `unknown` (the send never
 *   arrived) → sent again (safe: same id); the other answers as above.
 * - `Sent` → `reader.transaction(hash)`: confirmations = head − block + 1 stored; at the network's
 *   confirmations → `Successful` (held → `chain_custody` the amount, held → `fees` the fee, one journal) or,
 *   a reverted transaction, `Failed` and the hold returns. A transaction the chain no longer has (a
 *   reorganisation took it out) waits: the custody service broadcasts it again, and it is found again.
 *
 * Every status change is made under the row lock and only from the status it expects, so two ticks at once
 * (two instances in a lease hand-over, a test) never send, pay or return twice.
 */
import { fromMinor } from '@portal/contract/core/money';
import { rawOfTetherMinor, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { ChainReaderPort } from '../../adapters/chain/chain.port';
import type { CustodyPort, CustodySendStatus } from '../../adapters/custody/custody.port';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { systemAccountId } from '../ledger/ledger.repository';
import { postJournal, userAccountId, type PostingInput } from '../ledger/ledger.service';
import { returnHeld } from './withdrawals.service';
import {
  claimApprovedForSending,
  claimSendingToAsk,
  findTetherWithdrawal,
  listSent,
  recordConfirmations,
  updateTetherWithdrawal,
  type TetherWithdrawalRow,
} from './withdrawals.repository';

/** A `Sending` withdrawal is asked about again this long after the last send or question. */
export const SENDING_RECHECK_SECONDS = 30;
/** At most this many withdrawals of each kind per tick. */
export const SIGNER_BATCH = 50;

/** The logger the server's tick gives (pino's shape). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WithdrawalJobsInput {
  db: Db;
  custody: CustodyPort;
  reader: ChainReaderPort;
  network: TetherNetworkKey;
  now: Date;
  log?: JobLog;
  /** Each custody or chain call's limit, besides the adapter's own (default: the adapter's). */
  signal?: AbortSignal;
}

/** What a tick did, for the watcher's log and the tests. */
export interface WithdrawalJobsResult {
  /** Withdrawals sent to the custody service (first sends and re-sends). */
  sent: number;
  /** `Sending` ones asked about with `status`. */
  asked: number;
  /** Now `Sent` (a hash known). */
  broadcast: number;
  /** Now `Successful`. */
  paid: number;
  /** Now `Failed`, their holds returned. */
  failed: number;
}

const usdt = (minor: bigint) => fromMinor(minor, 'USDT');
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function runWithdrawalJobs(input: WithdrawalJobsInput): Promise<WithdrawalJobsResult> {
  const result: WithdrawalJobsResult = { sent: 0, asked: 0, broadcast: 0, paid: 0, failed: 0 };
  await sendApproved(input, result);
  await askSending(input, result);
  await followSent(input, result);
  return result;
}

/** Claims the approved withdrawals (committed as `Sending` first), then asks the custody service to send each. */
async function sendApproved(input: WithdrawalJobsInput, result: WithdrawalJobsResult) {
  const claimed = await runMoneyTransaction(input.db, (tx) =>
    claimApprovedForSending(tx, input.network, input.now, SIGNER_BATCH),
  );
  for (const w of claimed) await oneRow(input, w.id, () => send(input, w, result));
}

/**
 * One withdrawal's step: an error it meets (a database error writing an answer) is logged and leaves it
 * where it was for the next tick, and the others go on.
 */
async function oneRow(input: WithdrawalJobsInput, id: string, step: () => Promise<unknown>) {
  try {
    await step();
  } catch (e) {
    input.log?.warn({ withdrawalId: id, network: input.network, err: message(e) }, 'withdrawal step failed');
  }
}

async function send(input: WithdrawalJobsInput, w: TetherWithdrawalRow, result: WithdrawalJobsResult) {
  result.sent++;
  let answer: CustodySendStatus;
  try {
    answer = await input.custody.send(
      { requestId: w.id, network: w.network, to: w.address, value: rawOfTetherMinor(w.network, w.amount) },
      input.signal,
    );
  } catch (e) {
    // No answer (a timeout, a refused connection): it may have been taken. It stays `Sending` and is asked
    // about after the back-off.
    input.log?.warn({ withdrawalId: w.id, network: w.network, err: message(e) }, 'custody send unanswered');
    return;
  }
  await applyAnswer(input, w.id, answer, result);
}

/** Asks the custody service about `Sending` withdrawals not asked for a while; sends again what it never got. */
async function askSending(input: WithdrawalJobsInput, result: WithdrawalJobsResult) {
  const askedBefore = new Date(input.now.getTime() - SENDING_RECHECK_SECONDS * 1000);
  const due = await runMoneyTransaction(input.db, (tx) =>
    claimSendingToAsk(tx, input.network, askedBefore, input.now, SIGNER_BATCH),
  );
  for (const w of due) {
    result.asked++;
    await oneRow(input, w.id, async () => {
      let answer: CustodySendStatus;
      try {
        answer = await input.custody.status(w.id, input.signal);
      } catch (e) {
        input.log?.warn({ withdrawalId: w.id, network: w.network, err: message(e) }, 'custody status unanswered');
        return;
      }
      if (answer.status === 'unknown') {
        input.log?.info({ withdrawalId: w.id, network: w.network }, 'custody never got the send: sending again');
        await send(input, w, result);
        return;
      }
      await applyAnswer(input, w.id, answer, result);
    });
  }
}

/** What the custody service said of a `Sending` withdrawal, written under its row lock. */
async function applyAnswer(
  input: WithdrawalJobsInput,
  id: string,
  answer: CustodySendStatus,
  result: WithdrawalJobsResult,
) {
  if (answer.status !== 'sent' && answer.status !== 'failed') return;
  const changed = await runMoneyTransaction(input.db, async (tx) => {
    const w = await findTetherWithdrawal(tx, id, { lock: true });
    // Another tick wrote the same answer first.
    if (!w || w.status !== 'Sending') return false;
    if (answer.status === 'failed') {
      await returnHeld(tx, w, {
        status: 'Failed',
        actorId: null,
        reason: 'custody_refused',
        detail: answer.reason,
        now: input.now,
      });
      return true;
    }
    await updateTetherWithdrawal(tx, w.id, { status: 'Sent', txHash: answer.txHash, confirmations: 0 });
    await writeAudit(tx, {
      action: 'tether.withdrawal.sent',
      subjectType: 'tether_withdrawal',
      subjectId: w.id,
      data: { userId: w.userId, network: w.network, amount: usdt(w.amount), txHash: answer.txHash },
    });
    return true;
  });
  if (!changed) return;
  if (answer.status === 'failed') {
    result.failed++;
    input.log?.warn(
      { withdrawalId: id, network: input.network, reason: answer.reason },
      'custody refused a withdrawal',
    );
  } else {
    result.broadcast++;
  }
}

/** Follows the sent withdrawals' transactions to their confirmations. */
async function followSent(input: WithdrawalJobsInput, result: WithdrawalJobsResult) {
  const sent = await listSent(input.db, input.network, SIGNER_BATCH);
  if (sent.length === 0) return;
  let head: bigint;
  try {
    head = (await input.reader.head(input.signal)).number;
  } catch (e) {
    input.log?.warn({ network: input.network, err: message(e) }, 'chain head unreadable: sent withdrawals wait');
    return;
  }
  for (const w of sent) await oneRow(input, w.id, () => follow(input, w, head, result));
}

async function follow(input: WithdrawalJobsInput, w: TetherWithdrawalRow, head: bigint, result: WithdrawalJobsResult) {
  let tx;
  try {
    tx = await input.reader.transaction(w.txHash!, input.signal);
  } catch (e) {
    input.log?.warn({ withdrawalId: w.id, txHash: w.txHash, err: message(e) }, 'transaction unreadable');
    return;
  }
  if (!tx.found) {
    // Not mined yet, or taken out by a reorganisation: nothing counts until it is in a block again.
    if (w.confirmations !== 0 || w.blockNumber !== null) {
      await recordConfirmations(input.db, w.id, { blockNumber: null, confirmations: 0 });
    }
    return;
  }
  const confirmations = head >= tx.blockNumber ? Number(head - tx.blockNumber + 1n) : 0;
  if (confirmations < w.requiredConfirmations) {
    if (confirmations !== w.confirmations || tx.blockNumber !== w.blockNumber) {
      await recordConfirmations(input.db, w.id, { blockNumber: tx.blockNumber, confirmations });
    }
    return;
  }
  // Final: a reverted transaction, like a successful one, is only trusted once it is deep enough.
  const done = await settle(input, w.id, { blockNumber: tx.blockNumber, confirmations, success: tx.success });
  if (done === 'paid') result.paid++;
  if (done === 'failed') result.failed++;
}

/**
 * A sent withdrawal at its confirmations, under its row lock and only while still `Sent`: paid (held →
 * chain custody the amount, held → fees the fee, one journal) or, reverted on chain, failed with its hold
 * returned.
 */
async function settle(
  input: WithdrawalJobsInput,
  id: string,
  seen: { blockNumber: bigint; confirmations: number; success: boolean },
): Promise<'paid' | 'failed' | null> {
  return runMoneyTransaction(input.db, async (tx) => {
    const w = await findTetherWithdrawal(tx, id, { lock: true });
    if (!w || w.status !== 'Sent') return null;
    await updateTetherWithdrawal(tx, w.id, { blockNumber: seen.blockNumber, confirmations: seen.confirmations });
    if (!seen.success) {
      await returnHeld(tx, w, {
        status: 'Failed',
        actorId: null,
        reason: 'chain_failed',
        detail: `reverted in block ${seen.blockNumber}`,
        now: input.now,
      });
      input.log?.warn({ withdrawalId: w.id, txHash: w.txHash }, 'withdrawal transaction failed on chain');
      return 'failed';
    }
    const [held, custody, fees] = await Promise.all([
      userAccountId(tx, w.userId, 'USDT', 'held'),
      systemAccountId(tx, 'chain_custody', 'USDT'),
      systemAccountId(tx, 'fees', 'USDT'),
    ]);
    const postings: PostingInput[] = [
      { accountId: held, currency: 'USDT', amount: -(w.amount + w.fee) },
      { accountId: custody, currency: 'USDT', amount: w.amount },
    ];
    if (w.fee > 0n) postings.push({ accountId: fees, currency: 'USDT', amount: w.fee });
    const paid = await postJournal(tx, {
      refType: 'TetherWithdrawal',
      refId: w.id,
      memo: `sent on ${w.network}: ${w.txHash}`,
      postings,
    });
    await updateTetherWithdrawal(tx, w.id, { status: 'Successful', endJournalId: paid.journalId });
    await writeAudit(tx, {
      action: 'tether.withdrawal.paid',
      subjectType: 'tether_withdrawal',
      subjectId: w.id,
      data: {
        userId: w.userId,
        network: w.network,
        amount: usdt(w.amount),
        fee: usdt(w.fee),
        txHash: w.txHash,
        blockNumber: seen.blockNumber.toString(),
      },
    });
    return 'paid';
  });
}
