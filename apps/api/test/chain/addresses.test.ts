import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from '@portal/contract/tether/networks';
import {
  DepositAddresses,
  MAX_ADDRESS_INDEX,
  addressOfPublicKey,
  depositAddress,
  parseAccountXpub,
} from '../../src/modules/chain/addresses';

/**
 * BIP-32 test vector 1 (https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki#test-vector-1),
 * seed 000102030405060708090a0b0c0d0e0f: the published extended public keys of a chain and of its
 * non-hardened children, so the derivation from the xpub alone (CKDpub) is checked step by step.
 */
const BIP32_V1 = {
  root: 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  'm/0H/1/2H':
    'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
  'm/0H/1/2H/2':
    'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  'm/0H/1/2H/2/1000000000':
    'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
  'm/0H/1/2H (private)':
    'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM',
};

/**
 * secp256k1's generator G, uncompressed (SEC 2 v2 §2.4.1): the public key of private key 1. Its account's
 * addresses are a widely published pair: 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf on Ethereum, and the
 * same 20 bytes behind 0x41, TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC, on TRON.
 */
const G_UNCOMPRESSED =
  '04' +
  '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' +
  '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
const G_COMPRESSED = '02' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

/**
 * The BIP-39 test mnemonic "abandon ×11 about" without a passphrase, and the first receiving address of
 * its standard wallets, m/44'/60'/0'/0/0 and m/44'/195'/0'/0/0, as BIP-39 wallets and Ian Coleman's
 * BIP-39 tool (https://iancoleman.io/bip39/) show them. This pins the path convention of addresses.ts:
 * the account xpub, then 0, then the index.
 */
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ABANDON_EVM_0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ABANDON_TRON_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** BIP-39: the seed is PBKDF2-HMAC-SHA512(mnemonic, "mnemonic" + passphrase, 2048 rounds, 64 bytes). */
const seedOf = (mnemonic: string) => pbkdf2Sync(mnemonic, 'mnemonic', 2048, 64, 'sha512');
const accountXpub = (seed: Uint8Array, path: string) => HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;

describe('BIP-32 public derivation (test vector 1)', () => {
  it('derives m/0H/1/2H/2 and m/0H/1/2H/2/1000000000 from the xpub of m/0H/1/2H alone', () => {
    const account = parseAccountXpub(BIP32_V1['m/0H/1/2H']);
    expect(account.privateKey).toBeNull();
    const chain = account.deriveChild(2);
    expect(chain.publicExtendedKey).toBe(BIP32_V1['m/0H/1/2H/2']);
    expect(chain.deriveChild(1_000_000_000).publicExtendedKey).toBe(BIP32_V1['m/0H/1/2H/2/1000000000']);
  });

  it('refuses a private key, and a key at another depth than an account', () => {
    expect(() => parseAccountXpub(BIP32_V1['m/0H/1/2H (private)'])).toThrow(/private key/);
    expect(() => parseAccountXpub(BIP32_V1.root)).toThrow(/account-level/);
    // depth 4: a chain-level key, one step too far (its addresses are not the custody side's).
    expect(() => parseAccountXpub(BIP32_V1['m/0H/1/2H/2'])).toThrow(/account-level/);
    expect(() => parseAccountXpub('xpub-not-a-key')).toThrow(/not an extended public key/);
  });
});

describe('the address of a public key', () => {
  it('is 0x7E5F…5Bdf on an EVM chain and TMVQ…K2HC on TRON for G, from its uncompressed or compressed form', () => {
    for (const key of [G_UNCOMPRESSED, G_COMPRESSED]) {
      expect(addressOfPublicKey('evm', hexToBytes(key))).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
      expect(addressOfPublicKey('tron', hexToBytes(key))).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    }
  });
});

describe('deposit addresses', () => {
  const seed = seedOf(ABANDON);
  const evmXpub = accountXpub(seed, "m/44'/60'/0'");
  const tronXpub = accountXpub(seed, "m/44'/195'/0'");

  it('are the first receiving addresses of a BIP-44 wallet: account xpub / 0 / index', () => {
    expect(depositAddress('ERC20', evmXpub, 0)).toBe(ABANDON_EVM_0);
    expect(depositAddress('BEP20', evmXpub, 0)).toBe(ABANDON_EVM_0);
    expect(depositAddress('TRC20', tronXpub, 0)).toBe(ABANDON_TRON_0);
  });

  it("are what the private side derives for m/44'/coin'/0'/0/index", () => {
    const root = HDKey.fromMasterSeed(seed);
    const evm = new DepositAddresses('evm', evmXpub);
    const tron = new DepositAddresses('tron', tronXpub);
    for (const index of [1, 7, 1000, MAX_ADDRESS_INDEX]) {
      const evmKey = root.derive(`m/44'/60'/0'/0/${index}`).publicKey!;
      const tronKey = root.derive(`m/44'/195'/0'/0/${index}`).publicKey!;
      expect(evm.publicKey(index)).toEqual(evmKey);
      expect(tron.publicKey(index)).toEqual(tronKey);
      expect(evm.address(index)).toBe(addressOfPublicKey('evm', evmKey));
      expect(tron.address(index)).toBe(addressOfPublicKey('tron', tronKey));
    }
  });

  it('are valid addresses of their network, distinct per index', () => {
    const evm = new DepositAddresses('evm', evmXpub);
    const tron = new DepositAddresses('tron', tronXpub);
    const evmAddresses = new Set<string>();
    const tronAddresses = new Set<string>();
    for (let index = 0; index < 50; index++) {
      const e = evm.address(index);
      const t = tron.address(index);
      expect(isValidAddress('ERC20', e) && isValidAddress('BEP20', e)).toBe(true);
      expect(isValidAddress('TRC20', t)).toBe(true);
      evmAddresses.add(e);
      tronAddresses.add(t);
    }
    expect(evmAddresses.size).toBe(50);
    expect(tronAddresses.size).toBe(50);
  });

  it('refuse an index that is negative, fractional or hardened', () => {
    const evm = new DepositAddresses('evm', evmXpub);
    for (const index of [-1, 1.5, MAX_ADDRESS_INDEX + 1, Number.NaN]) {
      expect(() => evm.address(index), String(index)).toThrow(RangeError);
    }
  });
});
