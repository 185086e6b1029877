import { CARD_NUMBER_LENGTH, SHEBA_DIGITS } from '@portal/contract/bank/bank-accounts';

/**
 * How the bank accounts pages write card numbers and shebas. Typing: the field keeps what the number
 * can hold (digits, and `IR` before a sheba's) grouped by four as printed on a card; the contract's
 * schemas drop the spaces again. Showing: a card's mask grouped the same way.
 */

/** `1234 5678 9` from `123456789`. */
function groupByFour(text: string): string {
  return text.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * What the card-number field keeps of what was typed (digits already normalised by the field): its
 * digits, at most 16, grouped by four.
 */
export function cardNumberInput(value: string): string {
  return groupByFour(value.replace(/\D/g, '').slice(0, CARD_NUMBER_LENGTH));
}

/**
 * What the sheba field keeps: `IR` and at most 24 digits, grouped by four (`IR06 0170 …`). The `IR` is
 * put in front of the first digit typed, so typing the 24 digits alone (or pasting the sheba with
 * dashes, lower-case or in Persian digits) gives the same value; an `I` or `IR` being typed is kept.
 */
export function shebaInput(value: string): string {
  const s = value.toUpperCase().replace(/[^0-9IR]/g, '');
  const prefix = s.startsWith('IR') ? 'IR' : s.startsWith('I') ? 'I' : '';
  const digits = s.slice(prefix.length).replace(/\D/g, '').slice(0, SHEBA_DIGITS);
  if (!digits) return prefix;
  return groupByFour(`IR${digits}`);
}

/** The card's mask grouped like the card: `603799******1234` → `6037 99** **** 1234`. */
export function groupedCardMask(masked: string): string {
  return groupByFour(masked);
}

/** Whether enough of a card number (six digits) or sheba (`IR` and five digits) is typed to know its bank. */
export function canNameBank(kind: 'card' | 'sheba', value: string): boolean {
  const s = value.replace(/\s/g, '');
  return kind === 'card' ? /^\d{6}/.test(s) : /^IR\d{5}/.test(s);
}
