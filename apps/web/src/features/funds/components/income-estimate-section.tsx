import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CURRENCY_SCALE } from '@portal/contract/core/money';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { fundAmountIssue, normalizeFundAmount } from '@portal/contract/funds/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatDigits, localeSymbols } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';
import {
  estimateIncome,
  INCOME_ESTIMATE_DEFAULT_MONTHS,
  INCOME_ESTIMATE_MAX_MONTHS,
  INCOME_ESTIMATE_MIN_MONTHS,
} from '../income-estimate';
import { formatPercentFigure, formatYield, isolate, signColor } from '../fund-format';
import { FactList } from './fees-section';

/** Keeps what an amount may hold: digits and (for a currency with decimals) one decimal point. */
function amountSanitizer(scale: number) {
  return (value: string) => {
    const plain = normalizeFundAmount(value).replace(/[^\d.]/g, '');
    if (scale === 0) return plain.replace(/\./g, '').slice(0, 18);
    const [int = '', ...rest] = plain.split('.');
    return rest.length === 0 ? int.slice(0, 18) : `${int.slice(0, 18)}.${rest.join('').slice(0, scale)}`;
  };
}

/** An amount being typed (`1234.`, `0.5`), grouped and in the interface's digits, its decimals as typed. */
function displayAmountInput(raw: string, lng: string): string {
  const [int = '', frac] = raw.split('.');
  const intShown = formatDecimal(int === '' ? '0' : int, lng);
  return frac === undefined ? intShown : `${intShown}${localeSymbols(lng).decimal}${formatDigits(frac, lng)}`;
}

/**
 * The income estimation (SPEC §2): an amount (prefilled from `investingAmount`), a period in months and
 * "auto-reinvest monthly profit"; the estimate rests on the fund's twelve-month yield and says so. The
 * buy button carries the amount to the purchase page.
 */
export function IncomeEstimateSection({ fund, initialAmount }: { fund: FundDetail; initialAmount: string | null }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const scale = CURRENCY_SCALE[fund.currency];
  const [amount, setAmount] = useState(() => (initialAmount ? amountSanitizer(scale)(initialAmount) : ''));
  const [months, setMonths] = useState(String(INCOME_ESTIMATE_DEFAULT_MONTHS));
  const [reinvest, setReinvest] = useState(true);
  const [touched, setTouched] = useState({ amount: initialAmount !== null, months: false });
  const yearly = fund.yields.twelveMonths;

  const amountIssue = amount === '' ? ({ rule: 'required' } as const) : fundAmountIssue(amount, fund.currency);
  const amountError: string | null = amountIssue
    ? t(`income.amountErrors.${amountIssue.rule}`, {
        scale: fmt.number(scale),
        max:
          'params' in amountIssue && amountIssue.params?.max ? fmt.amount(amountIssue.params.max, fund.currency) : '',
      })
    : null;
  const monthsNumber = /^\d{1,3}$/.test(months) ? Number(months) : NaN;
  const monthsError =
    Number.isInteger(monthsNumber) &&
    monthsNumber >= INCOME_ESTIMATE_MIN_MONTHS &&
    monthsNumber <= INCOME_ESTIMATE_MAX_MONTHS
      ? null
      : t('income.monthsRange', {
          min: fmt.number(INCOME_ESTIMATE_MIN_MONTHS),
          max: fmt.number(INCOME_ESTIMATE_MAX_MONTHS),
        });
  const estimate =
    yearly !== null && !amountError && !monthsError
      ? estimateIncome({ amount, currency: fund.currency, yearlyYieldPercent: yearly, months: monthsNumber, reinvest })
      : null;

  return (
    <Section id="fund-income" title={t('income.title')}>
      {yearly === null ? (
        <Alert severity="info">{t('income.noYield')}</Alert>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <DigitTextField
              id="income-amount"
              name="amount"
              label={t('income.amount')}
              value={amount === '' ? '' : displayAmountInput(amount, fmt.lng)}
              sanitize={amountSanitizer(scale)}
              onChange={(e) => {
                setAmount(e.target.value.replace(/^0+(?=\d)/, ''));
                setTouched((s) => ({ ...s, amount: true }));
              }}
              onBlur={() => setTouched((s) => ({ ...s, amount: true }))}
              autoComplete="off"
              error={touched.amount && amountError !== null}
              helperText={
                touched.amount && amountError !== null
                  ? amountError
                  : t('income.amountHint', { min: fmt.money(fund.limits.minPurchase, fund.currency) })
              }
              inputProps={{ inputMode: scale === 0 ? 'numeric' : 'decimal' }}
              endAdornment={
                <InputAdornment position="end">{t(`translation:currency.${fund.currency}`)}</InputAdornment>
              }
            />
            <DigitTextField
              id="income-months"
              name="months"
              label={t('income.months')}
              value={formatDigits(months, fmt.lng)}
              sanitize={onlyDigits(3)}
              onChange={(e) => {
                setMonths(e.target.value);
                setTouched((s) => ({ ...s, months: true }));
              }}
              onBlur={() => setTouched((s) => ({ ...s, months: true }))}
              autoComplete="off"
              error={touched.months && monthsError !== null}
              helperText={touched.months && monthsError !== null ? monthsError : t('income.monthsHint')}
              inputProps={{ inputMode: 'numeric' }}
            />
          </Box>
          <FormControlLabel
            control={<Switch checked={reinvest} onChange={(e) => setReinvest(e.target.checked)} />}
            label={
              <Box>
                <Typography>{t('income.reinvest')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {reinvest ? t('income.reinvestOn') : t('income.reinvestOff')}
                </Typography>
              </Box>
            }
            sx={{ mx: 0, alignItems: 'flex-start', gap: 1, '& .MuiSwitch-root': { mt: -0.5 } }}
          />
          {estimate ? (
            <Box
              role="status"
              aria-label={t('income.resultLabel')}
              sx={{
                p: 2,
                borderRadius: 1,
                bgcolor: 'action.hover',
                display: 'flex',
                flexDirection: 'column',
                gap: 1.5,
              }}
            >
              <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                {t('income.estimateBadge')}
              </Typography>
              <FactList
                rows={[
                  {
                    key: 'profit',
                    label: t('income.profit', { months: fmt.number(monthsNumber) }),
                    value: (
                      <Box component="span" sx={{ color: signColor(estimate.profit) }}>
                        {fmt.money(estimate.profit, fund.currency)}
                      </Box>
                    ),
                  },
                  ...(estimate.monthlyProfit !== null
                    ? [
                        {
                          key: 'monthly',
                          label: t('income.monthly'),
                          value: fmt.money(estimate.monthlyProfit, fund.currency),
                        },
                      ]
                    : []),
                  {
                    key: 'final',
                    label: reinvest ? t('income.finalReinvest') : t('income.finalPaidOut'),
                    value: fmt.money(estimate.finalValue, fund.currency),
                  },
                  {
                    key: 'rate',
                    label: t('income.rate'),
                    value: t('income.rateValue', {
                      monthly: formatPercentFigure(estimate.monthlyRatePercent, fmt.lng),
                      period: formatPercentFigure(estimate.periodYieldPercent, fmt.lng),
                    }),
                  },
                ]}
              />
            </Box>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('income.disclaimer', { yield: isolate(formatYield(yearly, fmt.lng)) })}
          </Typography>
          {!fund.buyingPaused ? (
            <Button
              component={RouterLink}
              to={paths.fundPurchase.getHref(fund.id, estimate ? estimate.amount : undefined)}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              {estimate
                ? t('income.buyAmount', { amount: fmt.money(estimate.amount, fund.currency) })
                : t('actions.buy')}
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}
