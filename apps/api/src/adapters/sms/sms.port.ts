import type { OtpChannel } from '@portal/contract/auth/auth';

export interface OtpMessage {
  mobile: string;
  channel: OtpChannel;
  purpose: string;
  code: string;
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
