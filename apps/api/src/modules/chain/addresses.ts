/**
 * Deposit addresses (issue 18): one per user and network, derived from an extended public key in the
 * configuration. The server holds no private key: it can compute addresses but never spend from them;
 * the custody side, which holds the account's private key, derives the same keys to move the funds.
 *
 * The derivation path convention (BIP-44):
 *
 *   configured xpub = the account-level key   m/44'/195'/0'  (TRON, SLIP-44 coin type 195)
 *                                             m/44'/60'/0'   (EVM: ERC20 and BEP20 share it, so a user's
 *                                                             address is the same on both chains)
 *   deposit key     = account / 0 / index      (external chain 0, both steps non-hardened, so they can be
 *                                               taken from the public key alone)
 *   index           = the user's address index (0 ≤ index < 2^31), allocated once per user and family
 *
 * The address is the last 20 bytes of keccak-256 of the deposit key's uncompressed public key without
 * its 0x04 prefix: written `0x…` with the EIP-55 checksum on an EVM chain, and base58check(0x41 ‖ bytes)
 * on TRON (`packages/contract/src/tether/networks.ts`).
 *
 * An extended key is refused unless it is public (an `xprv` has no business on the server) and at the
 * account's depth (3, a hardened last step): a root or a chain-level key would yield addresses the
 * custody side does not look at.
 */
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  chainFamily,
  evmAddressFromBytes,
  tronAddressFromBytes,
  type ChainFamily,
  type TetherNetworkKey,
} from '@portal/contract/tether/networks';

/** The external (receiving) chain of BIP-44. */
export const EXTERNAL_CHAIN = 0;
/** The depth of m/44'/coin'/account'. */
export const ACCOUNT_DEPTH = 3;
/** Indexes from 2^31 up are hardened: they cannot be derived from a public key. */
export const MAX_ADDRESS_INDEX = 0x7fff_ffff;
const HARDENED_OFFSET = 0x8000_0000;

/** The configured account key, checked: public, at the account's depth. Throws with what is wrong. */
export function parseAccountXpub(xpub: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub.trim());
  } catch (error) {
    throw new Error(`the deposit key is not an extended public key (${(error as Error).message})`);
  }
  if (key.privateKey) {
    throw new Error('the deposit key is a private key; configure its xpub: no private key on the server');
  }
  if (key.depth !== ACCOUNT_DEPTH || key.index < HARDENED_OFFSET) {
    throw new Error(`the deposit key must be an account-level key (m/44'/coin'/account', depth ${ACCOUNT_DEPTH})`);
  }
  return key;
}

/** The 20 bytes of an account: the last 20 of keccak-256 of the uncompressed public key without 0x04. */
export function accountBytesOfPublicKey(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** The address of a public key (compressed or not) on a chain family. */
export function addressOfPublicKey(family: ChainFamily, publicKey: Uint8Array): string {
  const bytes = accountBytesOfPublicKey(publicKey);
  return family === 'tron' ? tronAddressFromBytes(bytes) : evmAddressFromBytes(bytes);
}

function checkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) {
    throw new RangeError(`an address index is an integer from 0 to ${MAX_ADDRESS_INDEX}`);
  }
}

/**
 * The deposit addresses of one chain family from its configured account xpub. Parses the key and takes
 * the external chain's key once; each address is then one public child derivation.
 */
export class DepositAddresses {
  readonly family: ChainFamily;
  private readonly chain: HDKey;

  constructor(family: ChainFamily, accountXpub: string) {
    this.family = family;
    this.chain = parseAccountXpub(accountXpub).deriveChild(EXTERNAL_CHAIN);
  }

  /** The public key of m/…/0/index. */
  publicKey(index: number): Uint8Array {
    checkIndex(index);
    const key = this.chain.deriveChild(index).publicKey;
    if (!key) throw new Error('derivation gave no public key');
    return key;
  }

  address(index: number): string {
    return addressOfPublicKey(this.family, this.publicKey(index));
  }
}

/** The deposit address of (network, index) from the account xpub of the network's chain family. */
export function depositAddress(network: TetherNetworkKey, accountXpub: string, index: number): string {
  return new DepositAddresses(chainFamily(network), accountXpub).address(index);
}
