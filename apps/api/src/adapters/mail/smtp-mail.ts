import nodemailer from 'nodemailer';
import type { MailMessage, MailPort } from './mail.port';

/** SMTP through nodemailer; `url` is `smtp://user:pass@host:587` or `smtps://…:465`. */
export function createSmtpMail(options: { url: string; from: string }): MailPort {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(m: MailMessage) {
      await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}
