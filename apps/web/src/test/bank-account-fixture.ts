import type { BankAccount } from '@portal/contract/bank/bank-accounts';

/** A `GET /bank-accounts` item: a Bank Melli card with its sheba, unless the test says otherwise. */
export function bankAccountFixture(over: Partial<BankAccount> = {}): BankAccount {
  return {
    id: '6f1c2a34-0d5e-4b7a-9c21-3e8f4a5b6c7d',
    bank: 'melli',
    cardNumberMasked: '603799******7810',
    shebaMasked: 'IR0501****************9012',
    createdAt: '2025-05-01T08:30:00.000Z',
    ...over,
  };
}
