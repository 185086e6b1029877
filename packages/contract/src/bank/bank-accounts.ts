/**
 * Bank accounts (SPEC §2 "Bank accounts", §5; issue 5, decision 017).
 *
 * An investor adds a bank account by its card number (16 digits, Luhn) or its sheba (the Iranian IBAN:
 * `IR` + 24 digits, ISO 13616 mod-97). The server asks the identity inquiry whether the card or sheba
 * belongs to the person with the investor's national code (so KYC level one comes first), and for a
 * card, what its sheba is; it keeps both numbers (payouts need them) and answers only masked forms and
 * the bank's key. Deleting hides the account (withdrawals keep referring to it).
 *
 * The rules here are pure, shared by the form (it validates as the user types) and the server.
 */
import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint';
import { normalizeDigits } from '../core/digits';

/**
 * Iranian banks: the 6-digit prefixes (BIN) of the cards they issue on the Shetab network, and the
 * 3-digit bank code of their shebas (IBAN characters 5–7). The web names each `bank:banks.<key>`.
 */
export const BANKS = {
  markazi: { cardPrefixes: ['636795'], shebaCode: '010' },
  sanatMadan: { cardPrefixes: ['627961'], shebaCode: '011' },
  mellat: { cardPrefixes: ['610433', '991975'], shebaCode: '012' },
  refah: { cardPrefixes: ['589463'], shebaCode: '013' },
  maskan: { cardPrefixes: ['628023'], shebaCode: '014' },
  sepah: { cardPrefixes: ['589210'], shebaCode: '015' },
  keshavarzi: { cardPrefixes: ['603770', '639217'], shebaCode: '016' },
  melli: { cardPrefixes: ['603799'], shebaCode: '017' },
  tejarat: { cardPrefixes: ['627353', '585983'], shebaCode: '018' },
  saderat: { cardPrefixes: ['603769'], shebaCode: '019' },
  toseeSaderat: { cardPrefixes: ['627648', '207177'], shebaCode: '020' },
  postBank: { cardPrefixes: ['627760'], shebaCode: '021' },
  toseeTaavon: { cardPrefixes: ['502908'], shebaCode: '022' },
  toseeCredit: { cardPrefixes: ['628157'], shebaCode: '051' },
  karafarin: { cardPrefixes: ['627488', '502910'], shebaCode: '053' },
  parsian: { cardPrefixes: ['622106', '639194', '627884'], shebaCode: '054' },
  eghtesadNovin: { cardPrefixes: ['627412'], shebaCode: '055' },
  saman: { cardPrefixes: ['621986'], shebaCode: '056' },
  pasargad: { cardPrefixes: ['502229', '639347'], shebaCode: '057' },
  sarmayeh: { cardPrefixes: ['639607'], shebaCode: '058' },
  sina: { cardPrefixes: ['639346'], shebaCode: '059' },
  mehrIran: { cardPrefixes: ['606373'], shebaCode: '060' },
  shahr: { cardPrefixes: ['502806', '504706'], shebaCode: '061' },
  ayandeh: { cardPrefixes: ['636214'], shebaCode: '062' },
  gardeshgari: { cardPrefixes: ['505416'], shebaCode: '064' },
  dey: { cardPrefixes: ['502938'], shebaCode: '066' },
  iranZamin: { cardPrefixes: ['505785'], shebaCode: '069' },
  resalat: { cardPrefixes: ['504172'], shebaCode: '070' },
  melal: { cardPrefixes: ['606256'], shebaCode: '075' },
  khavarmianeh: { cardPrefixes: ['585947'], shebaCode: '078' },
  iranVenezuela: { cardPrefixes: ['581874'], shebaCode: '095' },
} as const satisfies Record<string, { cardPrefixes: readonly string[]; shebaCode: string }>;

export type BankKey = keyof typeof BANKS;
export const BANK_KEYS = Object.keys(BANKS) as [BankKey, ...BankKey[]];
export const bankKeySchema = z.enum(BANK_KEYS);

const bankByCardPrefix = new Map<string, BankKey>(
  BANK_KEYS.flatMap((key) => BANKS[key].cardPrefixes.map((prefix) => [prefix, key] as const)),
);
const bankByShebaCode = new Map<string, BankKey>(BANK_KEYS.map((key) => [BANKS[key].shebaCode, key] as const));

export const CARD_NUMBER_LENGTH = 16;
/** Digits after `IR`. */
export const SHEBA_DIGITS = 24;
/** Active bank accounts one investor may have. */
export const BANK_ACCOUNT_LIMIT = 10;

/** What people put between groups of digits (and what copying from right-to-left text adds). */
const SEPARATORS = /[\s\-_.\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A card number as typed → its digits: Persian and Arabic-Indic digits normalised, spaces and dashes dropped. */
export function cleanCardNumber(raw: string): string {
  return normalizeDigits(raw).replace(SEPARATORS, '');
}

/**
 * A sheba as typed → `IR` + its digits: digits normalised, separators dropped, upper case; the `IR`
 * may be left out (24 digits alone).
 */
export function cleanSheba(raw: string): string {
  const s = normalizeDigits(raw).replace(SEPARATORS, '').toUpperCase();
  return /^\d{24}$/.test(s) ? `IR${s}` : s;
}

/** The Luhn check of a string of digits (every card of the Shetab network passes it). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 13616: the remainder mod 97 of the IBAN with its first four characters moved to the end, letters as numbers. */
function ibanRemainder(iban: string): number {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of value) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

/** Whether `IR` + 24 digits carries a correct mod-97 check. */
export function isShebaChecksumValid(sheba: string): boolean {
  return /^IR\d{24}$/.test(sheba) && ibanRemainder(sheba) === 1;
}

/** The sheba of a 22-digit account part (3-digit bank code, 19-digit account), with its check digits. */
export function shebaOf(bban: string): string {
  if (!/^\d{22}$/.test(bban)) throw new Error('a sheba account part is 22 digits');
  const check = 98 - ibanRemainder(`IR00${bban}`);
  return `IR${String(check).padStart(2, '0')}${bban}`;
}

/** The bank that issued a card, by its first six digits (any prefix of at least six digits will do). */
export function bankOfCard(cardNumber: string): BankKey | null {
  const digits = cleanCardNumber(cardNumber);
  return /^\d{6}/.test(digits) ? (bankByCardPrefix.get(digits.slice(0, 6)) ?? null) : null;
}

/** The bank of a sheba, by its bank code (characters 5–7; any prefix that reaches them will do). */
export function bankOfSheba(sheba: string): BankKey | null {
  const s = cleanSheba(sheba);
  return /^IR\d{5}/.test(s) ? (bankByShebaCode.get(s.slice(4, 7)) ?? null) : null;
}

/** `603799******1234`: the first six and last four digits (DESIGN "Identity, sessions, security"). */
export function maskCardNumber(cardNumber: string): string {
  return `${cardNumber.slice(0, 6)}${'*'.repeat(cardNumber.length - 10)}${cardNumber.slice(-4)}`;
}

/** `IR06 01** … **34`, ungrouped: `IR`, the first four and the last four digits. */
export function maskSheba(sheba: string): string {
  return `${sheba.slice(0, 6)}${'*'.repeat(sheba.length - 10)}${sheba.slice(-4)}`;
}

/** The rule a cleaned card number breaks (a `validation.<rule>` key), or null. */
export function cardNumberRule(digits: string): 'required' | 'cardNumber' | 'cardNumberChecksum' | null {
  if (digits === '') return 'required';
  if (!new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`).test(digits)) return 'cardNumber';
  return isLuhnValid(digits) ? null : 'cardNumberChecksum';
}

/** The rule a cleaned sheba breaks (a `validation.<rule>` key), or null. */
export function shebaRule(sheba: string): 'required' | 'sheba' | 'shebaChecksum' | null {
  if (sheba === '') return 'required';
  if (!new RegExp(`^IR\\d{${SHEBA_DIGITS}}$`).test(sheba)) return 'sheba';
  return isShebaChecksumValid(sheba) ? null : 'shebaChecksum';
}

/** A card number as typed, cleaned to its 16 digits; rules `required`, `cardNumber`, `cardNumberChecksum`. */
export const cardNumberSchema = z
  .string()
  .transform(cleanCardNumber)
  .superRefine((digits, ctx) => {
    const rule = cardNumberRule(digits);
    if (rule) ctx.addIssue({ code: 'custom', message: rule });
  });

/** A sheba as typed, cleaned to `IR` + 24 digits; rules `required`, `sheba`, `shebaChecksum`. */
export const shebaSchema = z
  .string()
  .transform(cleanSheba)
  .superRefine((sheba, ctx) => {
    const rule = shebaRule(sheba);
    if (rule) ctx.addIssue({ code: 'custom', message: rule });
  });

export const BANK_ACCOUNT_KINDS = ['card', 'sheba'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

export const bankAccountSchema = z.object({
  id: z.string(),
  /** Named from the sheba's bank code, else the card's prefix; null when neither is in `BANKS`. */
  bank: bankKeySchema.nullable(),
  /** `603799******1234`; null for an account added by its sheba alone. */
  cardNumberMasked: z.string().nullable(),
  /** `IR0601****************1234`; null when the inquiry gave no sheba for the card. */
  shebaMasked: z.string().nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const listBankAccounts = defineEndpoint({
  id: 'listBankAccounts',
  method: 'GET',
  path: '/bank-accounts',
  summary: 'My bank accounts (masked), newest first',
  tags: ['bank-accounts'],
  auth: 'session',
  response: z.object({ items: z.array(bankAccountSchema) }),
  errors: ['UNAUTHENTICATED'],
});

export const addBankAccountBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), cardNumber: cardNumberSchema }),
  z.object({ kind: z.literal('sheba'), sheba: shebaSchema }),
]);
export type AddBankAccountBody = z.input<typeof addBankAccountBody>;

export const addBankAccount = defineEndpoint({
  id: 'addBankAccount',
  method: 'POST',
  path: '/bank-accounts',
  summary: 'Add a bank account in my own name, by card number or sheba (needs KYC level one)',
  tags: ['bank-accounts'],
  auth: 'session',
  body: addBankAccountBody,
  response: bankAccountSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'KYC_REQUIRED',
    'ACCOUNT_FROZEN',
    'BANK_ACCOUNT_NATIONAL_CODE_REQUIRED',
    'CARD_NUMBER_INVALID',
    'SHEBA_INVALID',
    'BANK_ACCOUNT_NOT_OWNED',
    'BANK_ACCOUNT_INACTIVE',
    'BANK_ACCOUNT_DUPLICATE',
    'BANK_ACCOUNT_LIMIT',
    'BANK_INQUIRY_FAILED',
    'RATE_LIMITED',
  ],
});

export const deleteBankAccount = defineEndpoint({
  id: 'deleteBankAccount',
  method: 'DELETE',
  path: '/bank-accounts/:bankAccountId',
  summary: 'Remove one of my bank accounts (kept for the history of withdrawals to it)',
  tags: ['bank-accounts'],
  auth: 'session',
  params: z.object({ bankAccountId: z.uuid({ message: 'format' }) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
});
