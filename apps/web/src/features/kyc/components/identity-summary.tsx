import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KycState } from '@portal/contract/kyc/kyc';
import { useFormat } from '@/hooks/use-format';
import { formatDate, formatDigits } from '@/lib/format';

/** Level one is done (Iranian): the national code on file (masked but its last 4 digits) and the birth date. */
export function IdentitySummary({ identity }: { identity: NonNullable<KycState['identity']> }) {
  const { t } = useTranslation('kyc');
  const { lng, calendar } = useFormat();
  const rows = [
    ['nationalCode', <span dir="ltr">{formatDigits(identity.nationalCodeMasked, lng)}</span>],
    // A calendar day, not an instant: formatted in UTC so no time zone moves it.
    ['birthDate', formatDate(`${identity.birthDate}T00:00:00Z`, lng, calendar, 'long', 'UTC')],
  ] as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
        <CheckCircle aria-hidden="true" fontSize="small" />
        <Typography sx={{ fontWeight: 700 }}>{t('summary.done')}</Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {t(`summary.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
