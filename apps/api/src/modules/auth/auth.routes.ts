import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logout, requestOtp, startLogin, verifyOtp } from '@portal/contract/auth/auth';
import {
  changePassword,
  loginWithPassword,
  resetPassword,
  setPassword,
  verifyPasswordReset,
} from '@portal/contract/auth/password';
import { requestStepUpCode, stepUp } from '@portal/contract/auth/step-up';
import {
  disableTwoFactor,
  enableTwoFactor,
  recoverTwoFactorLogin,
  requestDisableTwoFactorCode,
  requestTwoFactorRecoveryCode,
  setupTwoFactor,
  verifyTwoFactorLogin,
} from '@portal/contract/auth/two-factor';
import type { Db } from '../../db/client';
import type { MailPort } from '../../adapters/mail/mail.port';
import type { SmsPort } from '../../adapters/sms/sms.port';
import type { InvalidationBus } from '../../lib/invalidation';
import { route } from '../../plugins/contract';
import * as auth from './auth.service';
import { noteLoginDevice } from './new-device-notice';
import * as passwords from './password.service';
import * as stepUps from './step-up.service';
import * as twoFactor from './two-factor.service';
import { clearSessionCookie, sessionOf, setSessionCookie, type CookieOptions } from '../../plugins/sessions';
import { deviceTokenOf, setDeviceCookie } from './device-cookie';

export function clientOf(request: FastifyRequest): auth.ClientInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    device: deviceTokenOf(request),
  };
}

/** Where a public guess comes from: the address and the browser's device token (sources.ts). */
const sourceOf = (request: FastifyRequest) => ({ ip: request.ip, device: deviceTokenOf(request) });

export function authRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: InvalidationBus;
    sms: SmsPort;
    mail: MailPort;
    secret: string;
    cookie: CookieOptions;
    now?: () => Date;
  },
) {
  const withCookie = async <T extends auth.LoginOutcome>(reply: FastifyReply, outcome: T) => {
    if (outcome.session) {
      const { token, expiresAt, rememberMe, device } = outcome.session;
      setSessionCookie(reply, token, expiresAt, rememberMe, deps.cookie);
      setDeviceCookie(reply, device, deps.cookie);
      // A notice when this device is new to the account (decision 029); the session recorded its device.
      await noteLoginDevice(deps, reply, token);
    }
    return outcome.result;
  };

  route(app, requestOtp, async ({ body, request }) => auth.requestOtp(deps, { ...body, ...sourceOf(request) }));
  route(app, startLogin, async ({ body, request }) => auth.startLogin(deps, { ...body, ...sourceOf(request) }));

  route(app, verifyOtp, async ({ body, request, reply }) =>
    withCookie(reply, await auth.verifyOtp(deps, { ...body, ...clientOf(request) })),
  );

  route(app, loginWithPassword, async ({ body, request, reply }) =>
    withCookie(reply, await auth.loginWithPassword(deps, { ...body, ...clientOf(request) })),
  );

  route(app, verifyTwoFactorLogin, async ({ body, request, reply }) => {
    const out = await twoFactor.verifyTwoFactorLogin(deps, { ...body, client: clientOf(request) });
    await withCookie(reply, out);
    if (out.result.status !== 'loggedIn') throw new Error('unreachable');
    return out.result;
  });

  route(app, requestTwoFactorRecoveryCode, async ({ body, request }) =>
    twoFactor.requestRecoveryCode(deps, { ...body, ...sourceOf(request) }),
  );

  route(app, recoverTwoFactorLogin, async ({ body, request, reply }) => {
    const out = await twoFactor.recoverTwoFactorLogin(deps, { ...body, client: clientOf(request) });
    await withCookie(reply, out);
    if (out.result.status !== 'loggedIn') throw new Error('unreachable');
    return out.result;
  });

  route(app, verifyPasswordReset, async ({ body, request }) =>
    passwords.verifyPasswordReset(deps, { ...body, ...sourceOf(request) }),
  );
  route(app, resetPassword, async ({ body, request }) => passwords.resetPassword(deps, { ...body, ip: request.ip }));

  route(app, setPassword, async ({ body, request }) => {
    const s = sessionOf(request);
    return passwords.setPassword(deps, { ...s, password: body.password, ip: request.ip });
  });

  route(app, changePassword, async ({ body, request, reply }) => {
    const s = sessionOf(request);
    const rotated = await passwords.changePassword(deps, { ...s, ...body, client: clientOf(request) });
    setSessionCookie(reply, rotated.token, rotated.expiresAt, rotated.rememberMe, deps.cookie);
    return { ok: true as const };
  });

  route(app, requestStepUpCode, async ({ body, request }) =>
    stepUps.requestStepUpCode(deps, { userId: sessionOf(request).userId, channel: body.channel, ip: request.ip }),
  );

  route(app, stepUp, async ({ body, request, reply }) => {
    const s = sessionOf(request);
    const out = await stepUps.stepUp(deps, { ...s, body, client: clientOf(request) });
    setSessionCookie(reply, out.session.token, out.session.expiresAt, out.session.rememberMe, deps.cookie);
    return out.response;
  });

  route(app, setupTwoFactor, async ({ request }) => twoFactor.setupTwoFactor(deps, sessionOf(request)));
  route(app, enableTwoFactor, async ({ body, request }) =>
    twoFactor.enableTwoFactor(deps, { ...sessionOf(request), code: body.code, ip: request.ip }),
  );
  route(app, requestDisableTwoFactorCode, async ({ body, request }) =>
    twoFactor.requestDisableCode(deps, { userId: sessionOf(request).userId, channel: body.channel, ip: request.ip }),
  );
  route(app, disableTwoFactor, async ({ body, request }) =>
    twoFactor.disableTwoFactor(deps, { ...sessionOf(request), ...body, ip: request.ip }),
  );

  route(app, logout, async ({ request, reply }) => {
    const { sessionId, userId } = sessionOf(request);
    await auth.logout(deps, { sessionId, userId, ip: request.ip });
    clearSessionCookie(reply, deps.cookie);
    return { ok: true as const };
  });
}
