import type {
  AdminTetherDeposit,
  AdminTetherWithdrawal,
  ChainDesk,
  ChainNetworkAdmin,
  ChainReconciliation,
  ChainSettingsValues,
} from '@portal/contract/admin/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/chain';

/** The chain desk's sample data (issue 18): three networks, their settings, a withdrawal, deposits, a report. */

export const CHAIN_USER = {
  id: '44444444-5555-4666-8777-888888888888',
  mobile: '+989121114455',
  firstName: 'مریم',
  lastName: 'احمدی',
};
export const CHAIN_WITHDRAWAL_ID = '6c7d8e9f-0a1b-4c2d-8e3f-405162738495';
export const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
export const TX_HASH = '0x8f1e4a7b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7';

export const CHAIN_SETTINGS: ChainSettingsValues = {
  networks: {
    TRC20: { confirmations: 20, minDeposit: '1', withdrawalFee: '1', minWithdrawal: '10', maxWithdrawal: '10000' },
    ERC20: { confirmations: 12, minDeposit: '10', withdrawalFee: '5', minWithdrawal: '20', maxWithdrawal: '10000' },
    BEP20: { confirmations: 15, minDeposit: '1', withdrawalFee: '0.5', minWithdrawal: '10', maxWithdrawal: '10000' },
  },
  dailyWithdrawalLimit: '20000',
  reviewAbove: '1000',
  secondReviewAbove: '5000',
};

export function chainNetworkFixture(
  network: TetherNetworkKey,
  over: Partial<ChainNetworkAdmin> = {},
): ChainNetworkAdmin {
  return {
    network,
    tetherContract:
      network === 'TRC20' ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    ...CHAIN_SETTINGS.networks[network],
    depositEnabled: true,
    withdrawalEnabled: true,
    depositDisabledReason: null,
    withdrawalDisabledReason: null,
    watcher: {
      lastScannedBlock: '71234567',
      head: '71234570',
      lagBlocks: 3,
      lastScanAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      lastError: null,
      lastErrorAt: null,
    },
    confirmingDeposits: 2,
    pendingWithdrawals: 1,
    ...over,
  };
}

export function chainDeskFixture(over: Partial<ChainDesk> = {}): ChainDesk {
  return {
    networks: [chainNetworkFixture('TRC20'), chainNetworkFixture('ERC20'), chainNetworkFixture('BEP20')],
    settings: { ...CHAIN_SETTINGS, updatedBy: null, updatedAt: '2025-07-01T00:00:00.000Z' },
    sandbox: false,
    custody: 'custody.example.com',
    ...over,
  };
}

export function chainWithdrawalFixture(over: Partial<AdminTetherWithdrawal> = {}): AdminTetherWithdrawal {
  return {
    id: CHAIN_WITHDRAWAL_ID,
    user: CHAIN_USER,
    network: 'TRC20',
    address: TRON_ADDRESS,
    addressLabel: 'کیف پول صرافی',
    addressSaved: true,
    amount: '1500',
    fee: '1',
    total: '1501',
    state: 'Pending',
    rejectReason: null,
    reviewComment: null,
    txHash: null,
    confirmations: null,
    requiredConfirmations: 20,
    approvalsNeeded: 1,
    firstApproval: null,
    reviewer: null,
    reviewedAt: null,
    createdAt: '2025-08-01T09:00:00.000Z',
    updatedAt: '2025-08-01T09:00:00.000Z',
    ...over,
  };
}

export function chainDepositFixture(over: Partial<AdminTetherDeposit> = {}): AdminTetherDeposit {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    user: CHAIN_USER,
    network: 'TRC20',
    txHash: TX_HASH,
    logIndex: 0,
    fromAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    toAddress: TRON_ADDRESS,
    amount: '250',
    otherToken: null,
    status: 'Confirming',
    ignoreReason: null,
    blockNumber: '71234560',
    confirmations: 8,
    requiredConfirmations: 20,
    createdAt: '2025-08-01T09:30:00.000Z',
    creditedAt: null,
    ...over,
  };
}

export function chainReconciliationFixture(over: Partial<ChainReconciliation> = {}): ChainReconciliation {
  return {
    at: '2025-08-01T10:00:00.000Z',
    usersLiability: '12500.5',
    houseExchange: '-2.962686',
    networks: [
      { network: 'TRC20', expectedOnChain: '10000', custodyReported: '10000', difference: '0', inFlight: '0' },
      { network: 'ERC20', expectedOnChain: '2000', custodyReported: '1990', difference: '-10', inFlight: '50' },
      { network: 'BEP20', expectedOnChain: '500.5', custodyReported: '500.5', difference: '0', inFlight: '0' },
    ],
    total: { expectedOnChain: '12500.5', custodyReported: '12490.5', difference: '-10' },
    custodyError: null,
    ...over,
  };
}
