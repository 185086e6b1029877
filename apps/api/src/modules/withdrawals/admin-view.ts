import type { AdminWithdrawal } from '@portal/contract/admin/money';
import type { WithdrawalRow } from './withdrawals.repository';
import { toWithdrawalView } from './withdrawals.service';

/** What an operator sees of a withdrawal: the user's view, the server's status, the full sheba and who asked. */
export function toAdminWithdrawal(
  w: WithdrawalRow,
  owner: { mobile: string; firstName: string | null; lastName: string | null },
): AdminWithdrawal {
  return {
    ...toWithdrawalView(w),
    state: w.status,
    sheba: w.sheba,
    user: { id: w.userId, mobile: owner.mobile, firstName: owner.firstName, lastName: owner.lastName },
  };
}
