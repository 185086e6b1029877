import Alert from '@mui/material/Alert';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { useTranslation } from 'react-i18next';

/**
 * The embedded mode's chains are a sandbox (decision 040): its addresses derive from demo keys whose seed is
 * public and nothing it moves is tether. Said once at the top of the deposit and withdraw pages whenever a
 * network is the sandbox's, as the demo price is labelled wherever it shows.
 */
export function SandboxNotice({ networks }: { networks: readonly TetherNetworkView[] | undefined }) {
  const { t } = useTranslation('chain');
  if (!networks?.some((n) => n.sandbox)) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 2 }}>
      {t('sandboxNotice')}
    </Alert>
  );
}
