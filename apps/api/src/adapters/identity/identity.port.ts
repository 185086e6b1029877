/**
 * Identity inquiries. Implementations: local rules (embedded mode, tests, demo; decisions 012 and 017)
 * and Jibit's identity API.
 * - Shahkar: is this mobile number registered to the person with this national code?
 * - Bank accounts: does this card or sheba belong to the person with this national code (and birth
 *   date), and what is the card's sheba?
 */
export interface IdentityPort extends MobileInquiry, BankAccountInquiry {
  readonly name: string;
}

export interface MobileInquiry {
  mobileMatchesNationalCode(input: { mobile: string; nationalCode: string }): Promise<boolean>;
}

/** Whose card or sheba is asked about: the national code and the Gregorian birth date (`YYYY-MM-DD`) on file. */
export interface AccountHolder {
  nationalCode: string;
  birthDate: string;
}

/**
 * What the banking network says of a card or sheba:
 * - `owned`: it is the holder's; `sheba` is the account's sheba (the card's, for a card; null when the
 *   network gave none), `canReceive` false when the account is blocked for deposits;
 * - `not_owned`: it exists and is someone else's;
 * - `unknown`: no bank knows the number.
 */
export type BankAccountOwnership =
  { outcome: 'owned'; sheba: string | null; canReceive: boolean } | { outcome: 'not_owned' } | { outcome: 'unknown' };

export interface BankAccountInquiry {
  /** `cardNumber`: 16 digits. */
  cardOwnership(input: AccountHolder & { cardNumber: string }): Promise<BankAccountOwnership>;
  /** `sheba`: `IR` + 24 digits. */
  shebaOwnership(input: AccountHolder & { sheba: string }): Promise<BankAccountOwnership>;
}

/** The provider did not answer, or answered something this adapter does not understand. */
export class IdentityInquiryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityInquiryError';
  }
}
