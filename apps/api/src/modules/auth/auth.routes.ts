import type { FastifyInstance } from 'fastify';
import { logout, requestOtp, verifyOtp } from '@portal/contract/auth/auth';
import type { Db } from '../../db/client';
import type { SmsPort } from '../../adapters/sms/sms.port';
import type { InvalidationBus } from '../../lib/invalidation';
import { route } from '../../plugins/contract';
import * as auth from './auth.service';
import { clearSessionCookie, sessionOf, setSessionCookie, type CookieOptions } from './sessions';

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: InvalidationBus; sms: SmsPort; secret: string; cookie: CookieOptions; now?: () => Date },
) {
  route(app, requestOtp, async ({ body, request }) => auth.requestOtp(deps, { ...body, ip: request.ip }));

  route(app, verifyOtp, async ({ body, request, reply }) => {
    const result = await auth.verifyOtp(deps, {
      ...body,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    });
    setSessionCookie(reply, result.token, result.expiresAt, body.rememberMe, deps.cookie);
    return { status: 'loggedIn' as const, isNewUser: result.isNewUser, expiresAt: result.expiresAt.toISOString() };
  });

  route(app, logout, async ({ request, reply }) => {
    const { sessionId, userId } = sessionOf(request);
    await auth.logout(deps, { sessionId, userId, ip: request.ip });
    clearSessionCookie(reply, deps.cookie);
    return { ok: true as const };
  });
}
