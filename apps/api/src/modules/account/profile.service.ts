import { and, eq, ne } from 'drizzle-orm';
import { OTP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import type { IdentityPort } from '../../adapters/identity/identity.port';
import type { MailPort } from '../../adapters/mail/mail.port';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { maskMobile } from '../../lib/crypto';
import type { InvalidationBus } from '../../lib/invalidation';
import { parseMobile, sendPhoneCode, type AuthDeps } from '../auth/auth.service';
import { findUser, findUserByMobile } from '../users/users.repository';
import { checkCode, sendCode, withCountedFailures } from '../auth/codes';
import { revokeUserSessions } from '../../lib/sessions';
import { consumeTicket, findTicket, issueTicket, updateTicketData } from '../auth/tickets';
import { checkSecondFactor } from '../auth/two-factor.service';
import { startSensitiveChangeHold } from '../../lib/withdrawal-hold';

export type ProfileDeps = AuthDeps & { bus: InvalidationBus; mail: MailPort; identity: IdentityPort };

type Channel = 'sms' | 'voice';

/** Change phone, step 1: a code to the current number. */
export async function requestCurrentPhoneCode(
  deps: ProfileDeps,
  input: { userId: string; channel: Channel; ip: string },
) {
  const u = await findUser(deps.db, input.userId);
  if (!u) throw new AppError('UNAUTHENTICATED');
  const sent = await sendPhoneCode(
    deps,
    { mobile: u.mobile, purpose: 'change_phone_current', channel: input.channel, ip: input.ip },
    u.id,
    u.antiPhishingPhrase,
  );
  return { maskedMobile: maskMobile(u.mobile), ...sent };
}

/** Step 2: the current number's code, and the TOTP code when two-factor is on → a change token. */
export async function verifyCurrentPhone(
  deps: ProfileDeps,
  input: { userId: string; code: string; totpCode?: string | undefined; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  return withCountedFailures(deps.db, async (tx) => {
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    if (u.twoFactorSecret && !input.totpCode) throw new AppError('TOTP_REQUIRED');
    const wrong = await checkCode(tx, deps, {
      subject: u.mobile,
      purpose: 'change_phone_current',
      code: input.code,
      ip: input.ip,
      now,
      auditUserId: u.id,
    });
    if (wrong) return wrong;
    if (u.twoFactorSecret) {
      const wrongTotp = await checkSecondFactor(tx, deps, u, input.totpCode!, now, input.ip, 'phone_change');
      if (wrongTotp) return wrongTotp;
    }
    const ticket = await issueTicket(tx, { kind: 'change_phone', userId: u.id, data: { from: u.mobile }, now });
    return { changeToken: ticket.token, expiresInSeconds: ticket.expiresInSeconds };
  });
}

/** Step 3: the new number must be free and registered to the user (identity inquiry); a code is sent to it. */
export async function requestNewPhoneCode(
  deps: ProfileDeps,
  input: {
    userId: string;
    changeToken: string;
    newMobile: string;
    country: string;
    nationalCode?: string | undefined;
    channel: Channel;
    ip: string;
  },
) {
  const now = deps.now?.() ?? new Date();
  const mobile = parseMobile(input.newMobile, input.country);
  const { user, ticketId } = await deps.db.transaction(async (tx) => {
    const ticket = await findTicket(tx, 'change_phone', input.changeToken, now);
    if (!ticket || ticket.userId !== input.userId) throw new AppError('CHALLENGE_EXPIRED');
    const u = await findUser(tx, input.userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    return { user: u, ticketId: ticket.id };
  });
  if (mobile === user.mobile) throw new AppError('MOBILE_UNCHANGED');
  if (await findUserByMobile(deps.db, mobile)) throw new AppError('MOBILE_TAKEN');
  const nationalCode = user.nationalCode ?? input.nationalCode;
  if (!nationalCode) throw new AppError('NATIONAL_CODE_REQUIRED');
  let owned: boolean;
  try {
    owned =
      (await deps.identity.mobileMatchesNationalCode({ mobile, nationalCode })) &&
      // Before KYC the code comes from the user: the current number must be theirs too.
      (user.nationalCode !== null ||
        (await deps.identity.mobileMatchesNationalCode({ mobile: user.mobile, nationalCode })));
  } catch {
    throw new AppError('IDENTITY_INQUIRY_FAILED');
  }
  if (!owned) {
    await deps.db.transaction((tx) =>
      writeAudit(tx, { action: 'account.phone_not_owned', actorUserId: user.id, ip: input.ip, data: { mobile } }),
    );
    throw new AppError('MOBILE_NOT_OWNED', 'The identity inquiry says the number is not registered to you');
  }
  const sent = await sendPhoneCode(
    deps,
    { mobile, purpose: 'change_phone_new', channel: input.channel, ip: input.ip },
    user.id,
    user.antiPhishingPhrase,
  );
  await deps.db.transaction((tx) => updateTicketData(tx, ticketId, { from: user.mobile, to: mobile }));
  return { maskedMobile: maskMobile(mobile), ...sent };
}

/** Step 4: the new number's code; the number changes and every session of the user ends. */
export async function verifyNewPhone(
  deps: ProfileDeps,
  input: { userId: string; changeToken: string; code: string; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const out = await withCountedFailures(deps.db, async (tx) => {
    const ticket = await findTicket(tx, 'change_phone', input.changeToken, now);
    const to = (ticket?.data as { to?: string } | undefined)?.to;
    if (!ticket || ticket.userId !== input.userId || !to) throw new AppError('CHALLENGE_EXPIRED');
    const wrong = await checkCode(tx, deps, {
      subject: to,
      purpose: 'change_phone_new',
      code: input.code,
      ip: input.ip,
      now,
      auditUserId: input.userId,
    });
    if (wrong) return wrong;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobile, to), ne(users.id, input.userId)))
      .limit(1);
    if (taken) return new AppError('MOBILE_TAKEN');
    await consumeTicket(tx, ticket.id);
    const from = (ticket.data as { from: string }).from;
    await tx.update(users).set({ mobile: to, updatedAt: now }).where(eq(users.id, input.userId));
    const ended = await revokeUserSessions(tx, input.userId);
    await writeAudit(tx, {
      action: 'account.phone_changed',
      actorUserId: input.userId,
      ip: input.ip,
      data: { from, to, sessionsEnded: ended.length },
    });
    await startSensitiveChangeHold(tx, input.userId, 'phone_changed', now);
    return { ok: true as const, mobile: to };
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return out;
}

function emailText(code: string, phrase: string | null): { subject: string; text: string } {
  const lines = [
    `کد تأیید ایمیل شما در پرتال: ${code}`,
    'این کد را به هیچ‌کس ندهید.',
    '',
    `Your Portal email verification code: ${code}`,
  ];
  if (phrase) lines.push('', `عبارت امنیتی شما / Your anti-phishing phrase: ${phrase}`);
  return { subject: 'کد تأیید ایمیل — Portal email code', text: lines.join('\n') };
}

const emailSubject = (userId: string, email: string) => `email:${userId}:${email}`;

export async function sendEmailVerificationCode(
  deps: ProfileDeps,
  input: { userId: string; email: string; ip: string },
) {
  const u = await findUser(deps.db, input.userId);
  if (!u) throw new AppError('UNAUTHENTICATED');
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isEmailVerified, true), ne(users.id, u.id)))
    .limit(1);
  if (taken) throw new AppError('EMAIL_TAKEN');
  await sendCode(deps, {
    subject: emailSubject(u.id, input.email),
    purpose: 'verify_email',
    channel: 'email',
    ip: input.ip,
    deliveryFailure: 'EMAIL_DELIVERY_FAILED',
    auditUserId: u.id,
    deliver: (code) =>
      deps.mail.send({ to: input.email, code, purpose: 'verify_email', ...emailText(code, u.antiPhishingPhrase) }),
  });
  return { email: input.email, expiresInSeconds: OTP.ttlSeconds, resendInSeconds: OTP.resendAfterSeconds };
}

export async function verifyEmailAddress(
  deps: ProfileDeps,
  input: { userId: string; email: string; code: string; ip: string },
) {
  const now = deps.now?.() ?? new Date();
  const out = await withCountedFailures(deps.db, async (tx) => {
    const wrong = await checkCode(tx, deps, {
      subject: emailSubject(input.userId, input.email),
      purpose: 'verify_email',
      code: input.code,
      ip: input.ip,
      now,
      auditUserId: input.userId,
    });
    if (wrong) return wrong;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.isEmailVerified, true), ne(users.id, input.userId)))
      .limit(1);
    if (taken) return new AppError('EMAIL_TAKEN');
    await tx
      .update(users)
      .set({ email: input.email, isEmailVerified: true, updatedAt: now })
      .where(eq(users.id, input.userId));
    await writeAudit(tx, {
      action: 'account.email_verified',
      actorUserId: input.userId,
      ip: input.ip,
      data: { email: input.email },
    });
    return { ok: true as const, email: input.email };
  });
  await deps.bus.publish({ kind: 'user', id: input.userId });
  return out;
}
