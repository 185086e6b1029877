import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BAND_COLOR, BAND_SPANS } from '../risk-format';

/**
 * A risk number on the 0–100 scale: the five bands (cautious to bold) side by side, each as wide as the numbers it
 * holds, and a marker at the number. In a right-to-left page the scale runs right to left, as the text does.
 */
export function RiskMeter({ riskNumber, label }: { riskNumber: number; label: string }) {
  const { t } = useTranslation('risk');
  return (
    <Box>
      <Box
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={riskNumber}
        sx={{ position: 'relative', display: 'flex', gap: 0.5, height: 10, alignItems: 'center' }}
      >
        {BAND_SPANS.map(({ band, from, to }) => (
          <Box
            key={band}
            sx={{ flexGrow: to - from, flexBasis: 0, height: 8, borderRadius: 2, bgcolor: BAND_COLOR[band] }}
          />
        ))}
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            insetInlineStart: `calc(${riskNumber}% - 8px)`,
            width: 16,
            height: 16,
            borderRadius: '50%',
            bgcolor: 'background.paper',
            border: 3,
            borderColor: 'text.primary',
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.75 }}>
        <Typography variant="caption" color="text.secondary">
          {t('persona.safe')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('persona.aggressive')}
        </Typography>
      </Box>
    </Box>
  );
}
