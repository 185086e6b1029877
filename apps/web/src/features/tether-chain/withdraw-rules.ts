import { z } from 'zod';
import {
  tetherAmountInputSchema,
  type AddressBook,
  type AddressBookEntry,
  type TetherNetworkKey,
  type TetherNetworkView,
} from '@portal/contract/tether/chain';
import {
  canonicalAddress,
  cleanAddress,
  isValidAddress,
  withdrawalAddressSchema,
} from '@portal/contract/tether/networks';
import { addTether, compareTether, fromMicro, toMicro } from './tether-amounts';

/** What the withdrawal form checks against, as the server last said it. */
export interface WithdrawContext {
  networks: readonly TetherNetworkView[];
  /** The tether wallet's available balance. */
  available: string;
  /** What is left of today's allowance; null when the server gives none. */
  remainingToday: string | null;
  book: AddressBook | null;
  /** Now, in ms (a saved address's cooling time in whitelist mode). */
  now: number;
}

/** The form's values as typed. */
export interface WithdrawValues {
  network: TetherNetworkKey | '';
  address: string;
  amount: string;
}

/** What a checked form sends (with the code of the verification step). */
export interface WithdrawRequest {
  network: TetherNetworkKey;
  /** Canonical (EIP-55 for EVM networks). */
  address: string;
  /** Canonical (`"12.5"`). */
  amount: string;
  fee: string;
  /** amount + fee: what leaves the wallet. */
  total: string;
  /** The address book's label of the address, when it is saved. */
  label: string | null;
}

/** The saved entry of `address` on `network`, compared in the canonical form. */
export function bookEntryOf(
  book: AddressBook | null,
  network: TetherNetworkKey,
  address: string,
): AddressBookEntry | undefined {
  const clean = cleanAddress(address);
  if (!book || !isValidAddress(network, clean)) return undefined;
  const canonical = canonicalAddress(network, clean);
  return book.items.find((e) => e.network === network && e.address === canonical);
}

/** Whitelist mode lets a withdrawal go to this saved address now. */
export const isUsable = (entry: AddressBookEntry, now: number) => new Date(entry.usableAt).getTime() <= now;

/**
 * The withdrawal form's schema (decision 032): the contract's own rules (the address of its network with
 * `withdrawalAddressSchema`, the amount with `tetherAmountInputSchema`), then what the page knows of the
 * chosen network, the balance, today's allowance and the whitelist. Messages are rule keys; one per field.
 *
 * - network: `select`, `networkClosed`;
 * - address: `required`, `addressFormat`, `addressChecksum`, `notWhitelisted`, `notUsableYet`;
 * - amount: `required`, the contract's (`amountInvalid`, `amountDecimals`, `amountPositive`), `belowMin`,
 *   `aboveMax`, `overBalance` (amount + fee over the available balance), `overDaily`.
 */
export function withdrawFormSchema(ctx: WithdrawContext) {
  return z
    .object({ network: z.string(), address: z.string(), amount: z.string() })
    .transform((v, issue): WithdrawRequest => {
      let failed = false;
      const fail = (path: keyof WithdrawValues, message: string) => {
        failed = true;
        issue.addIssue({ code: 'custom', path: [path], message });
      };
      const view = ctx.networks.find((n) => n.network === v.network);
      if (!view) fail('network', 'select');
      else if (!view.withdrawalEnabled) fail('network', 'networkClosed');

      let address = '';
      if (cleanAddress(v.address) === '') fail('address', 'required');
      else if (view) {
        const parsed = withdrawalAddressSchema(view.network).safeParse(v.address);
        if (!parsed.success) fail('address', parsed.error.issues[0]?.message ?? 'addressFormat');
        else {
          address = parsed.data;
          if (ctx.book?.whitelist) {
            const entry = bookEntryOf(ctx.book, view.network, address);
            if (!entry) fail('address', 'notWhitelisted');
            else if (!isUsable(entry, ctx.now)) fail('address', 'notUsableYet');
          }
        }
      }

      let amount = '';
      if (v.amount.trim() === '') fail('amount', 'required');
      else {
        const parsed = tetherAmountInputSchema.safeParse(v.amount);
        if (!parsed.success) fail('amount', parsed.error.issues[0]?.message ?? 'amountInvalid');
        else {
          amount = fromMicro(toMicro(parsed.data));
          if (view) {
            if (compareTether(amount, view.minWithdrawal) < 0) fail('amount', 'belowMin');
            else if (compareTether(amount, view.maxWithdrawal) > 0) fail('amount', 'aboveMax');
            else if (ctx.remainingToday !== null && compareTether(amount, ctx.remainingToday) > 0)
              fail('amount', 'overDaily');
            else if (compareTether(addTether(amount, view.withdrawalFee), ctx.available) > 0)
              fail('amount', 'overBalance');
          }
        }
      }

      if (failed || !view) return z.NEVER;
      return {
        network: view.network,
        address,
        amount,
        fee: view.withdrawalFee,
        total: addTether(amount, view.withdrawalFee),
        label: bookEntryOf(ctx.book, view.network, address)?.label ?? null,
      };
    });
}
export type WithdrawFormSchema = ReturnType<typeof withdrawFormSchema>;
