import { eq } from 'drizzle-orm';
import type { OperatorRole, Role } from '@portal/contract/admin/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { decrypt, deriveKey, encrypt, referralCode } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { newTotpSecret, totpUri } from '../../lib/totp';

/**
 * A TOTP secret sealed as the app stores it (decision 011): AES-256-GCM under the key the two-factor
 * service derives from the app secret (`totp-secret-v1`). The CLI test logs in with the printed key
 * through the real two-factor login, so a drift between the two would fail there.
 */
export const sealTotpSecret = (appSecret: string, base32: string) =>
  encrypt(deriveKey(appSecret, 'totp-secret-v1'), base32);

export interface ProvisionInput {
  /** E.164, already validated. */
  mobile: string;
  role: OperatorRole;
  /** Already checked against the contract's password rules. */
  password?: string | undefined;
  /** A fixed TOTP secret (the demo); a new random one otherwise. */
  totpSecret?: string | undefined;
  isDemo?: boolean;
  /** Where the change comes from, for the audit log (`cli`, `demo_seed`). */
  via: string;
}

export interface ProvisionResult {
  userId: string;
  created: boolean;
  previousRole: Role | null;
  /** Set when two-factor was turned on now: shown once, never stored in clear. */
  totp: { secret: string; otpauthUri: string } | null;
  passwordSet: boolean;
}

/**
 * Creates the user (with a referral code, as sign-up does) or promotes it, sets the operator role, turns
 * two-factor on when it is off, and sets the password when given; all in one transaction, audited with
 * no actor (`data.via`). The caller publishes `{ kind: 'user', id }` after.
 */
export async function provisionOperator(db: Db, appSecret: string, input: ProvisionInput): Promise<ProvisionResult> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const now = new Date();
    let [u] = await tx.select().from(users).where(eq(users.mobile, input.mobile)).for('update').limit(1);
    const created = !u;
    if (!u) {
      // A rare clash of referral codes is retried with a new one.
      for (let i = 0; i < 5 && !u; i++) {
        [u] = await tx
          .insert(users)
          .values({
            mobile: input.mobile,
            referralCode: referralCode(),
            isDemo: input.isDemo ?? false,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
      }
      if (!u) throw new Error('could not create the user (referral code clash or the number was just taken)');
      await writeAudit(tx, {
        action: 'auth.signed_up',
        actorUserId: u.id,
        data: { mobile: input.mobile, via: input.via },
      });
    }
    const user = u;
    const previousRole = created ? null : user.role;
    if (user.role !== input.role) {
      await tx.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, user.id));
      await writeAudit(tx, {
        action: 'admin.role_changed',
        actorUserId: null,
        subjectType: 'user',
        subjectId: user.id,
        data: { from: user.role, to: input.role, via: input.via },
      });
    }
    let totp: ProvisionResult['totp'] = null;
    if (!user.twoFactorSecret) {
      const secret = input.totpSecret ?? newTotpSecret();
      await tx
        .update(users)
        .set({
          twoFactorSecret: sealTotpSecret(appSecret, secret),
          twoFactorPendingSecret: null,
          twoFactorLastStep: null,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      await writeAudit(tx, {
        action: 'admin.two_factor_set',
        actorUserId: null,
        subjectType: 'user',
        subjectId: user.id,
        data: { via: input.via },
      });
      totp = { secret, otpauthUri: totpUri(secret, user.mobile) };
    }
    if (passwordHash) {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      await writeAudit(tx, {
        action: 'admin.password_set',
        actorUserId: null,
        subjectType: 'user',
        subjectId: user.id,
        data: { via: input.via },
      });
    }
    return { userId: user.id, created, previousRole, totp, passwordSet: passwordHash !== null };
  });
}

/** The clear TOTP secret of a sealed one, or null when it does not open under this app secret. */
export function openTotpSecret(appSecret: string, sealed: string): string | null {
  try {
    return decrypt(deriveKey(appSecret, 'totp-secret-v1'), sealed);
  } catch {
    return null;
  }
}
