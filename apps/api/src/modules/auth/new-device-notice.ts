import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { MailPort } from '../../adapters/mail/mail.port';
import type { SmsPort } from '../../adapters/sms/sms.port';
import { queryRows, type Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { parseUserAgent } from '../../lib/user-agent';

/**
 * The security notice of a login from a new device (issue 15, decision 029). A browser carries the one
 * device cookie of device-cookie.ts (`DEVICE_COOKIE`, set at every login); each session keeps the hash of the
 * device it was opened on (`sessions.device_hash`, written with the session: sources.ts `deviceHashOf`).
 * A login is from a new device when no earlier session of the user had that device; the very first login
 * of an account (no earlier session) is not. Such a login sends a notice by SMS and, when the address is
 * verified, by email, in Persian (the portal keeps no language per user), with the anti-phishing phrase.
 * Sent after the login committed; a provider's failure is logged and never fails the login.
 */

export interface NoticeDeps {
  db: Db;
  sms: SmsPort;
  mail: MailPort;
  now?: () => Date;
}

interface LoginDevice {
  user_id: string;
  has_earlier: boolean;
  known: boolean;
  mobile: string;
  email: string | null;
  is_email_verified: boolean;
  anti_phishing_phrase: string | null;
}

/**
 * The session just opened (by its token), in one statement: whether its user had sessions before and
 * whether one of them was on the same device.
 */
async function loginDevice(db: Db, token: string): Promise<LoginDevice | undefined> {
  const [row] = await queryRows<LoginDevice>(
    db,
    sql`WITH s AS (SELECT id, user_id, device_hash FROM sessions WHERE token_hash = ${sha256(token)})
      SELECT s.user_id,
        EXISTS (SELECT 1 FROM sessions o WHERE o.user_id = s.user_id AND o.id <> s.id) AS has_earlier,
        EXISTS (
          SELECT 1 FROM sessions o WHERE o.user_id = s.user_id AND o.id <> s.id AND o.device_hash = s.device_hash
        ) AS known,
        u.mobile, u.email, u.is_email_verified, u.anti_phishing_phrase
      FROM s JOIN users u ON u.id = s.user_id`,
  );
  return row;
}

const tehranTime = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  dateStyle: 'long',
  timeStyle: 'short',
});
const tehranTimeEn = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tehran',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** The notice's texts: the SMS (Persian) and the email (Persian, then English as every mail of the portal). */
export function newDeviceTexts(o: { at: Date; ip: string; userAgent: string | null; phrase: string | null }): {
  sms: string;
  subject: string;
  mail: string;
} {
  const device = parseUserAgent(o.userAgent);
  const what = [device.browser, device.os].filter(Boolean).join(' · ');
  const fa = [
    'ورود به حساب پرتال شما از دستگاهی تازه',
    `دستگاه: ${what || 'ناشناس'}`,
    `نشانی IP: ${o.ip}`,
    `زمان: ${tehranTime.format(o.at)}`,
    'اگر شما نبودید، همین حالا رمز عبور را عوض کنید و نشست‌های دیگر را ببندید.',
  ];
  const phrase = o.phrase ? [`عبارت امنیتی شما: ${o.phrase}`] : [];
  const en = [
    'Your Portal account was signed in from a new device.',
    `Device: ${what || 'unknown'}`,
    `IP address: ${o.ip}`,
    `Time: ${tehranTimeEn.format(o.at)} (Tehran)`,
    "If this wasn't you, change your password now and end your other sessions.",
  ];
  return {
    sms: [...fa, ...phrase].join('\n'),
    subject: 'ورود از دستگاه تازه — New device sign-in',
    mail: [
      ...fa,
      '',
      ...en,
      ...(o.phrase ? ['', `عبارت امنیتی شما / Your anti-phishing phrase: ${o.phrase}`] : []),
    ].join('\n'),
  };
}

/**
 * After a login opened a session (its cookies set on `reply`): for a device new to the account, sends the
 * notice. Never throws for the notice's sake.
 */
export async function noteLoginDevice(deps: NoticeDeps, reply: FastifyReply, sessionToken: string): Promise<void> {
  const request = reply.request;
  const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
  let login: LoginDevice | undefined;
  try {
    login = await loginDevice(deps.db, sessionToken);
    if (!login?.has_earlier || login.known) return;
    await writeAudit(deps.db, {
      action: 'auth.new_device_notice',
      actorUserId: login.user_id,
      ip: request.ip,
      data: { userAgent, channels: login.email && login.is_email_verified ? ['sms', 'email'] : ['sms'] },
    });
  } catch (err) {
    // The session is open and its cookie set: the login stands, only the notice is lost (and logged).
    reply.log.error({ err }, 'new-device check failed');
    return;
  }
  const texts = newDeviceTexts({
    at: deps.now?.() ?? new Date(),
    ip: request.ip,
    userAgent,
    phrase: login.anti_phishing_phrase,
  });
  const mailTo = login.email && login.is_email_verified ? login.email : null;
  const deliveries = [
    deps.sms.sendNotice({ mobile: login.mobile, purpose: 'new_device', text: texts.sms }),
    ...(mailTo
      ? [deps.mail.send({ to: mailTo, subject: texts.subject, text: texts.mail, purpose: 'new_device' })]
      : []),
  ];
  for (const result of await Promise.allSettled(deliveries)) {
    if (result.status === 'rejected') {
      reply.log.warn({ err: result.reason, userId: login.user_id }, 'new-device notice not delivered');
    }
  }
}
