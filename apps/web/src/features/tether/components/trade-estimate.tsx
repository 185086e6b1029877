import type { TradeAmounts } from '@portal/contract/tether/pricing';
import { useTranslation } from 'react-i18next';
import type { TradeShape } from '../trade-math';
import { useTradeFormat } from '../use-trade-format';
import { TradeFigures } from './trade-figures';

/**
 * What the typed amount trades for at the live price, computed as the user types with the contract's
 * `priceTrade` (the quote asked for afterwards is what counts): the other side's amount and the fee.
 */
export function TradeEstimate({
  shape,
  estimate,
  feeBps,
}: {
  shape: TradeShape;
  estimate: TradeAmounts | null;
  feeBps: number;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const { side, fiat, amountOf } = shape;
  // Typing fiat to buy or tether to sell, the other side is tether when buying and fiat when selling.
  const otherIsUsdt = (side === 'buy') === (amountOf === 'pay');
  const other = (e: TradeAmounts) => (otherIsUsdt ? fmt.minor(e.usdt, 'USDT') : fmt.minor(e.fiat, fiat));
  const none = '—';
  return (
    <TradeFigures
      label={t('form.estimate.label')}
      rows={[
        {
          label: t(amountOf === 'pay' ? 'form.estimate.receive' : 'form.estimate.pay'),
          value: <bdi>{estimate ? t('form.estimate.approx', { amount: other(estimate) }) : none}</bdi>,
          strong: true,
        },
        {
          label: t('form.estimate.fee', { percent: fmt.fee(feeBps) }),
          value: <bdi>{estimate ? t('form.estimate.approx', { amount: fmt.minor(estimate.fee, fiat) }) : none}</bdi>,
        },
      ]}
    />
  );
}
