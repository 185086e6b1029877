import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { OtpMessage, SmsPort } from './sms.port';

export function otpText(code: string): string {
  return `کد ورود شما به پرتال: ${code}\nاین کد را به هیچ‌کس ندهید.`;
}

/** Embedded mode: the message is written to the dev outbox and logged, never sent. */
export function createOutboxSms(db: Db, log: FastifyBaseLogger): SmsPort {
  return {
    name: 'outbox',
    async sendOtp(m: OtpMessage) {
      await db.insert(devOutbox).values({
        mobile: m.mobile,
        channel: m.channel,
        purpose: m.purpose,
        code: m.code,
        text: otpText(m.code),
      });
      log.info({ mobile: m.mobile, channel: m.channel, purpose: m.purpose, code: m.code }, 'dev outbox: one-time code');
    },
  };
}
