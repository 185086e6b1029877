import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPersianDigits } from '../core/digits';
import {
  BANKS,
  BANK_KEYS,
  addBankAccountBody,
  bankOfCard,
  bankOfSheba,
  cardNumberSchema,
  cleanCardNumber,
  cleanSheba,
  isLuhnValid,
  isShebaChecksumValid,
  maskCardNumber,
  maskSheba,
  shebaOf,
  shebaSchema,
} from './bank-accounts';

/** The Luhn check digit of fifteen digits, written independently of the code under test. */
function luhnDigit(fifteen: string): string {
  const sum = [...fifteen].reverse().reduce((acc, ch, i) => {
    const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return String((10 - (sum % 10)) % 10);
}
const card = (prefix: string, middle = '123456789') => {
  const fifteen = `${prefix}${middle}`.slice(0, 15);
  return `${fifteen}${luhnDigit(fifteen)}`;
};

/** ISO 13616 check with BigInt, written independently: valid iff the rearranged number mod 97 is 1. */
function iso13616(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(rearranged) % 97n === 1n;
}

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

describe('card numbers', () => {
  it.each([
    ['6037991234567893', 'Melli'],
    [card('610433'), 'Mellat'],
    [card('627353'), 'Tejarat'],
    ['4111111111111111', 'a Visa test number'],
  ])('%s passes Luhn (%s)', (n) => {
    expect(isLuhnValid(n)).toBe(true);
    expect(cardNumberSchema.safeParse(n).success).toBe(true);
  });

  it('accepts Persian and Arabic-Indic digits, spaces and dashes, and answers the 16 digits', () => {
    const n = card('603799');
    const grouped = `${n.slice(0, 4)} ${n.slice(4, 8)}-${n.slice(8, 12)} ${n.slice(12)}`;
    expect(cardNumberSchema.parse(toPersianDigits(grouped))).toBe(n);
    expect(cardNumberSchema.parse(n.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!))).toBe(n);
    expect(cardNumberSchema.parse(`\u200e${grouped}\u200f`)).toBe(n);
  });

  it.each([
    ['', 'required'],
    ['603799123456789', 'cardNumber'],
    ['60379912345678930', 'cardNumber'],
    ['603799123456789a', 'cardNumber'],
    ['6037991234567890', 'cardNumberChecksum'],
    ['6037991234567894', 'cardNumberChecksum'],
  ])('refuses %j with rule %s', (n, rule) => {
    const r = cardNumberSchema.safeParse(n);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([rule]);
  });

  it('Luhn catches every single wrong digit', () => {
    fc.assert(
      fc.property(digits(15), fc.nat(15), fc.integer({ min: 1, max: 9 }), (fifteen, at, delta) => {
        const good = `${fifteen}${luhnDigit(fifteen)}`;
        expect(isLuhnValid(good)).toBe(true);
        const bad = `${good.slice(0, at)}${(Number(good[at]) + delta) % 10}${good.slice(at + 1)}`;
        expect(isLuhnValid(bad)).toBe(false);
      }),
    );
  });

  it('masks all but the first six and last four digits', () => {
    expect(maskCardNumber('6037991234567893')).toBe('603799******7893');
  });
});

describe('shebas', () => {
  it.each(['IR820540102680020817909002', 'IR710570029971601460641001', 'IR062960000000100324200001'])(
    '%s passes mod-97',
    (s) => {
      expect(isShebaChecksumValid(s)).toBe(true);
      expect(iso13616(s)).toBe(true);
      expect(shebaSchema.parse(s)).toBe(s);
    },
  );

  it('accepts it without IR, in lower case, grouped, with Persian digits', () => {
    const s = 'IR820540102680020817909002';
    expect(shebaSchema.parse(s.slice(2))).toBe(s);
    expect(shebaSchema.parse('ir82 0540 1026 8002 0817 9090 02')).toBe(s);
    expect(shebaSchema.parse(`IR${toPersianDigits(s.slice(2))}`)).toBe(s);
    expect(shebaSchema.parse(toPersianDigits(s.slice(2)))).toBe(s);
    expect(cleanSheba(' ir-82-0540 ')).toBe('IR820540');
  });

  it.each([
    ['', 'required'],
    ['IR82054010268002081790900', 'sheba'],
    ['IR8205401026800208179090021', 'sheba'],
    ['DE89370400440532013000', 'sheba'],
    ['IR82054010268002081790900A', 'sheba'],
    ['IR820540102680020817909003', 'shebaChecksum'],
    ['IR280540102680020817909002', 'shebaChecksum'],
  ])('refuses %j with rule %s', (s, rule) => {
    const r = shebaSchema.safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([rule]);
  });

  it('shebaOf gives check digits that validate, and any one wrong digit fails mod-97', () => {
    fc.assert(
      fc.property(digits(22), fc.nat(23), fc.integer({ min: 1, max: 9 }), (bban, at, delta) => {
        const s = shebaOf(bban);
        expect(s).toMatch(/^IR\d{24}$/);
        expect(s.slice(4)).toBe(bban);
        expect(isShebaChecksumValid(s)).toBe(true);
        expect(iso13616(s)).toBe(true);
        const i = 2 + at;
        const bad = `${s.slice(0, i)}${(Number(s[i]) + delta) % 10}${s.slice(i + 1)}`;
        expect(isShebaChecksumValid(bad)).toBe(false);
      }),
    );
  });

  it('masks all but IR, the first four and the last four digits', () => {
    expect(maskSheba('IR820540102680020817909002')).toBe('IR8205****************9002');
  });
});

describe('banks', () => {
  it('every prefix and bank code belongs to one bank', () => {
    const prefixes = BANK_KEYS.flatMap((k) => BANKS[k].cardPrefixes);
    const codes = BANK_KEYS.map((k) => BANKS[k].shebaCode);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of prefixes) expect(p).toMatch(/^\d{6}$/);
    for (const c of codes) expect(c).toMatch(/^\d{3}$/);
  });

  it.each([
    ['603799', 'melli'],
    ['610433', 'mellat'],
    ['991975', 'mellat'],
    ['603769', 'saderat'],
    ['585983', 'tejarat'],
    ['589210', 'sepah'],
    ['639217', 'keshavarzi'],
    ['502229', 'pasargad'],
    ['627884', 'parsian'],
    ['621986', 'saman'],
    ['504706', 'shahr'],
    ['207177', 'toseeSaderat'],
    ['636795', 'markazi'],
  ])('a card starting %s is %s', (prefix, bank) => {
    expect(bankOfCard(prefix)).toBe(bank);
    expect(bankOfCard(card(prefix))).toBe(bank);
    expect(bankOfCard(toPersianDigits(`${prefix.slice(0, 4)} ${prefix.slice(4)}`))).toBe(bank);
  });

  it('names no bank before six digits, or for a prefix of no Iranian bank', () => {
    expect(bankOfCard('60379')).toBeNull();
    expect(bankOfCard('411111')).toBeNull();
  });

  it.each([
    ['017', 'melli'],
    ['012', 'mellat'],
    ['019', 'saderat'],
    ['018', 'tejarat'],
    ['015', 'sepah'],
    ['016', 'keshavarzi'],
    ['014', 'maskan'],
    ['013', 'refah'],
    ['057', 'pasargad'],
    ['054', 'parsian'],
    ['056', 'saman'],
    ['055', 'eghtesadNovin'],
    ['062', 'ayandeh'],
    ['061', 'shahr'],
    ['059', 'sina'],
    ['058', 'sarmayeh'],
    ['053', 'karafarin'],
    ['021', 'postBank'],
    ['022', 'toseeTaavon'],
    ['066', 'dey'],
    ['070', 'resalat'],
    ['060', 'mehrIran'],
    ['078', 'khavarmianeh'],
    ['064', 'gardeshgari'],
    ['069', 'iranZamin'],
    ['011', 'sanatMadan'],
    ['020', 'toseeSaderat'],
    ['010', 'markazi'],
  ])('a sheba with bank code %s is %s', (code, bank) => {
    const s = shebaOf(`${code}0000000001234567890`);
    expect(bankOfSheba(s)).toBe(bank);
    expect(bankOfSheba(s.slice(0, 7))).toBe(bank);
    expect(bankOfSheba(s.slice(2).toLowerCase())).toBe(bank);
  });

  it('names no bank before the bank code is complete, or for a code of no bank', () => {
    expect(bankOfSheba('IR8205')).toBeNull();
    expect(bankOfSheba('IR062960000000100324200001')).toBeNull();
  });

  it('cleans what it names', () => {
    expect(cleanCardNumber('۶۰۳۷-۹۹')).toBe('603799');
  });
});

describe('the add request', () => {
  it('is a card or a sheba, cleaned', () => {
    expect(addBankAccountBody.parse({ kind: 'card', cardNumber: '6037 9912 3456 7893' })).toEqual({
      kind: 'card',
      cardNumber: '6037991234567893',
    });
    expect(addBankAccountBody.parse({ kind: 'sheba', sheba: '820540102680020817909002' })).toEqual({
      kind: 'sheba',
      sheba: 'IR820540102680020817909002',
    });
    expect(addBankAccountBody.safeParse({ kind: 'card', sheba: 'IR820540102680020817909002' }).success).toBe(false);
    expect(addBankAccountBody.safeParse({ kind: 'iban', sheba: 'IR820540102680020817909002' }).success).toBe(false);
  });
});
