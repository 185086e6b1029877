import type { OtpChannel } from '@portal/contract/auth/auth';

export interface OtpMessage {
  mobile: string;
  channel: OtpChannel;
  purpose: string;
  code: string;
  /** The user's anti-phishing phrase: every message of the portal carries it when set. */
  antiPhishingPhrase?: string | null;
}

/** Sends one-time codes. Implementations: the dev outbox (embedded mode) and Kavenegar. */
export interface SmsPort {
  readonly name: string;
  sendOtp(message: OtpMessage): Promise<void>;
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
