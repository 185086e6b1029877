import { BANKS, bankOfCard, bankOfSheba, shebaOf } from '@portal/contract/bank/bank-accounts';
import { isValidNationalCode } from '@portal/contract/core/validation';
import type { BankAccountOwnership, IdentityPort } from './identity.port';

/** The written rules of a card's or sheba's last four digits (decision 017). */
function byLastFour(number: string, sheba: string | null): BankAccountOwnership {
  if (number.endsWith('0000')) return { outcome: 'not_owned' };
  return { outcome: 'owned', sheba, canReceive: !number.endsWith('9999') };
}

/**
 * The sheba the local registry gives a card: the bank code of the card's bank, then the card's last
 * ten digits as the account number (zero-padded to 19), with correct mod-97 check digits. The same
 * card always has the same sheba, and it ends in the card's last four digits.
 */
export function localShebaOfCard(cardNumber: string): string | null {
  const bank = bankOfCard(cardNumber);
  return bank ? shebaOf(`${BANKS[bank].shebaCode}${cardNumber.slice(6).padStart(19, '0')}`) : null;
}

/**
 * The local registry's written rules (decisions 012 and 017), deterministic so tests and the demo show
 * every outcome:
 *
 * Mobile numbers (Shahkar):
 * 1. a national code that fails its check digit matches no number;
 * 2. a number whose last three digits are `000` is registered to someone else: it matches no code;
 * 3. every other number is registered to whoever asks with a valid national code.
 *
 * Cards and shebas:
 * 1. a national code that fails its check digit owns nothing;
 * 2. a card whose prefix, or a sheba whose bank code, is of no bank in the contract's table is unknown;
 * 3. one whose last four digits are `0000` belongs to someone else;
 * 4. one whose last four digits are `9999` is the asker's but blocked for deposits;
 * 5. any other is the asker's; a card's sheba is `localShebaOfCard`.
 */
export function createLocalIdentity(): IdentityPort {
  return {
    name: 'local',
    async mobileMatchesNationalCode({ mobile, nationalCode }) {
      if (!isValidNationalCode(nationalCode)) return false;
      return !mobile.endsWith('000');
    },
    async cardOwnership({ cardNumber, nationalCode }) {
      const sheba = localShebaOfCard(cardNumber);
      if (!sheba) return { outcome: 'unknown' };
      if (!isValidNationalCode(nationalCode)) return { outcome: 'not_owned' };
      return byLastFour(cardNumber, sheba);
    },
    async shebaOwnership({ sheba, nationalCode }) {
      if (!bankOfSheba(sheba)) return { outcome: 'unknown' };
      if (!isValidNationalCode(nationalCode)) return { outcome: 'not_owned' };
      return byLastFour(sheba, sheba);
    },
  };
}
