import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  TETHER_NETWORKS,
  TETHER_NETWORK_KEYS,
  addressIssue,
  canonicalAddress,
  evmAddressFromBytes,
  isValidAddress,
  toChecksumAddress,
  tronAddressFromBytes,
  tronAddressToBytes,
  withdrawalAddressSchema,
} from './networks';

/** The same letter in the other case. */
const flipCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
/** `s` with its `i`-th character replaced by `c`. */
const replaceAt = (s: string, i: number, c: string) => `${s.slice(0, i)}${c}${s.slice(i + 1)}`;

/**
 * EIP-55's own test cases (https://eips.ethereum.org/EIPS/eip-55, "Test Cases"): addresses already in
 * their checksummed spelling. For the first four it happens to be all capitals or all lower case.
 */
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
const EIP55_NORMAL = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/**
 * The account of private key 1, whose public key is secp256k1's generator G (SEC 2 §2.4.1): a widely
 * published pair of addresses, 0x7E5F…5Bdf on Ethereum and the same 20 bytes behind 0x41 on TRON. (The
 * bytes are the last 20 of keccak-256 of G; the API's tests derive them from G itself.)
 */
const KEY_ONE_BYTES = '7e5f4552091a69125d5dfcb7b8c2659029395bdf';
const KEY_ONE_EVM = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf';
const KEY_ONE_TRON = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

describe('the networks', () => {
  it('are TRC20 on TRON, ERC20 and BEP20 on EVM chains, each with its tether contract', () => {
    expect(TETHER_NETWORK_KEYS).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(TETHER_NETWORKS.TRC20).toMatchObject({
      family: 'tron',
      tetherContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(TETHER_NETWORKS.ERC20).toMatchObject({
      family: 'evm',
      chainId: 1,
      tetherContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
    expect(TETHER_NETWORKS.BEP20).toMatchObject({
      family: 'evm',
      chainId: 56,
      tetherContract: '0x55d398326f99059fF775485246999027B3197955',
    });
  });

  it('write each tether contract validly for its own network', () => {
    for (const network of TETHER_NETWORK_KEYS) {
      expect(isValidAddress(network, TETHER_NETWORKS[network].tetherContract)).toBe(true);
    }
  });
});

describe('EVM addresses (EIP-55)', () => {
  it("round-trip EIP-55's published examples through toChecksumAddress, and validate them", () => {
    for (const address of [...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER, ...EIP55_NORMAL]) {
      expect(toChecksumAddress(address)).toBe(address);
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isValidAddress('ERC20', address)).toBe(true);
      expect(isValidAddress('BEP20', address)).toBe(true);
    }
  });

  it('refuse a mixed-case address with one letter in the wrong case, as a checksum error', () => {
    for (const address of EIP55_NORMAL) {
      for (let i = 2; i < address.length; i++) {
        if (!/[a-fA-F]/.test(address[i]!)) continue;
        const typo = replaceAt(address, i, flipCase(address[i]!));
        expect(addressIssue('ERC20', typo), typo).toBe('addressChecksum');
      }
    }
  });

  it('accept an address without a checksum (all lower or all upper case)', () => {
    const [address] = EIP55_NORMAL as [string];
    expect(isValidAddress('ERC20', address.toLowerCase())).toBe(true);
    expect(isValidAddress('ERC20', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    expect(canonicalAddress('ERC20', address.toLowerCase())).toBe(address);
  });

  it('refuse anything else as a format error', () => {
    const [address] = EIP55_NORMAL as [string];
    for (const bad of [
      '',
      address.slice(2),
      address.slice(0, -1),
      `${address}0`,
      `0X${address.slice(2)}`,
      replaceAt(address, 5, 'g'),
      KEY_ONE_TRON,
    ]) {
      expect(addressIssue('ERC20', bad), bad).toBe('addressFormat');
    }
    expect(() => toChecksumAddress(KEY_ONE_TRON)).toThrow();
  });

  it('give the address of private key 1 from its 20 bytes', () => {
    expect(evmAddressFromBytes(hexToBytes(KEY_ONE_BYTES))).toBe(KEY_ONE_EVM);
  });
});

describe('TRON addresses (base58check, version 0x41)', () => {
  it('give the address of private key 1 from the same 20 bytes, and back', () => {
    expect(tronAddressFromBytes(hexToBytes(KEY_ONE_BYTES))).toBe(KEY_ONE_TRON);
    expect(bytesToHex(tronAddressToBytes(KEY_ONE_TRON)!)).toBe(KEY_ONE_BYTES);
    expect(isValidAddress('TRC20', KEY_ONE_TRON)).toBe(true);
  });

  it("validate tether's contract, and refuse it with any one character after the T changed, as a checksum error", () => {
    const usdt = TETHER_NETWORKS.TRC20.tetherContract;
    expect(isValidAddress('TRC20', usdt)).toBe(true);
    for (let i = 1; i < usdt.length; i++) {
      const other = usdt[i] === 'z' ? 'y' : 'z';
      expect(addressIssue('TRC20', replaceAt(usdt, i, other)), `position ${i}`).toBe('addressChecksum');
    }
  });

  it('refuse anything else as a format error', () => {
    const usdt = TETHER_NETWORKS.TRC20.tetherContract;
    for (const bad of [
      '',
      usdt.toLowerCase(),
      usdt.slice(0, -1),
      `${usdt}1`,
      replaceAt(usdt, 0, 'A'),
      replaceAt(usdt, 5, '0'),
      replaceAt(usdt, 5, 'l'),
      KEY_ONE_EVM,
      // Bitcoin's genesis address: base58check of 25 bytes too, but version 0x00.
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    ]) {
      expect(addressIssue('TRC20', bad), bad).toBe('addressFormat');
    }
    expect(tronAddressToBytes(KEY_ONE_EVM)).toBeNull();
  });

  it('refuse a correct base58check with another version byte, even where it starts with T', () => {
    const payload = hexToBytes(`42${KEY_ONE_BYTES}`);
    const other = createBase58check(sha256).encode(payload);
    expect(other).toMatch(/^T.{33}$/);
    expect(addressIssue('TRC20', other)).toBe('addressFormat');
    expect(tronAddressToBytes(other)).toBeNull();
  });
});

describe('withdrawalAddressSchema', () => {
  it('answers the canonical address, dropping the spaces and direction marks of a paste', () => {
    expect(withdrawalAddressSchema('TRC20').parse(`\u200f ${KEY_ONE_TRON}\n`)).toBe(KEY_ONE_TRON);
    expect(withdrawalAddressSchema('ERC20').parse(` ${KEY_ONE_EVM.toLowerCase()}\u200e`)).toBe(KEY_ONE_EVM);
    expect(withdrawalAddressSchema('BEP20').parse(KEY_ONE_EVM)).toBe(KEY_ONE_EVM);
  });

  it('refuses with the rule keys addressFormat and addressChecksum', () => {
    const rules = (network: 'TRC20' | 'ERC20', value: string) => {
      const r = withdrawalAddressSchema(network).safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(rules('TRC20', KEY_ONE_EVM)).toEqual(['addressFormat']);
    expect(rules('ERC20', KEY_ONE_TRON)).toEqual(['addressFormat']);
    expect(rules('ERC20', replaceAt(KEY_ONE_EVM, 3, 'e'))).toEqual(['addressChecksum']);
    expect(rules('TRC20', replaceAt(KEY_ONE_TRON, 10, 'z'))).toEqual(['addressChecksum']);
  });
});
