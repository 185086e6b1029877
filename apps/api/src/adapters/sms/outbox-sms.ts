import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { NoticeMessage, OtpMessage, SmsPort } from './sms.port';

export function otpText(code: string, antiPhishingPhrase?: string | null): string {
  const text = `کد ورود شما به پرتال: ${code}\nاین کد را به هیچ‌کس ندهید.`;
  return antiPhishingPhrase ? `${text}\nعبارت امنیتی شما: ${antiPhishingPhrase}` : text;
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
        text: otpText(m.code, m.antiPhishingPhrase),
      });
      log.info({ mobile: m.mobile, channel: m.channel, purpose: m.purpose, code: m.code }, 'dev outbox: one-time code');
    },
    async sendNotice(m: NoticeMessage) {
      await db.insert(devOutbox).values({ mobile: m.mobile, channel: 'sms', purpose: m.purpose, text: m.text });
      log.info({ mobile: m.mobile, purpose: m.purpose }, 'dev outbox: notice');
    },
  };
}
