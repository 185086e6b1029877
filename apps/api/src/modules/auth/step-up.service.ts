import { eq } from 'drizzle-orm';
import type { StepUpBody } from '@portal/contract/auth/step-up';
import { STEP_UP } from '@portal/contract/core/constants';
import { AppError } from '@portal/contract/core/errors';
import { sessions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { maskMobile } from '../../lib/crypto';
import type { InvalidationBus } from '../../lib/invalidation';
import { verifyPassword } from '../../lib/passwords';
import { sendPhoneCode, type AuthDeps, type ClientInfo } from './auth.service';
import { findUser } from '../users/users.repository';
import { checkCode, withCountedFailures } from './codes';
import { assertPasswordOpen, recordPasswordFailure, resetPasswordFailures } from './lockout';
import { rotateSession } from '../../lib/sessions';
import { checkSecondFactor } from './two-factor.service';
import { guessSource } from './sources';

/** Which step-up methods an account has: TOTP when two-factor is on, else password and/or a phone code. */
function allowedMethods(u: { twoFactorSecret: string | null; passwordHash: string | null }): StepUpBody['method'][] {
  if (u.twoFactorSecret) return ['totp'];
  return u.passwordHash ? ['password', 'otp'] : ['otp'];
}

export async function requestStepUpCode(
  deps: AuthDeps,
  input: { userId: string; channel: 'sms' | 'voice'; ip: string },
) {
  const user = await findUser(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!allowedMethods(user).includes('otp')) throw new AppError('STEP_UP_METHOD_NOT_ALLOWED');
  const sent = await sendPhoneCode(
    deps,
    { mobile: user.mobile, purpose: 'step_up', channel: input.channel, ip: input.ip },
    user.id,
    user.antiPhishingPhrase,
  );
  return { maskedMobile: maskMobile(user.mobile), ...sent };
}

export async function stepUp(
  deps: AuthDeps & { bus: InvalidationBus },
  input: { userId: string; sessionId: string; body: StepUpBody; client: ClientInfo },
) {
  const now = deps.now?.() ?? new Date();
  const { body, client } = input;
  const out = await withCountedFailures(deps.db, async (tx) => {
    const user = await findUser(tx, input.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!allowedMethods(user).includes(body.method)) throw new AppError('STEP_UP_METHOD_NOT_ALLOWED');
    if (body.method === 'password') {
      const guess = { userId: user.id, source: await guessSource(tx, { userId: user.id }, client, now) };
      const pair = await assertPasswordOpen(tx, guess, now);
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        await writeAudit(tx, {
          action: 'auth.step_up_failed',
          actorUserId: user.id,
          ip: client.ip,
          data: { method: 'password' },
        });
        return recordPasswordFailure(tx, guess, now, new AppError('PASSWORD_INCORRECT'), client.ip);
      }
      await resetPasswordFailures(tx, guess, pair);
    } else if (body.method === 'otp') {
      const wrong = await checkCode(tx, deps, {
        subject: user.mobile,
        purpose: 'step_up',
        code: body.code,
        ip: client.ip,
        device: client.device,
        now,
        auditUserId: user.id,
      });
      if (wrong) return wrong;
    } else {
      const wrong = await checkSecondFactor(tx, deps, user, body.code, now, client.ip, 'step_up');
      if (wrong) return wrong;
    }
    const rotated = await rotateSession(tx, input.sessionId, client);
    await tx.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, rotated.sessionId));
    await writeAudit(tx, {
      action: 'auth.step_up',
      actorUserId: user.id,
      subjectType: 'session',
      subjectId: rotated.sessionId,
      ip: client.ip,
      data: { method: body.method, userAgent: client.userAgent },
    });
    return rotated;
  });
  await deps.bus.publish({ kind: 'session', id: input.sessionId });
  return {
    session: out,
    response: {
      authenticatedAt: now.toISOString(),
      validUntil: new Date(now.getTime() + STEP_UP.windowSeconds * 1000).toISOString(),
    },
  };
}
