/**
 * Identity inquiry (Shahkar): is this mobile number registered to the person with this national code?
 * Implementations: local rules (embedded mode, tests, demo) and Jibit's matching API.
 */
export interface IdentityPort {
  readonly name: string;
  mobileMatchesNationalCode(input: { mobile: string; nationalCode: string }): Promise<boolean>;
}

export class IdentityInquiryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityInquiryError';
  }
}
