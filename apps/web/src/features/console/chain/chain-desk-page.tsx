import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingOrError } from '../shell/console-page';
import { chainDeskQueryOptions } from './api';
import { ChainFrame } from './chain-frame';
import { NetworkCard } from './network-card';
import { ChainSettingsPanel } from './settings-panel';

const cards = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
  alignItems: 'start',
} as const;

/**
 * The chain desk's first page (`/admin/chain`, issue 18): each network with its directions (closed ones
 * with their reason; a role with `tether.manage` opens and closes them), its settings, the watcher's health
 * and its queues; the custody service; then the settings that change by a proposal a second operator
 * approves. Read again every few seconds.
 */
export default function ChainDeskPage() {
  const { t } = useTranslation('admin');
  const desk = useQuery(chainDeskQueryOptions());

  if (desk.isPending || desk.isError) {
    return (
      <ChainFrame section="networks">
        <LoadingOrError query={desk} />
      </ChainFrame>
    );
  }

  const d = desk.data;
  return (
    <ChainFrame section="networks">
      <Typography color="text.secondary">{t('chain.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="span" variant="body2" color="text.secondary">
          {t('chain.custody')}
        </Typography>
        <Chip size="small" variant="outlined" label={d.custody} data-testid="chain-custody" dir="ltr" />
      </Box>
      {d.sandbox ? (
        <Alert severity="warning" data-testid="chain-sandbox">
          {t('chain.sandbox')}
        </Alert>
      ) : null}
      {d.networks.length === 0 ? (
        <EmptyState message={t('chain.network.none')} />
      ) : (
        <Box sx={cards}>
          {d.networks.map((n) => (
            <NetworkCard key={n.network} n={n} sandbox={d.sandbox} />
          ))}
        </Box>
      )}
      <ChainSettingsPanel settings={d.settings} />
    </ChainFrame>
  );
}
