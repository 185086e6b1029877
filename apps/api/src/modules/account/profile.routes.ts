import type { FastifyInstance } from 'fastify';
import { sendEmailVerificationCode, verifyEmailAddress } from '@portal/contract/account/email';
import {
  requestCurrentPhoneCode,
  requestNewPhoneCode,
  verifyCurrentPhone,
  verifyNewPhone,
} from '@portal/contract/account/phone';
import { route } from '../../plugins/contract';
import { clearSessionCookie, sessionOf, type CookieOptions } from '../../plugins/sessions';
import * as profile from './profile.service';

/** Phone change and email verification (SPEC §2 "Edit phone", "Profile"; §7). */
export function profileRoutes(app: FastifyInstance, deps: profile.ProfileDeps & { cookie: CookieOptions }) {
  route(app, requestCurrentPhoneCode, async ({ body, request }) =>
    profile.requestCurrentPhoneCode(deps, { userId: sessionOf(request).userId, channel: body.channel, ip: request.ip }),
  );
  route(app, verifyCurrentPhone, async ({ body, request }) =>
    profile.verifyCurrentPhone(deps, { userId: sessionOf(request).userId, ...body, ip: request.ip }),
  );
  route(app, requestNewPhoneCode, async ({ body, request }) =>
    profile.requestNewPhoneCode(deps, { userId: sessionOf(request).userId, ...body, ip: request.ip }),
  );
  route(app, verifyNewPhone, async ({ body, request, reply }) => {
    const out = await profile.verifyNewPhone(deps, { userId: sessionOf(request).userId, ...body, ip: request.ip });
    clearSessionCookie(reply, deps.cookie);
    return out;
  });
  route(app, sendEmailVerificationCode, async ({ body, request }) =>
    profile.sendEmailVerificationCode(deps, { userId: sessionOf(request).userId, email: body.email, ip: request.ip }),
  );
  route(app, verifyEmailAddress, async ({ params, body, request }) =>
    profile.verifyEmailAddress(deps, {
      userId: sessionOf(request).userId,
      email: body.email,
      code: params.code,
      ip: request.ip,
    }),
  );
}
