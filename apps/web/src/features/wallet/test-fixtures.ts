import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import type { Currency } from '@portal/contract/core/money';
import type { Transaction, Wallet } from '@portal/contract/wallet/wallets';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';

/** Wallet ids of the fixtures: valid UUIDs, as the contract's params require. */
export const WALLET_IDS: Record<Currency, string> = {
  IRR: '00000000-0000-4000-8000-000000000001',
  IRT: '00000000-0000-4000-8000-000000000002',
  USD: '00000000-0000-4000-8000-000000000003',
  USDT: '00000000-0000-4000-8000-000000000004',
};

export function walletsFixture(over: Partial<Record<Currency, Partial<Wallet>>> = {}): { items: Wallet[] } {
  return {
    items: (['IRR', 'IRT', 'USD', 'USDT'] as const).map((currency) => ({
      walletId: WALLET_IDS[currency],
      currency,
      available: '0',
      held: '0',
      total: '0',
      ...over[currency],
    })),
  };
}

let seq = 0;
export function transactionFixture(over: Partial<Transaction> = {}): Transaction {
  seq += 1;
  return {
    id: String(1000 + seq),
    walletId: WALLET_IDS.IRT,
    currency: 'IRT',
    type: 'Deposit',
    refType: 'Payment',
    refId: `r${seq}`,
    amount: '250000',
    balanceAfter: '250000',
    createdAt: '2025-03-10T08:30:00.000Z',
    ...over,
  };
}

export function bankAccountFixture(over: Partial<BankAccount> = {}): BankAccount {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    bank: 'melli',
    cardNumberMasked: '603799******1234',
    shebaMasked: 'IR0601****************1234',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export function withdrawalFixture(over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    currency: 'IRT',
    amount: '120000',
    status: 'Pending',
    bankAccountId: bankAccountFixture().id,
    shebaMasked: 'IR06…1234',
    rejectReason: null,
    payoutAt: null,
    createdAt: '2025-03-10T08:30:00.000Z',
    updatedAt: '2025-03-10T08:30:00.000Z',
    ...over,
  };
}
