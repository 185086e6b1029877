import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_SYMBOLS,
  e164Schema,
  isStrongPassword,
  isValidNationalCode,
  mobileInputSchema,
  nationalCodeSchema,
  otpCodeSchema,
} from './validation';

/** The official check digit, written independently of the code under test. */
function checkDigit(nine: string): number {
  const weights = [10, 9, 8, 7, 6, 5, 4, 3, 2];
  const r = weights.reduce((acc, w, i) => acc + w * Number(nine[i]), 0) % 11;
  return r < 2 ? r : 11 - r;
}

describe('isValidNationalCode', () => {
  it.each([
    ['1234567891', 'remainder 1 → check digit 1'],
    ['0100000010', 'remainder 0 → check digit 0'],
    ['0000000019', 'remainder 2 → check digit 9'],
    ['0067749828', 'remainder 3 → check digit 8'],
    ['۱۲۳۴۵۶۷۸۹۱', 'Persian digits'],
    ['١٢٣٤٥٦٧٨٩١', 'Arabic-Indic digits'],
  ])('accepts %s (%s)', (code) => {
    expect(isValidNationalCode(code)).toBe(true);
  });

  it.each([
    ['1234567890', 'wrong check digit'],
    ['0100000011', 'wrong check digit'],
    ['0067749827', 'wrong check digit'],
    ['1111111111', 'one repeated digit (its checksum happens to match)'],
    ['0000000000', 'all zeros'],
    ['1230000003', 'serial 000000 (its check digit matches)'],
    ['0010000003', 'serial 000000 (its check digit matches)'],
    ['۴۵۶۰۰۰۰۰۰۱', 'serial 000000 in Persian digits (its check digit matches)'],
    ['123456789', 'nine digits'],
    ['12345678910', 'eleven digits'],
    ['123456789a', 'a letter'],
    ['123 456 7891', 'spaces'],
    ['', 'empty'],
  ])('refuses %j (%s)', (code) => {
    expect(isValidNationalCode(code)).toBe(false);
  });

  it('accepts exactly one check digit for every nine-digit prefix, none when the serial is 000000', () => {
    const nines = fc.oneof(
      fc.stringMatching(/^\d{9}$/),
      // The serial 000000 after any place code: rare among random prefixes, so drawn on purpose.
      fc.stringMatching(/^\d{3}$/).map((place) => `${place}000000`),
    );
    fc.assert(
      fc.property(nines, (nine) => {
        const valid = [...'0123456789'].filter((d) => isValidNationalCode(nine + d));
        const expected = String(checkDigit(nine));
        if (nine.slice(3) === '000000') expect(valid).toEqual([]);
        else if (/^(\d)\1{8}$/.test(nine) && expected === nine[0]) expect(valid).toEqual([]);
        else expect(valid).toEqual([expected]);
      }),
    );
  });

  it('refuses a code whose serial is 000000 in every place, and the schema answers rule nationalCode', () => {
    for (let place = 0; place < 1000; place++) {
      const nine = `${String(place).padStart(3, '0')}000000`;
      expect(isValidNationalCode(nine + String(checkDigit(nine))), nine).toBe(false);
    }
    expect(nationalCodeSchema.safeParse('1230000003').error?.issues[0]?.message).toBe('nationalCode');
    expect(nationalCodeSchema.parse('۱۲۳۰۰۰۰۰۱۱')).toBe('1230000011');
  });
});

describe('isStrongPassword', () => {
  it('needs 8 characters with a lower case letter, an upper case letter, a digit and a symbol', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Zz9~Zz9~Zz9~')).toBe(true);
  });

  it.each([
    ['Abcde1!', 'seven characters'],
    ['abcdef1!', 'no upper case letter'],
    ['ABCDEF1!', 'no lower case letter'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no symbol'],
    ['Abcdef1 ', 'a space is not a symbol'],
    ['Abcdef۱!', 'a Persian digit is not a digit here'],
    ['', 'empty'],
  ])('refuses %j (%s)', (p) => {
    expect(isStrongPassword(p)).toBe(false);
  });

  it.each([...PASSWORD_SYMBOLS])('counts %j as a symbol', (symbol) => {
    expect(isStrongPassword(`Abcdef1${symbol}`)).toBe(true);
  });
});

describe('otpCodeSchema', () => {
  it.each([
    ['123456', '123456'],
    ['۱۲۳۴۵۶', '123456'],
    ['١٢٣٤٥٦', '123456'],
    [' 012345 ', '012345'],
  ])('accepts %j as %s', (input, code) => {
    expect(otpCodeSchema.parse(input)).toBe(code);
  });

  it.each(['12345', '1234567', '12a456', '', '12 456'])('refuses %j with rule otpFormat', (input) => {
    const r = otpCodeSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('otpFormat');
  });
});

describe('mobileInputSchema', () => {
  it('normalises what the user typed to E.164', () => {
    expect(mobileInputSchema().parse('۰۹۱۲ ۱۲۳ ۴۵۶۷')).toBe('+989121234567');
  });

  it('refuses a landline with rule mobile', () => {
    const r = mobileInputSchema().safeParse('02112345678');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('mobile');
  });

  it('reads the country at parse time', () => {
    let country = 'IR';
    const schema = mobileInputSchema(() => country);
    expect(schema.safeParse('07911123456').success).toBe(false);
    country = 'GB';
    expect(schema.parse('07911123456')).toBe('+447911123456');
  });
});

describe('e164Schema', () => {
  it('accepts E.164 and refuses the local form', () => {
    expect(e164Schema.safeParse('+989121234567').success).toBe(true);
    expect(e164Schema.safeParse('09121234567').success).toBe(false);
  });
});
