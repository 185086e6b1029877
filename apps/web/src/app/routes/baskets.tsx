import { Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { isBasketTab, riskFromQuery } from '@/features/baskets/tabs';
import { BASKETS_NS, TETHER_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

/*
 * Smart hold baskets (issue 20; SPEC §2 `/baskets`, `/basket-order/…`, `/rebalance-order/…`): each page its own
 * chunk with the `baskets` texts. The route reads the address; the screens take plain values.
 */
const BasketsScreen = lazyWithTexts([BASKETS_NS], () => import('@/features/baskets/components/baskets-screen'));
const CreateOrderScreen = lazyWithTexts(
  [BASKETS_NS],
  () => import('@/features/baskets/components/create-order-screen'),
);
const BasketScreen = lazyWithTexts([BASKETS_NS], () => import('@/features/baskets/components/basket-screen'));
const PaymentScreen = lazyWithTexts([BASKETS_NS], () => import('@/features/baskets/components/payment-screen'));
const OutcomeScreen = lazyWithTexts([BASKETS_NS], () => import('@/features/baskets/components/outcome-screen'));
const ProcessScreen = lazyWithTexts([BASKETS_NS], () => import('@/features/baskets/components/process-screen'));
const RebalanceRequestScreen = lazyWithTexts([BASKETS_NS], () =>
  import('@/features/baskets/components/rebalance-screen').then((m) => ({ default: m.RebalanceRequestScreen })),
);
const RebalanceSuccessScreen = lazyWithTexts([BASKETS_NS], () =>
  import('@/features/baskets/components/rebalance-screen').then((m) => ({ default: m.RebalanceSuccessScreen })),
);

/**
 * «Buy the missing tether» on a basket's payment is the tether feature's step (issue 17), composed here; its
 * chunk and the `tether` texts load once a payment lacks tether.
 */
const BuyShortfallDialog = lazyWithTexts(
  [TETHER_NS],
  () => import('@/features/tether/components/buy-shortfall-dialog'),
);

function Page({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/** `/baskets`. */
export function BasketsRoute() {
  return (
    <Page>
      <BasketsScreen />
    </Page>
  );
}

/** `/basket-order/create?risk=&amount=`: the order form, the risk and amount prefilled (back from the quiz). */
export function BasketOrderCreateRoute() {
  const [params] = useSearchParams();
  return (
    <Page>
      <CreateOrderScreen initialRisk={riskFromQuery(params.get('risk'))} initialAmount={params.get('amount') ?? ''} />
    </Page>
  );
}

/** `/basket-order/{id}?type=holdings|orders|backtest`. */
export function BasketOrderRoute() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  return (
    <Page>
      <BasketScreen
        key={id}
        basketId={id}
        tab={isBasketTab(type) ? type : 'holdings'}
        onTab={(tab) => setParams(tab === 'holdings' ? {} : { type: tab }, { replace: true })}
      />
    </Page>
  );
}

/** `/basket-order/payment/{orderId}`. */
export function BasketOrderPaymentRoute() {
  const { orderId = '' } = useParams();
  return (
    <Page>
      <PaymentScreen key={orderId} orderId={orderId} buyTether={BuyShortfallDialog} />
    </Page>
  );
}

/** `/basket-order/vip|unsuccess|success|process/{orderId}`; another word goes to the order's page. */
export function BasketOrderOutcomeRoute() {
  const { orderId = '', outcome } = useParams();
  if (outcome === 'process')
    return (
      <Page>
        <ProcessScreen key={orderId} orderId={orderId} />
      </Page>
    );
  if (outcome !== 'vip' && outcome !== 'success' && outcome !== 'unsuccess')
    return <Navigate to={paths.basketOrder.getHref(orderId)} replace />;
  return (
    <Page>
      <OutcomeScreen key={`${outcome}-${orderId}`} orderId={orderId} outcome={outcome} />
    </Page>
  );
}

/** `/rebalance-order/request/{orderId}`. */
export function RebalanceRequestRoute() {
  const { orderId = '' } = useParams();
  return (
    <Page>
      <RebalanceRequestScreen key={orderId} basketId={orderId} />
    </Page>
  );
}

/** `/rebalance-order/success/{orderId}`. */
export function RebalanceSuccessRoute() {
  const { orderId = '' } = useParams();
  return (
    <Page>
      <RebalanceSuccessScreen key={orderId} basketId={orderId} />
    </Page>
  );
}
