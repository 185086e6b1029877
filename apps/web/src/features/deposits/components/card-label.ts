/**
 * Text kept left to right inside right-to-left text (a masked card, an account number, a sheba): wrapped
 * in the Unicode isolates LRI…PDI, so its digits and stars keep their order in a Persian sentence.
 */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** A masked card grouped like the card: `603799******1234` → `6037 99** **** 1234`. */
export function groupedCard(masked: string): string {
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
