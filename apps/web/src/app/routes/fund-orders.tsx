import { Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { gatewayReturnOf, isOutcomePage } from '@/features/fund-orders/outcome-pages';
import { FUND_ORDERS_NS, RISK_NS, TETHER_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

/*
 * Buying and redeeming fund units (issue 6; SPEC §2 "Fund purchase", "Fund redeem"): each page its own
 * chunk with the `fundOrders` texts. The route reads the address; the screens take plain values.
 */
const PurchaseScreen = lazyWithTexts(
  // The purchase asks to confirm a fund riskier than the investor's risk test (issue 20): the `risk` texts.
  [FUND_ORDERS_NS, RISK_NS],
  () => import('@/features/fund-orders/components/purchase-screen'),
);
const PaymentScreen = lazyWithTexts([FUND_ORDERS_NS], () => import('@/features/fund-orders/components/payment-screen'));
const PurchaseOutcomeScreen = lazyWithTexts(
  [FUND_ORDERS_NS],
  () => import('@/features/fund-orders/components/purchase-outcome-screen'),
);
const RedeemScreen = lazyWithTexts([FUND_ORDERS_NS], () => import('@/features/fund-orders/components/redeem-screen'));
const RedeemSuccessScreen = lazyWithTexts(
  [FUND_ORDERS_NS],
  () => import('@/features/fund-orders/components/redeem-success-screen'),
);

/**
 * «Buy the missing tether first» on a tether fund's purchase (issue 17) is the tether feature's step, composed
 * here; its chunk and the `tether` texts load once a purchase lacks tether.
 */
const BuyShortfallDialog = lazyWithTexts(
  [TETHER_NS],
  () => import('@/features/tether/components/buy-shortfall-dialog'),
);

/** `/fund/purchase/{fundId}?amount=`: the purchase form, the amount prefilled. */
export function FundPurchaseRoute() {
  const { fundId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PurchaseScreen
        key={fundId}
        fundId={fundId}
        initialAmount={params.get('amount') ?? ''}
        buyTether={BuyShortfallDialog}
      />
    </Suspense>
  );
}

/** `/fund/purchase/payment/{purchaseRequestId}`, and the gateway's return to it (`?Authority=…&Status=OK|NOK`). */
export function FundPurchasePaymentRoute() {
  const { purchaseRequestId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PaymentScreen key={purchaseRequestId} purchaseId={purchaseRequestId} gatewayReturn={gatewayReturnOf(params)} />
    </Suspense>
  );
}

/**
 * `/fund/purchase/payment/{purchaseRequestId}/success|waiting|unsuccess`; another last segment goes to the
 * request's payment page, which shows its status.
 */
export function FundPurchaseOutcomeRoute() {
  const { purchaseRequestId = '', outcome } = useParams();
  if (!isOutcomePage(outcome)) return <Navigate to={paths.fundPurchasePayment.getHref(purchaseRequestId)} replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PurchaseOutcomeScreen key={purchaseRequestId} purchaseId={purchaseRequestId} outcome={outcome} />
    </Suspense>
  );
}

/** `/fund/redeem/{id}` (the fund's id). */
export function FundRedeemRoute() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RedeemScreen key={id} fundId={id} />
    </Suspense>
  );
}

/** `/fund/redeem/success/{id}` (the redemption's id). */
export function FundRedeemSuccessRoute() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RedeemSuccessScreen key={id} redemptionId={id} />
    </Suspense>
  );
}
