import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_BANDS, RISK_PERSONA } from '@portal/contract/baskets/risk';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { useBasketFormat } from '../use-basket-format';

/**
 * The basket's risk: the five `FundRisk` bands (SPEC §3), each with its persona and what it means; the band of
 * the investor's latest quiz result is marked.
 */
export function RiskChoice({
  value,
  onChange,
  quizBand,
  disabled,
  inputRef,
}: {
  value: FundRiskValue;
  onChange: (risk: FundRiskValue) => void;
  quizBand: FundRiskValue | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('create.risk.label')}
      </FormLabel>
      <RadioGroup
        name="risk"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value) as FundRiskValue)}
        sx={{ gap: 1 }}
      >
        {RISK_BANDS.map((band) => (
          <FormControlLabel
            key={band}
            value={String(band)}
            control={<Radio inputRef={band === value ? inputRef : undefined} />}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {fmt.risk(band)}
                </Typography>
                {quizBand === band ? (
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ mx: 1, px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.selected' }}
                  >
                    {t('create.risk.yours')}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary">
                  {t(`personaText.${RISK_PERSONA[band]}`)}
                </Typography>
              </Box>
            }
            sx={{
              mx: 0,
              alignItems: 'flex-start',
              border: 1,
              borderColor: band === value ? 'primary.main' : 'divider',
              borderRadius: 1,
              pe: 1,
              '& .MuiRadio-root': { mt: 0.25 },
            }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
