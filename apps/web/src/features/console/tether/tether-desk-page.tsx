import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiveTetherPrice } from '@/lib/realtime';
import { ConsolePage, LoadingOrError } from '../shell/console-page';
import { useCan } from '../shell/operator';
import { tetherDeskQueryOptions } from './api';
import { HousePanel, PricePanel, SourcesPanel } from './market-panels';
import { SettingsPanel } from './settings-panel';
import { TradesPanel } from './trades-panel';
import { PausedAlert, TradingSwitch } from './trading-switch';

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/**
 * The tether desk (`/admin/tether`, issue 17): the live price and its sources' health, the house's tether
 * inventory and what it is worth, today's trades, the market's settings (a change is a proposal a second
 * operator approves), the switch that pauses trading, and every trade. The live price follows the
 * real-time channel; the rest is read again every few seconds.
 */
export default function TetherDeskPage() {
  const { t } = useTranslation('admin');
  const can = useCan();
  const desk = useQuery(tetherDeskQueryOptions());
  const live = useLiveTetherPrice();
  const title = t('tether.title');

  if (desk.isPending || desk.isError) {
    return (
      <ConsolePage title={title}>
        <LoadingOrError query={desk} />
      </ConsolePage>
    );
  }

  const d = desk.data;
  // The real-time channel's price when it is newer than the desk's (the desk's says a pause at once).
  const price = live.data && live.data.seq > d.price.seq ? live.data : d.price;
  return (
    <ConsolePage title={title} actions={can('tether.manage') ? <TradingSwitch paused={d.settings.paused} /> : null}>
      <Typography color="text.secondary">{t('tether.intro')}</Typography>
      <PausedAlert settings={d.settings} />
      <Box sx={twoColumns}>
        <PricePanel price={price} rules={d.priceRules} />
        <HousePanel house={d.house} today={d.today} />
      </Box>
      <SourcesPanel sources={d.sources} />
      <SettingsPanel settings={d.settings} />
      <TradesPanel />
    </ConsolePage>
  );
}
