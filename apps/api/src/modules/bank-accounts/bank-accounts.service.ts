import type { z } from 'zod';
import {
  BANK_ACCOUNT_LIMIT,
  bankOfCard,
  bankOfSheba,
  maskCardNumber,
  maskSheba,
  type addBankAccountBody,
  type BankAccount,
} from '@portal/contract/bank/bank-accounts';
import { AppError } from '@portal/contract/core/errors';
import type { AccountHolder, BankAccountOwnership, IdentityPort } from '../../adapters/identity/identity.port';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { deriveKey, encrypt, hmac } from '../../lib/crypto';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { assertCanMoveMoney } from '../../lib/guards';
import { hitRateLimit } from '../../lib/rate-limit';
import {
  countActiveAccounts,
  findAccountHolder,
  findActiveByCardHash,
  findActiveBySheba,
  insertBankAccount,
  listActiveAccounts,
  setAccountCard,
  softDeleteAccount,
  type BankAccountRow,
  type CardColumns,
} from './bank-accounts.repository';

export interface BankAccountsDeps {
  db: Db;
  identity: IdentityPort;
  /** The app secret: seals card numbers and keys their HMAC. */
  secret: string;
  now?: () => Date;
}

/** Card and sheba inquiries per user: each costs money. Refusals made before asking do not count. */
export const BANK_INQUIRY_RATE = { bucket: 'bank_inquiry', limit: 10, windowSeconds: 3600 } as const;

/** Adding needs level one: the inquiry matches the account to the national code level one put on file. */
const REQUIRED_KYC_LEVEL = 1;

type AddBody = z.output<typeof addBankAccountBody>;

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** The card's columns: sealed for payouts and the gateway's payer check, an HMAC to find it, the mask to show. */
function cardColumns(secret: string, cardNumber: string): CardColumns {
  return {
    cardNumberSealed: encrypt(deriveKey(secret, 'bank-card'), cardNumber),
    cardNumberHash: cardHash(secret, cardNumber),
    cardNumberMasked: maskCardNumber(cardNumber),
  };
}

const cardHash = (secret: string, cardNumber: string) => hmac(secret, `bank-card:${cardNumber}`);

/** What the investor sees: masked numbers and the bank (by the sheba's bank code, else the card's prefix). */
function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    bank:
      (row.sheba ? bankOfSheba(row.sheba) : null) ?? (row.cardNumberMasked ? bankOfCard(row.cardNumberMasked) : null),
    cardNumberMasked: row.cardNumberMasked,
    shebaMasked: row.sheba ? maskSheba(row.sheba) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBankAccounts(db: DbOrTx, userId: string): Promise<BankAccount[]> {
  return (await listActiveAccounts(db, userId)).map(toBankAccount);
}

/**
 * The holder the inquiry asks about. Level one (or a frozen account) is checked by the money guard;
 * a foreign investor verified by passport has no national code to match.
 */
async function accountHolder(tx: DbOrTx, userId: string, lock = false): Promise<AccountHolder> {
  const holder = await findAccountHolder(tx, userId, lock);
  if (!holder) throw new AppError('UNAUTHENTICATED');
  await assertCanMoveMoney(tx, userId, REQUIRED_KYC_LEVEL);
  if (!holder.nationalCode || !holder.birthDate) {
    throw new AppError('BANK_ACCOUNT_NATIONAL_CODE_REQUIRED', 'No national code on file to match the account to');
  }
  return { nationalCode: holder.nationalCode, birthDate: holder.birthDate };
}

/**
 * Refuses an account the user already has (by its card, or by its sheba unless a card is being added
 * to an account first added by that sheba), then an add past the limit. Returns the account a card
 * joins, if any.
 */
async function assertCanAdd(
  tx: DbOrTx,
  userId: string,
  number: { cardHash: string | null; sheba: string | null },
): Promise<BankAccountRow | null> {
  if (number.cardHash && (await findActiveByCardHash(tx, userId, number.cardHash))) {
    throw new AppError('BANK_ACCOUNT_DUPLICATE', 'This card is already one of the bank accounts');
  }
  const bySheba = number.sheba ? await findActiveBySheba(tx, userId, number.sheba) : null;
  if (bySheba && (!number.cardHash || bySheba.cardNumberHash)) {
    throw new AppError('BANK_ACCOUNT_DUPLICATE', 'This sheba is already one of the bank accounts');
  }
  if ((await countActiveAccounts(tx, userId)) >= BANK_ACCOUNT_LIMIT) {
    throw new AppError('BANK_ACCOUNT_LIMIT', `At most ${BANK_ACCOUNT_LIMIT} bank accounts`);
  }
  return bySheba;
}

async function inquire(identity: IdentityPort, holder: AccountHolder, body: AddBody): Promise<BankAccountOwnership> {
  try {
    return body.kind === 'card'
      ? await identity.cardOwnership({ ...holder, cardNumber: body.cardNumber })
      : await identity.shebaOwnership({ ...holder, sheba: body.sheba });
  } catch {
    throw new AppError('BANK_INQUIRY_FAILED', 'The bank account inquiry did not answer; try again later');
  }
}

/** The sheba the account will have: the one given, or the one the inquiry gave for the card. */
function ownedSheba(ownership: BankAccountOwnership, body: AddBody): string | null {
  switch (ownership.outcome) {
    case 'unknown':
      throw body.kind === 'card'
        ? new AppError('CARD_NUMBER_INVALID', 'No bank knows this card number')
        : new AppError('SHEBA_INVALID', 'No bank knows this sheba');
    case 'not_owned':
      throw new AppError('BANK_ACCOUNT_NOT_OWNED', 'The account is not in the name of the user');
    case 'owned':
      if (!ownership.canReceive) throw new AppError('BANK_ACCOUNT_INACTIVE', 'The account is blocked for deposits');
      return body.kind === 'sheba' ? body.sheba : ownership.sheba;
  }
}

/**
 * Adds a bank account in the user's own name (SPEC §2 "Bank accounts", §5; decision 017). Before the
 * paid inquiry: level one, not frozen, a national code on file, not a duplicate, under the limit,
 * within the inquiry rate. The inquiry must say the card or sheba is the user's and can receive
 * deposits. Then, in one transaction under the user's row lock, the same checks again and the row
 * (or the card joined to the account of its sheba) with its audit record.
 */
export async function addBankAccount(
  deps: BankAccountsDeps,
  input: { userId: string; body: AddBody; ip: string },
): Promise<BankAccount> {
  const { userId, body } = input;
  const now = nowOf(deps);
  const card = body.kind === 'card' ? body.cardNumber : null;
  const hash = card ? cardHash(deps.secret, card) : null;

  const holder = await accountHolder(deps.db, userId);
  await assertCanAdd(deps.db, userId, { cardHash: hash, sheba: body.kind === 'sheba' ? body.sheba : null });
  await hitRateLimit(deps.db, BANK_INQUIRY_RATE, userId, now);
  const ownership = await inquire(deps.identity, holder, body);
  const sheba = ownedSheba(ownership, body);

  try {
    return await deps.db.transaction(async (tx) => {
      await accountHolder(tx, userId, true);
      const joins = await assertCanAdd(tx, userId, { cardHash: hash, sheba });
      const row =
        joins && card
          ? await setAccountCard(tx, joins.id, cardColumns(deps.secret, card))
          : await insertBankAccount(tx, {
              userId,
              ...(card ? cardColumns(deps.secret, card) : {}),
              sheba,
              addedBy: body.kind,
              verifiedBy: deps.identity.name,
              createdAt: now,
            });
      const account = toBankAccount(row);
      await writeAudit(tx, {
        action: joins ? 'bank_account.card_added' : 'bank_account.added',
        actorUserId: userId,
        subjectType: 'bank_account',
        subjectId: row.id,
        ip: input.ip,
        data: {
          kind: body.kind,
          bank: account.bank,
          cardNumberMasked: account.cardNumberMasked,
          shebaMasked: account.shebaMasked,
          provider: deps.identity.name,
        },
      });
      return account;
    });
  } catch (err) {
    // Two adds of the same account at once: the partial unique indexes decide.
    const constraint = violatedUniqueConstraint(err);
    if (constraint === 'bank_accounts_user_card_uq' || constraint === 'bank_accounts_user_sheba_uq') {
      throw new AppError('BANK_ACCOUNT_DUPLICATE', 'This account is already one of the bank accounts');
    }
    throw err;
  }
}

/** Hides one of the user's accounts, with its audit record; another user's (or a removed one) is 404. */
export async function deleteBankAccount(
  deps: BankAccountsDeps,
  input: { userId: string; bankAccountId: string; ip: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await softDeleteAccount(tx, { userId: input.userId, id: input.bankAccountId, now: nowOf(deps) });
    if (!row) throw new AppError('NOT_FOUND');
    const account = toBankAccount(row);
    await writeAudit(tx, {
      action: 'bank_account.deleted',
      actorUserId: input.userId,
      subjectType: 'bank_account',
      subjectId: row.id,
      ip: input.ip,
      data: { bank: account.bank, cardNumberMasked: account.cardNumberMasked, shebaMasked: account.shebaMasked },
    });
  });
}
