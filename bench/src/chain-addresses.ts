/**
 * Issue 18: deposit addresses derived per second, against the derivation alone in the same run.
 *
 * Portal: `DepositAddresses.address(index)` (apps/api/src/modules/chain/addresses.ts) for TRON and for EVM,
 * as the deposit address route computes a user's first address: a BIP-32 public child of the account
 * xpub's external chain, the uncompressed point, keccak-256, then base58check (TRON) or EIP-55 (EVM).
 * Reference: `@scure/bip32`'s `deriveChild(index).publicKey` on the same chain key: the elliptic-curve work
 * every address needs and nothing else. What the portal adds on top is the address's encoding.
 */
import { HDKey } from '@scure/bip32';
import { DepositAddresses } from '../../apps/api/src/modules/chain/addresses';

export interface DerivationResult {
  /** Derivations per kind and round. */
  count: number;
  rounds: number;
  /** Addresses per second (the median of the rounds). */
  tronPerSecond: number;
  evmPerSecond: number;
  /** Public child keys per second (the reference; the median of the rounds). */
  referencePerSecond: number;
}

/** A fixed bench seed (32 bytes of 0x42): its keys guard nothing. */
const SEED = new Uint8Array(32).fill(0x42);

function rate(count: number, offset: number, fn: (i: number) => unknown): number {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) fn(offset + i);
  return count / ((performance.now() - t0) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `rounds` rounds of `count` fresh indexes per kind, the three kinds in a rotated order each round (what
 * runs first or after a collection does not always favour the same one); the median round of each. The
 * JIT is warmed first on other indexes.
 */
export function measureDerivation(count = 1_000, rounds = 3): DerivationResult {
  const root = HDKey.fromMasterSeed(SEED);
  const tronXpub = root.derive("m/44'/195'/0'").publicExtendedKey;
  const evmXpub = root.derive("m/44'/60'/0'").publicExtendedKey;
  const tron = new DepositAddresses('tron', tronXpub);
  const evm = new DepositAddresses('evm', evmXpub);
  const chain = HDKey.fromExtendedKey(evmXpub).deriveChild(0);
  const kinds: [string, (i: number) => unknown][] = [
    ['reference', (i) => chain.deriveChild(i).publicKey],
    ['tron', (i) => tron.address(i)],
    ['evm', (i) => evm.address(i)],
  ];
  for (const [, fn] of kinds) rate(100, 1_000_000, fn);
  const rates = new Map<string, number[]>(kinds.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < kinds.length; k++) {
      const [name, fn] = kinds[(k + r) % kinds.length]!;
      rates.get(name)!.push(rate(count, r * count, fn));
    }
  }
  return {
    count,
    rounds,
    tronPerSecond: median(rates.get('tron')!),
    evmPerSecond: median(rates.get('evm')!),
    referencePerSecond: median(rates.get('reference')!),
  };
}
