import { describe, expect, it } from 'vitest';
import { formatMobileLocal, normalizeMobile } from './mobile';

describe('normalizeMobile (Iran by default)', () => {
  it.each([
    ['09121234567', 'local form with 0'],
    ['9121234567', 'without the leading 0'],
    ['+989121234567', 'E.164'],
    ['989121234567', 'country code without +'],
    ['00989121234567', '00 international prefix'],
    ['۰۹۱۲۱۲۳۴۵۶۷', 'Persian digits'],
    ['٠٩١٢١٢٣٤٥٦٧', 'Arabic-Indic digits'],
    ['۰۹۱۲ 123 ٤٥٦٧', 'mixed digits and spaces'],
    ['0912 123 4567', 'spaces'],
    ['0912-123-4567', 'dashes'],
    ['+98 912 123 4567', 'E.164 with spaces'],
    ['0098 (912) 123-4567', '00, brackets and dashes'],
    [' 09121234567 ', 'surrounding spaces'],
    ['0912\u200c123\u200c4567', 'zero-width non-joiners'],
  ])('accepts %j (%s)', (raw) => {
    expect(normalizeMobile(raw)).toBe('+989121234567');
  });

  it.each([
    ['09901234567', '+989901234567'],
    ['09301234567', '+989301234567'],
    ['09191234567', '+989191234567'],
  ])('keeps the operator prefix: %s → %s', (raw, e164) => {
    expect(normalizeMobile(raw)).toBe(e164);
  });

  it.each([
    ['02112345678', 'Tehran landline'],
    ['+982112345678', 'landline in E.164'],
    ['08131234567', 'landline starting 08'],
    ['0812345678', 'short 08 number'],
    ['0912123456', 'one digit short'],
    ['091212345678', 'one digit long'],
    ['0912abc4567', 'letters'],
    ['abcdefghijk', 'only letters'],
    ['', 'empty'],
    ['   ', 'only spaces'],
    ['+', 'a bare plus'],
    ['12345', 'too short to be anything'],
    ['09121234567890123', 'too long to be anything'],
  ])('refuses %j (%s)', (raw) => {
    expect(normalizeMobile(raw)).toBeNull();
  });

  // The mobile ranges of libphonenumber's metadata for Iran (operators' allocations), prefix by prefix.
  const allocated = [
    ...['0900', '0901', '0902', '0903', '0904', '0905'],
    ...['0910', '0911', '0912', '0913', '0914', '0915', '0916', '0917', '0918', '0919'],
    ...['0920', '0921', '0922', '0923'],
    ...['0930', '0931', '0932', '0933', '0934', '0935', '0936', '0937', '0938', '0939'],
    ...['0990', '0991', '0992', '0993', '0994', '0996', '0999'],
  ];
  it.each(allocated)('accepts the allocated prefix %s', (prefix) => {
    for (const rest of ['0000000', '1234567', '9999999']) {
      expect(normalizeMobile(`${prefix}${rest}`), `${prefix}${rest}`).toBe(`+98${prefix.slice(1)}${rest}`);
    }
  });

  const unallocated = [
    ...['0906', '0907', '0908', '0909'],
    ...['0924', '0925', '0926', '0927', '0928', '0929'],
    ...Array.from({ length: 50 }, (_, i) => `09${40 + i}`),
    '0997',
  ];
  it.each(unallocated)('refuses the prefix %s, which no operator uses', (prefix) => {
    for (const rest of ['0000000', '1234567', '9999999']) {
      expect(normalizeMobile(`${prefix}${rest}`), `${prefix}${rest}`).toBeNull();
      expect(normalizeMobile(`+98${prefix.slice(1)}${rest}`), `+98${prefix.slice(1)}${rest}`).toBeNull();
    }
  });

  it('refuses a 09 number outside every allocated range, in every form', () => {
    for (const raw of ['09401234567', '+989501234567', '۰۹۸۰۱۲۳۴۵۶۷', '0098 960 123 4567', '9271234567']) {
      expect(normalizeMobile(raw), raw).toBeNull();
    }
  });

  it('refuses a foreign number that is not a mobile one', () => {
    expect(normalizeMobile('+44 20 7946 0000')).toBeNull();
    expect(normalizeMobile('+33 1 23 45 67 89')).toBeNull();
    expect(normalizeMobile('+33 6 12 34 56 78')).toBe('+33612345678');
  });

  it('accepts a foreign mobile number in E.164', () => {
    expect(normalizeMobile('+44 7911 123456')).toBe('+447911123456');
    expect(normalizeMobile('00447911123456')).toBe('+447911123456');
  });

  it('reads 00 as the international prefix whatever the country', () => {
    // The US dials 011 abroad; a number typed with 00 is still international.
    expect(normalizeMobile('0044 7911 123456', 'US')).toBe('+447911123456');
    expect(normalizeMobile('0098 912 123 4567', 'US')).toBe('+989121234567');
  });

  it('reads a national number in the given country', () => {
    expect(normalizeMobile('07911 123456', 'GB')).toBe('+447911123456');
    // An Iranian local form is not a British number.
    expect(normalizeMobile('09121234567', 'GB')).toBeNull();
  });
});

describe('formatMobileLocal', () => {
  it('writes Iranian numbers in the local 09… form', () => {
    expect(formatMobileLocal('+989121234567')).toBe('09121234567');
  });
  it('keeps other numbers international', () => {
    expect(formatMobileLocal('+447911123456')).toBe('+447911123456');
  });
  it('inverts normalizeMobile for Iranian numbers', () => {
    expect(normalizeMobile(formatMobileLocal('+989351234567'))).toBe('+989351234567');
  });
});
