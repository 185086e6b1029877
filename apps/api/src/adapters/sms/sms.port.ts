import type { OtpChannel } from '@portal/contract/auth/auth';

export interface OtpMessage {
  mobile: string;
  channel: OtpChannel;
  purpose: string;
  code: string;
  /** The user's anti-phishing phrase: every message of the portal carries it when set. */
  antiPhishingPhrase?: string | null;
}

/** A text that is not a code: a security notice (issue 15: a login from a new device). */
export interface NoticeMessage {
  mobile: string;
  /** What the notice is about, for the dev outbox and the logs (`new_device`). */
  purpose: string;
  /** The whole text, already in the user's language, carrying the anti-phishing phrase when set. */
  text: string;
}

/** Sends one-time codes and security notices. Implementations: the dev outbox (embedded mode) and Kavenegar. */
export interface SmsPort {
  readonly name: string;
  sendOtp(message: OtpMessage): Promise<void>;
  sendNotice(message: NoticeMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
