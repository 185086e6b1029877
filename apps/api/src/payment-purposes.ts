/**
 * Every purpose of a gateway payment, by name (decision 031): the reconciliation job settles each payment
 * with its own. Put together here, outside the modules, so that payments imports none of the modules that
 * own a purpose (they import payments). A purpose named in `PAYMENT_PURPOSES` and missing here does not
 * compile.
 */
import { walletDepositPurpose } from './modules/deposits/deposits.service';
import { fundPurchasePurpose } from './modules/fund-orders/purchases.service';
import type { PaymentPurposes } from './modules/payments/purposes';

export const PAYMENT_PURPOSES_BY_NAME: PaymentPurposes = {
  wallet_deposit: walletDepositPurpose,
  fund_purchase: fundPurchasePurpose,
};
