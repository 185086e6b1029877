/**
 * The tether address book and whitelist mode (issue 18, SPEC §2 "Tether withdraw"; decision 040).
 *
 * An address is saved with a label, canonical for its network (the contract's `withdrawalAddressSchema`
 * checked format and checksum), never one of the portal's own deposit addresses, once per network, at
 * most `ADDRESS_BOOK_MAX`. Whitelist mode narrows withdrawals to saved addresses from `usable_at` (saved +
 * `ADDRESS_BOOK_COOLING_HOURS`): a thief with the session alone can save an address but not use it before
 * its owner has a day to notice. Turning the mode on needs nothing (it only narrows); turning it off
 * widens where money may go, so it takes the confirming code as a withdrawal does.
 */
import { AppError } from '@portal/contract/core/errors';
import {
  ADDRESS_BOOK_COOLING_HOURS,
  ADDRESS_BOOK_MAX,
  type AddressBook,
  type AddressBookEntry,
} from '@portal/contract/tether/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/networks';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { runMoneyTransaction } from '../../lib/money-tx';
import { withCountedFailures } from '../auth/codes';
import { findUser, lockUser } from '../users/users.repository';
import { checkConfirmingCode } from './withdrawals.service';
import {
  countAddressBook,
  deleteAddressBookEntry,
  insertAddressBookEntry,
  isPortalDepositAddress,
  listAddressBook,
  setWhitelist,
  whitelistOn,
  type AddressBookRow,
} from './withdrawals.repository';

export interface AddressBookDeps {
  db: Db;
  secret: string;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

export function toAddressBookEntry(r: AddressBookRow): AddressBookEntry {
  return {
    id: r.id,
    network: r.network,
    address: r.address,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    usableAt: r.usableAt.toISOString(),
  };
}

export async function getAddressBook(db: DbOrTx, userId: string): Promise<AddressBook> {
  const [on, rows] = await Promise.all([whitelistOn(db, userId), listAddressBook(db, userId)]);
  return { whitelist: on, items: rows.map(toAddressBookEntry) };
}

/**
 * Saves an address (already canonical). Under the user's row lock, so two saves at once cannot both pass
 * the count; the unique index answers a duplicate.
 */
export async function addAddressBookEntry(
  deps: AddressBookDeps,
  input: { userId: string; network: TetherNetworkKey; address: string; label: string; ip: string },
): Promise<AddressBookEntry> {
  const now = clock(deps);
  const row = await runMoneyTransaction(deps.db, async (tx) => {
    await lockUser(tx, input.userId, 'no key update');
    if (await isPortalDepositAddress(tx, input.address)) {
      throw new AppError('ADDRESS_IS_PORTAL_DEPOSIT', 'This is a deposit address of the portal');
    }
    if ((await countAddressBook(tx, input.userId)) >= ADDRESS_BOOK_MAX) {
      throw new AppError('ADDRESS_BOOK_FULL', `The address book holds at most ${ADDRESS_BOOK_MAX} addresses`);
    }
    const saved = await insertAddressBookEntry(tx, {
      userId: input.userId,
      network: input.network,
      address: input.address,
      label: input.label,
      createdAt: now,
      usableAt: new Date(now.getTime() + ADDRESS_BOOK_COOLING_HOURS * 3600_000),
    });
    if (!saved) throw new AppError('ADDRESS_BOOK_DUPLICATE', 'This address is already saved for this network');
    await writeAudit(tx, {
      action: 'tether.address_book.saved',
      actorUserId: input.userId,
      subjectType: 'tether_address_book',
      subjectId: saved.id,
      ip: input.ip,
      data: { network: saved.network, address: saved.address, label: saved.label },
    });
    return saved;
  });
  return toAddressBookEntry(row);
}

/** Removes one of the user's own entries (another user's id is not found). */
export async function removeAddressBookEntry(
  db: Db,
  input: { userId: string; entryId: string; ip: string },
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const removed = await deleteAddressBookEntry(tx, input.userId, input.entryId);
    if (!removed) throw new AppError('NOT_FOUND');
    await writeAudit(tx, {
      action: 'tether.address_book.removed',
      actorUserId: input.userId,
      subjectType: 'tether_address_book',
      subjectId: removed.id,
      ip: input.ip,
      data: { network: removed.network, address: removed.address, label: removed.label },
    });
  });
  return { ok: true };
}

/**
 * Whitelist mode on (no code) or off (the confirming code, checked as a withdrawal's: a wrong one is
 * counted and committed, nothing else changes). Setting it as it already is changes and audits nothing.
 */
export async function setAddressWhitelist(
  deps: AddressBookDeps,
  input: { userId: string; on: boolean; code?: string | undefined; ip: string },
): Promise<AddressBook> {
  const now = clock(deps);
  await withCountedFailures(deps.db, async (tx) => {
    const user = await findUser(tx, input.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const was = await whitelistOn(tx, input.userId);
    if (was === input.on) return null;
    if (!input.on) {
      if (!input.code) {
        throw new AppError('VALIDATION_FAILED', 'Turning whitelist mode off needs the confirming code', {
          issues: [{ path: 'body.code', rule: 'required' }],
        });
      }
      const wrong = await checkConfirmingCode(tx, deps, user, input.code, now, input.ip);
      if (wrong) return wrong;
    }
    await setWhitelist(tx, input.userId, input.on);
    await writeAudit(tx, {
      action: 'tether.whitelist.changed',
      actorUserId: input.userId,
      subjectType: 'user',
      subjectId: input.userId,
      ip: input.ip,
      data: { on: input.on },
    });
    return null;
  });
  return getAddressBook(deps.db, input.userId);
}
