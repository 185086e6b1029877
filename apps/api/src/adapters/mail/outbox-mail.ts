import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { MailMessage, MailPort } from './mail.port';

/** Embedded mode: mail is written to the dev outbox (channel `email`) and logged, never sent. */
export function createOutboxMail(db: Db, log: FastifyBaseLogger): MailPort {
  return {
    name: 'outbox',
    async send(m: MailMessage) {
      await db.insert(devOutbox).values({
        mobile: m.to,
        channel: 'email',
        purpose: m.purpose ?? 'mail',
        code: m.code ?? null,
        text: `${m.subject}\n\n${m.text}`,
      });
      log.info({ to: m.to, purpose: m.purpose, code: m.code }, 'dev outbox: email');
    },
  };
}
