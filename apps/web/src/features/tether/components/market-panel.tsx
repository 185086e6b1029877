import Chip from '@mui/material/Chip';
import type { TetherMarket, TetherPrice } from '@portal/contract/tether/market';
import type { TradeFiat, TradeSide } from '@portal/contract/tether/pricing';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/layouts/page-shell';
import { tomanInFiat } from '../trade-math';
import { useTradeFormat } from '../use-trade-format';
import { TradeFigures } from './trade-figures';

/** The demo feed's label (the embedded mode's simulated price): never mistaken for a market price. */
export function DemoChip({ price }: { price: TetherPrice }) {
  const { t } = useTranslation('tether');
  if (!price.demo) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t('price.demo')} title={t('price.demoHint')} />;
}

/**
 * The live price of the side shown (what the user pays per tether when buying, receives when selling) in the
 * chosen fiat, and the market's terms: the fee, the least a trade may be worth, and what is left of today's
 * limit.
 */
export function MarketPanel({
  price,
  market,
  side,
  fiat,
}: {
  price: TetherPrice;
  market: TetherMarket;
  side: TradeSide;
  fiat: TradeFiat;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const rials = side === 'buy' ? price.buy : price.sell;
  return (
    <Section id="tether-price" title={t('price.title')} action={<DemoChip price={price} />}>
      <TradeFigures
        label={t('price.title')}
        rows={[
          rials !== null && { label: t(`price.${side}`), value: fmt.price(rials, fiat), strong: true },
          { label: t('market.fee'), value: fmt.fee(market.feeBps) },
          { label: t('market.min'), value: fmt.money(tomanInFiat(market.minTradeToman, fiat), fiat) },
          {
            label: t('market.dailyRemaining'),
            value: t('market.dailyOf', {
              remaining: fmt.money(tomanInFiat(market.dailyRemainingToman, fiat), fiat),
              limit: fmt.money(tomanInFiat(market.dailyLimitToman, fiat), fiat),
            }),
          },
        ]}
      />
    </Section>
  );
}
