import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../lib/crypto';
import { isSecure, type CookieOptions } from '../../plugins/sessions';

/**
 * The device cookie: a random token the browser keeps for a year, set at every login. The sessions it
 * opened (`sessions.device_hash`) make it one of the account's known devices (sources.ts, decision 009).
 * Sent to the API only, never readable by scripts.
 */
export const DEVICE_COOKIE = { name: 'portal_device', maxAgeSeconds: 365 * 86_400, path: '/api' } as const;

/** The device token a request carries, when it is well formed (a forged one is simply no device). */
export function deviceTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE.name];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** A new device token, for a browser that has none. */
export const newDeviceToken = () => randomToken(32);

export function setDeviceCookie(reply: FastifyReply, token: string, opts: CookieOptions) {
  reply.setCookie(DEVICE_COOKIE.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request, opts.secure),
    path: DEVICE_COOKIE.path,
    maxAge: DEVICE_COOKIE.maxAgeSeconds,
  });
}
