import { PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS } from '@portal/contract/core/validation';

export { PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS };

/** The rules of SPEC §5, in the order the checklist shows them. */
export const PASSWORD_RULES = ['length', 'letterDigit', 'symbol', 'case'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Which of the contract's password rules `p` meets, one by one, for the live checklist. The
 * contract's `isStrongPassword` (the server's check) is true exactly when all four are.
 */
export function checkPasswordRules(p: string): Record<PasswordRule, boolean> {
  return {
    length: p.length >= PASSWORD_MIN_LENGTH,
    letterDigit: /[A-Za-z]/.test(p) && /\d/.test(p),
    symbol: [...p].some((c) => PASSWORD_SYMBOLS.includes(c)),
    case: /[a-z]/.test(p) && /[A-Z]/.test(p),
  };
}
