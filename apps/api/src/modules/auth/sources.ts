import { sql } from 'drizzle-orm';
import { LOCKOUT } from '@portal/contract/core/constants';
import { queryRows, type DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';

/**
 * Where a guess (a password, a one-time code) comes from, as the locks of decision 009 count it: the
 * browser's device cookie when the account knows that device, else the client address. A stranger's
 * failures lock the stranger's (account, source) pair; only sources the account does not know count
 * toward the account-wide limits, so the owner's own recent device or address keeps a way in.
 */
export interface GuessSource {
  /** The counters' key: `d:<device hash>` for a device of the account's, else `a:<address>`. */
  key: string;
  /** The account had a session from this device or address in the last `LOCKOUT.knownSourceDays`. */
  trusted: boolean;
}

/** What a request says about its client: its address, and the device cookie's token when it sent one. */
export interface GuessClient {
  ip: string;
  device?: string | null;
}

/** The hash a device token is stored as (`sessions.device_hash`): a database leak does not hand out devices. */
export const deviceHashOf = (token: string) => sha256(token);

/**
 * The source of a guess at an account (by id, or by the number or address a code goes to; a subject
 * without an account is never trusted). One indexed read of the account's recent sessions.
 */
export async function guessSource(
  tx: DbOrTx,
  account: { userId: string } | { mobile: string },
  client: GuessClient,
  now: Date,
): Promise<GuessSource> {
  const deviceHash = client.device ? deviceHashOf(client.device) : null;
  const since = new Date(now.getTime() - LOCKOUT.knownSourceDays * 86_400_000);
  const user =
    'userId' in account ? sql`${account.userId}::uuid` : sql`(SELECT id FROM users WHERE mobile = ${account.mobile})`;
  const [row] = await queryRows<{ device_known: boolean | null; address_known: boolean | null }>(
    tx,
    sql`SELECT bool_or(device_hash = ${deviceHash}) AS device_known, bool_or(ip = ${client.ip}) AS address_known
        FROM sessions WHERE user_id = ${user} AND created_at > ${since.toISOString()}`,
  );
  const deviceKnown = row?.device_known === true;
  return {
    key: deviceKnown ? `d:${deviceHash}` : `a:${client.ip}`,
    trusted: deviceKnown || row?.address_known === true,
  };
}
