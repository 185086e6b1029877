import type {
  AddressBookEntry,
  TetherDeposit,
  TetherNetworkView,
  TetherWithdrawal,
} from '@portal/contract/tether/chain';
import { tronAddressFromBytes } from '@portal/contract/tether/networks';

/** Valid addresses of each family (the tether contracts: published, with their EIP-55 checksums). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The same shape with its last character changed: the base58check bytes do not match. */
export const TRON_BAD_CHECKSUM = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';
/** Another valid TRON address (20 bytes of 7). */
export const OTHER_TRON_ADDRESS = tronAddressFromBytes(new Uint8Array(20).fill(7));
export const EVM_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
/** Mixed case with one letter's case changed: EIP-55 refuses it. */
export const EVM_BAD_CHECKSUM = '0xDAC17F958D2ee523a2206206994597C13D831ec7';

export const TX_HASH_EVM = '0x9f3c1a7be0d24c55a1e6f0b8c3d2e1f00112233445566778899aabbccdd4be21d';
export const TX_HASH_TRON = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

export function networkFixture(
  over: Partial<TetherNetworkView> & Pick<TetherNetworkView, 'network'>,
): TetherNetworkView {
  return {
    depositEnabled: true,
    withdrawalEnabled: true,
    depositDisabledReason: null,
    withdrawalDisabledReason: null,
    confirmations: 20,
    minDeposit: '1',
    withdrawalFee: '1',
    minWithdrawal: '5',
    maxWithdrawal: '10000',
    sandbox: false,
    ...over,
  };
}

/** TRC20 and ERC20 open both ways; BEP20 closed for deposits (maintenance) and for withdrawals (congestion). */
export const NETWORKS: TetherNetworkView[] = [
  networkFixture({ network: 'TRC20', confirmations: 20, withdrawalFee: '1' }),
  networkFixture({ network: 'ERC20', confirmations: 12, withdrawalFee: '4.5', minWithdrawal: '10' }),
  networkFixture({
    network: 'BEP20',
    depositEnabled: false,
    depositDisabledReason: 'maintenance',
    withdrawalEnabled: false,
    withdrawalDisabledReason: 'congestion',
    confirmations: 15,
  }),
];

let seq = 0;
const uuid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function depositFixture(over: Partial<TetherDeposit> = {}): TetherDeposit {
  seq += 1;
  return {
    id: uuid(seq),
    network: 'TRC20',
    txHash: TX_HASH_TRON,
    logIndex: 0,
    fromAddress: OTHER_TRON_ADDRESS,
    toAddress: TRON_ADDRESS,
    amount: '25.5',
    otherToken: null,
    status: 'Confirming',
    userStatus: 'InProgress',
    ignoreReason: null,
    blockNumber: '1000',
    confirmations: 3,
    requiredConfirmations: 20,
    createdAt: '2025-03-10T08:30:00.000Z',
    creditedAt: null,
    updatedAt: '2025-03-10T08:30:00.000Z',
    ...over,
  };
}

export function withdrawalFixture(over: Partial<TetherWithdrawal> = {}): TetherWithdrawal {
  seq += 1;
  return {
    id: uuid(100 + seq),
    network: 'TRC20',
    address: TRON_ADDRESS,
    addressLabel: null,
    amount: '50',
    fee: '1',
    total: '51',
    state: 'Pending',
    status: 'Pending',
    rejectReason: null,
    txHash: null,
    confirmations: null,
    requiredConfirmations: 20,
    canCancel: true,
    createdAt: '2025-03-10T08:30:00.000Z',
    updatedAt: '2025-03-10T08:30:00.000Z',
    ...over,
  };
}

export function bookEntryFixture(over: Partial<AddressBookEntry> = {}): AddressBookEntry {
  seq += 1;
  return {
    id: uuid(200 + seq),
    network: 'TRC20',
    address: TRON_ADDRESS,
    label: 'کیف سخت‌افزاری',
    createdAt: '2025-01-01T00:00:00.000Z',
    usableAt: '2025-01-02T00:00:00.000Z',
    ...over,
  };
}

export const page = <T>(items: T[], total = items.length, p = 1) => ({ items, total, page: p, pageSize: 10 });
