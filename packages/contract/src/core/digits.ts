const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

/** Turns Persian (۰-۹) and Arabic-Indic (٠-٩) digits into Latin digits; everything else is kept. */
export function normalizeDigits(input: string): string {
  let out = '';
  for (const ch of input) {
    const p = PERSIAN.indexOf(ch);
    if (p >= 0) {
      out += String(p);
      continue;
    }
    const a = ARABIC_INDIC.indexOf(ch);
    out += a >= 0 ? String(a) : ch;
  }
  return out;
}

/** Latin digits in a string to Persian digits, for display. */
export function toPersianDigits(input: string): string {
  return input.replace(/[0-9]/g, (d) => PERSIAN[Number(d)]!);
}
