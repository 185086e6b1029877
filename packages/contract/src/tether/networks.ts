/**
 * The networks tether travels on (issue 18): which chain, which contract is tether there, and what an
 * address of that chain looks like. Pure and shared: the server validates a withdrawal's destination with
 * it and encodes the deposit addresses it derives, the web form checks the address as the user pastes it.
 *
 * - TRON (`TRC20`): an address is base58check of 25 bytes: the version byte 0x41, the account's 20 bytes,
 *   and the first 4 bytes of sha256(sha256(those 21 bytes)); it is 34 characters and starts with `T`.
 * - EVM (`ERC20`, `BEP20`): an address is `0x` and the account's 20 bytes in hex. EIP-55 puts a checksum
 *   in the case of the letters; an address written all in lower or all in upper case carries none and is
 *   accepted as such, a mixed-case one must carry a correct one (a typo in it is then caught).
 *
 * Both chains take the same 20 bytes (the last 20 of keccak-256 of the uncompressed public key), so one
 * key has one address on each, written two ways.
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';

export type ChainFamily = 'tron' | 'evm';

export interface TetherNetwork {
  family: ChainFamily;
  /** The tether (USDT) token contract on this network, as its explorers write it. */
  tetherContract: string;
  /** The token's decimals on this network (BNB Smart Chain's peg uses 18; the portal's unit is 6). */
  tokenDecimals: number;
  /** EVM chain id (EIP-155); none for TRON. */
  chainId: number | null;
}

export const TETHER_NETWORKS = {
  TRC20: { family: 'tron', tetherContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', tokenDecimals: 6, chainId: null },
  ERC20: { family: 'evm', tetherContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', tokenDecimals: 6, chainId: 1 },
  BEP20: {
    family: 'evm',
    tetherContract: '0x55d398326f99059fF775485246999027B3197955',
    tokenDecimals: 18,
    chainId: 56,
  },
} as const satisfies Record<string, TetherNetwork>;

export type TetherNetworkKey = keyof typeof TETHER_NETWORKS;
export const TETHER_NETWORK_KEYS = Object.keys(TETHER_NETWORKS) as [TetherNetworkKey, ...TetherNetworkKey[]];
export const tetherNetworkSchema = z.enum(TETHER_NETWORK_KEYS);

export const chainFamily = (network: TetherNetworkKey): ChainFamily => TETHER_NETWORKS[network].family;

/** The ledger's tether scale (decision 002): six decimals. */
const LEDGER_DECIMALS = 6;

/**
 * A raw value of the network's tether token as ledger minor units, rounded down: on BEP20 (18 decimals)
 * the fraction beyond six decimals stays on chain, the house's dust (decision 040).
 */
export function tetherMinorOfRaw(network: TetherNetworkKey, raw: bigint): bigint {
  const extra = TETHER_NETWORKS[network].tokenDecimals - LEDGER_DECIMALS;
  return extra >= 0 ? raw / 10n ** BigInt(extra) : raw * 10n ** BigInt(-extra);
}

/** Ledger minor units as a raw value of the network's tether token (a withdrawal's send, a test transfer). */
export function rawOfTetherMinor(network: TetherNetworkKey, minor: bigint): bigint {
  const extra = TETHER_NETWORKS[network].tokenDecimals - LEDGER_DECIMALS;
  return extra >= 0 ? minor * 10n ** BigInt(extra) : minor / 10n ** BigInt(-extra);
}

/** The 20 bytes every address is made of. */
export const ADDRESS_BYTES = 20;
/** TRON's version byte in front of the 20 bytes (mainnet; the `T` of every address). */
export const TRON_ADDRESS_PREFIX = 0x41;

const base58check = createBase58check(sha256);

// ---- EVM ------------------------------------------------------------------------------------------

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: the address's hex letters upper-cased where the matching nibble of keccak-256 of the
 * lower-case hex (without `0x`, as ASCII) is 8 or more. Throws on anything that is not `0x` + 40 hex.
 */
export function toChecksumAddress(address: string): string {
  if (!EVM_SHAPE.test(address)) throw new Error('not an EVM address');
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The EIP-55 address of 20 bytes. */
export function evmAddressFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_BYTES) throw new Error(`an address is ${ADDRESS_BYTES} bytes`);
  return toChecksumAddress(`0x${bytesToHex(bytes)}`);
}

function evmAddressIssue(address: string): AddressRule | null {
  if (!EVM_SHAPE.test(address)) return 'addressFormat';
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null;
  return toChecksumAddress(address) === address ? null : 'addressChecksum';
}

// ---- TRON -----------------------------------------------------------------------------------------

/** `T` and 33 more characters of Bitcoin's base58 alphabet (no 0, O, I, l). */
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The TRON address of 20 bytes: base58check(0x41 ‖ bytes). */
export function tronAddressFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_BYTES) throw new Error(`an address is ${ADDRESS_BYTES} bytes`);
  const payload = new Uint8Array(ADDRESS_BYTES + 1);
  payload[0] = TRON_ADDRESS_PREFIX;
  payload.set(bytes, 1);
  return base58check.encode(payload);
}

/** The 20 bytes of a valid TRON address, or null. */
export function tronAddressToBytes(address: string): Uint8Array | null {
  return tronAddressIssue(address) === null ? base58check.decode(address).subarray(1) : null;
}

function tronAddressIssue(address: string): AddressRule | null {
  if (!TRON_SHAPE.test(address)) return 'addressFormat';
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    // The shape is right, so the only way left to fail is the 4 check bytes.
    return 'addressChecksum';
  }
  return payload.length === ADDRESS_BYTES + 1 && payload[0] === TRON_ADDRESS_PREFIX ? null : 'addressFormat';
}

// ---- Either ---------------------------------------------------------------------------------------

/** Rule keys (`validation.<rule>`, translated by the web app): not an address of this network, or a typo. */
export type AddressRule = 'addressFormat' | 'addressChecksum';

/** What is wrong with `address` as an address of `network`, or null when it is one. */
export function addressIssue(network: TetherNetworkKey, address: string): AddressRule | null {
  return chainFamily(network) === 'tron' ? tronAddressIssue(address) : evmAddressIssue(address);
}

export const isValidAddress = (network: TetherNetworkKey, address: string): boolean =>
  addressIssue(network, address) === null;

/**
 * The one way an address is written: EVM addresses with their EIP-55 checksum (so two spellings of one
 * address compare equal), TRON addresses as they are (base58 is case-sensitive). `address` must be valid.
 */
export function canonicalAddress(network: TetherNetworkKey, address: string): string {
  return chainFamily(network) === 'evm' ? toChecksumAddress(address) : address;
}

/** Spaces and the invisible direction marks that copying from right-to-left text adds. */
const INVISIBLE = /[\s\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The address as pasted, with whitespace and direction marks dropped. */
export const cleanAddress = (raw: string): string => raw.replace(INVISIBLE, '');

/**
 * A destination address for `network` as typed: cleaned, then refused with rule `addressFormat` (not an
 * address of this network: another chain's, a truncated paste) or `addressChecksum` (the right shape with
 * a wrong checksum: a typo), or answered in its canonical form.
 */
export function withdrawalAddressSchema(network: TetherNetworkKey) {
  return z
    .string()
    .transform(cleanAddress)
    .transform((address, ctx) => {
      const rule = addressIssue(network, address);
      if (rule) {
        ctx.addIssue({ code: 'custom', message: rule });
        return z.NEVER;
      }
      return canonicalAddress(network, address);
    });
}
