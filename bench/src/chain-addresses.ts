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
  count: number;
  /** Addresses per second. */
  tronPerSecond: number;
  evmPerSecond: number;
  /** Public child keys per second (the reference). */
  referencePerSecond: number;
}

/** A fixed bench seed (32 bytes of 0x42): its keys guard nothing. */
const SEED = new Uint8Array(32).fill(0x42);

function rate(count: number, fn: (i: number) => unknown): number {
  // Warm the JIT on other indexes, then time `count` fresh ones.
  for (let i = 0; i < 50; i++) fn(1_000_000 + i);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) fn(i);
  return count / ((performance.now() - t0) / 1000);
}

export function measureDerivation(count = 2_000): DerivationResult {
  const root = HDKey.fromMasterSeed(SEED);
  const tronXpub = root.derive("m/44'/195'/0'").publicExtendedKey;
  const evmXpub = root.derive("m/44'/60'/0'").publicExtendedKey;
  const tron = new DepositAddresses('tron', tronXpub);
  const evm = new DepositAddresses('evm', evmXpub);
  const chain = HDKey.fromExtendedKey(evmXpub).deriveChild(0);
  const referencePerSecond = rate(count, (i) => chain.deriveChild(i).publicKey);
  const tronPerSecond = rate(count, (i) => tron.address(i));
  const evmPerSecond = rate(count, (i) => evm.address(i));
  return { count, tronPerSecond, evmPerSecond, referencePerSecond };
}
