import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isRiskierThan, RISK_PERSONA } from '@portal/contract/baskets/risk';
import type { RiskResult } from '@portal/contract/baskets/risk-quiz';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { riskResultsQueryOptions } from '@/lib/queries/risk';

/**
 * Whether buying a fund of `risk` asks the investor to confirm it (issue 20, decision 045): the fund is riskier
 * than their latest risk test, or they have none (taken as the most careful, risk number 0: any fund above the
 * safe band). `forced`: the server said so (`RISK_CONFIRMATION_REQUIRED`), whatever the page read. When the
 * results cannot be read the confirmation is asked; while they are on their way it is not (they are asked for as
 * the form opens): the server decides either way, and its refusal shows the confirmation.
 */
export function useRiskConfirmation(risk: FundRiskValue, forced: boolean) {
  const results = useQuery(riskResultsQueryOptions());
  const latest: RiskResult | null = results.data?.items[0] ?? null;
  const needed = forced || (results.isSuccess ? isRiskierThan(risk, latest?.riskNumber ?? 0) : results.isError);
  return { needed, latest, loaded: results.isSuccess };
}

/**
 * The purchase dialog's risk confirmation: why (riskier than the latest test, or no test yet), the way to the
 * test (coming back to this purchase), and the checkbox that confirms it.
 */
export function RiskConfirmation({
  risk,
  latest,
  checked,
  onChange,
  showRequired,
}: {
  risk: FundRiskValue;
  latest: RiskResult | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The confirm button was pressed without it. */
  showRequired: boolean;
}) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const location = useLocation();
  const fund = t(`confirm.fundRisk.${RISK_PERSONA[risk]}`);
  const quizHref = paths.riskQuizCalc.getHref(`${location.pathname}${location.search}`);
  return (
    <Stack spacing={1}>
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={quizHref} color="inherit" size="small">
            {latest ? t('confirm.retake') : t('confirm.takeQuiz')}
          </Button>
        }
        sx={{ '& .MuiAlert-action': { alignItems: 'center' } }}
      >
        {latest
          ? t('confirm.riskier', {
              fund,
              persona: t(`persona.${latest.persona}`),
              number: fmt.number(latest.riskNumber),
            })
          : t('confirm.noResult', { fund })}
      </Alert>
      <FormControl error={showRequired && !checked}>
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(_e, v) => onChange(v)} />}
          label={t('confirm.check')}
        />
        {showRequired && !checked ? <FormHelperText>{t('confirm.required')}</FormHelperText> : null}
      </FormControl>
    </Stack>
  );
}
