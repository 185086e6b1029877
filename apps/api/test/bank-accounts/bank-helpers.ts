import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shebaOf } from '@portal/contract/bank/bank-accounts';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';
import { investor, postJson, verifyIdentity } from '../kyc/kyc-helpers';

/** The Luhn check digit of fifteen digits. */
function luhnDigit(fifteen: string): string {
  const sum = [...fifteen].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return String((10 - (sum % 10)) % 10);
}

const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * A fresh card number that passes Luhn: `prefix` (a Melli card unless said), random digits, and the
 * last four chosen when given (the local registry reads them: 0000 someone else's, 9999 blocked).
 */
export function cardNumber(prefix = '603799', lastFour?: string): string {
  for (;;) {
    const body = `${prefix}${randomDigits(15 - prefix.length)}`;
    const n = `${body}${luhnDigit(body)}`;
    if (!lastFour) {
      if (!/(0000|9999)$/.test(n)) return n;
      continue;
    }
    // Fix the last four: choose the digit before them so that the whole number passes Luhn.
    const head = n.slice(0, 11);
    for (let d = 0; d < 10; d++) {
      const candidate = `${head}${d}${lastFour}`;
      if (luhnDigit(candidate.slice(0, 15)) === candidate[15]) return candidate;
    }
  }
}

/** The same number with its last digit changed: it fails Luhn. */
export const failingLuhn = (n: string) => `${n.slice(0, 15)}${(Number(n[15]) + 1) % 10}`;

/** A fresh sheba with correct check digits: `bankCode` (Melli unless said), and the last four when given. */
export function sheba(bankCode = '017', lastFour?: string): string {
  for (;;) {
    const account = `${randomDigits(15)}${lastFour ?? randomDigits(4)}`;
    const s = shebaOf(`${bankCode}${account}`);
    if (lastFour || !/(0000|9999)$/.test(s)) return s;
  }
}

/** The same sheba with a wrong check: it fails mod-97. */
export const failingMod97 = (s: string) => `${s.slice(0, 25)}${(Number(s[25]) + 1) % 10}`;

/** A signed-in investor at KYC level one (the local registry matches their mobile). */
export async function verifiedInvestor(t: TestApp) {
  const who = await investor(t);
  const nationalCode = await verifyIdentity(t, who.cookie);
  return { ...who, nationalCode };
}

export function addAccount(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  return postJson(t, cookie, '/api/bank-accounts', payload);
}

export const addCard = (t: TestApp, cookie: string, n: string) =>
  addAccount(t, cookie, { kind: 'card', cardNumber: n });
export const addSheba = (t: TestApp, cookie: string, s: string) => addAccount(t, cookie, { kind: 'sheba', sheba: s });

export function listAccounts(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: { cookie } });
}

export function deleteAccount(t: TestApp, cookie: string, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/bank-accounts/${id}`, headers: { cookie } });
}

export interface BankAccountRow {
  id: string;
  user_id: string;
  card_number_sealed: string | null;
  card_number_hash: string | null;
  card_number_masked: string | null;
  sheba: string | null;
  added_by: string;
  verified_by: string;
  deleted_at: string | Date | null;
}

/** Every row of a user's, deleted ones too, oldest first. */
export function accountRows(t: TestApp, userId: string): Promise<BankAccountRow[]> {
  return queryRows<BankAccountRow>(
    t.database.db,
    sql`select * from bank_accounts where user_id = ${userId} order by created_at, id`,
  );
}
