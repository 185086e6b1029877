import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { promptKyc, type KycLevel } from '@/lib/kyc-required';

/** The KYC level trading needs, as the forced-KYC dialog takes it. */
export const kycLevelOf = (level: number): KycLevel => (level >= 2 ? 2 : 1);

/**
 * The user's KYC level is below what trading needs: says so, and opens the forced-KYC dialog (the same
 * prompt the server's `KYC_REQUIRED` opens) on request. `onPrompt` runs first (a modal closes itself).
 */
export function KycNotice({ level, onPrompt }: { level: number; onPrompt?: () => void }) {
  const { t } = useTranslation('tether');
  const needed = kycLevelOf(level);
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            onPrompt?.();
            promptKyc(needed);
          }}
        >
          {t('kyc.action')}
        </Button>
      }
      sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {t(`kyc.text.level${needed}`)}
    </Alert>
  );
}
