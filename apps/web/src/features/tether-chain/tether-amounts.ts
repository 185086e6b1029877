/**
 * Tether amounts as the ledger keeps them (decision 002): decimal strings of at most six decimals, added and
 * compared as whole micro-tether (`bigint`), never as JS numbers.
 */
export const TETHER_SCALE = 6;
const UNIT = 10n ** BigInt(TETHER_SCALE);

/** A non-negative decimal string in micro-tether; decimals past the sixth are cut. */
export function toMicro(amount: string): bigint {
  const [int = '0', frac = ''] = amount.trim().split('.');
  return BigInt(int || '0') * UNIT + BigInt((frac.slice(0, TETHER_SCALE) || '0').padEnd(TETHER_SCALE, '0'));
}

/** Micro-tether as the shortest decimal string (`12500000n` → `"12.5"`). */
export function fromMicro(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const int = (abs / UNIT).toString();
  const frac = (abs % UNIT).toString().padStart(TETHER_SCALE, '0').replace(/0+$/, '');
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

export const addTether = (a: string, b: string): string => fromMicro(toMicro(a) + toMicro(b));

/** −1, 0 or 1. */
export function compareTether(a: string, b: string): number {
  const x = toMicro(a);
  const y = toMicro(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * What «all» fills: the available balance less the network's fee (the wallet gives amount + fee), and no
 * more than the network's maximum or what is left of today's allowance; null when nothing can go.
 */
export function allAmount({
  available,
  fee,
  max,
  remainingToday,
}: {
  available: string;
  fee: string;
  max: string;
  remainingToday: string | null;
}): string | null {
  let most = toMicro(available) - toMicro(fee);
  const bounds = [toMicro(max), ...(remainingToday === null ? [] : [toMicro(remainingToday)])];
  for (const b of bounds) if (b < most) most = b;
  return most > 0n ? fromMicro(most) : null;
}
