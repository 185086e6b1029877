import { isValidNationalCode } from '@portal/contract/core/validation';
import type { IdentityPort } from './identity.port';

/**
 * The local registry's written rules (decision 012), deterministic so tests and the demo show both
 * outcomes:
 * 1. a national code that fails its check digit matches no number;
 * 2. a number whose last three digits are `000` is registered to someone else: it matches no code;
 * 3. every other number is registered to whoever asks with a valid national code.
 */
export function createLocalIdentity(): IdentityPort {
  return {
    name: 'local',
    async mobileMatchesNationalCode({ mobile, nationalCode }) {
      if (!isValidNationalCode(nationalCode)) return false;
      return !mobile.endsWith('000');
    },
  };
}
