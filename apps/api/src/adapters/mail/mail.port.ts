/** Sends email. Implementations: the dev outbox (embedded mode) and SMTP (nodemailer). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The code the message carries, for the dev outbox. */
  code?: string;
  purpose?: string;
}

export interface MailPort {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}
