import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundHolding, RedemptionQuoteView } from '@portal/contract/funds/orders';
import { parseUnits, UNIT_SCALE } from '@portal/contract/funds/pricing';
import { DigitTextField } from '@/components/digit-text-field';
import { Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { useCreateFundRedemption, useRedemptionQuote } from '../api/redemptions';
import { canonicalDecimal, displayDecimal, sanitizeDecimal } from '../amount-input';
import { useOrderErrorMessage, useRuleMessage } from '../messages';
import { redeemFormSchema, redeemRule, redemptionBodyOf, type RedeemInput } from '../redeem-rules';
import { useDebouncedValue } from '../use-debounced-value';
import { useOrderFormat } from '../use-order-format';
import { ConfirmRedemptionDialog } from './confirm-redemption-dialog';
import { RedemptionBreakdown } from './redemption-breakdown';

const QUOTE_DEBOUNCE_MS = 400;
const sanitizeUnits = sanitizeDecimal(UNIT_SCALE);

/**
 * The redemption form (SPEC §2 "Fund redeem"): the number of units (Persian digits accepted, four decimals
 * at most, never more than held), "redeem free shares only" (every unit past the early-exit period) and
 * "all", the live breakdown; submitting opens the confirm dialog with the figures the user saw. One
 * idempotency key per attempt.
 */
export function RedeemForm({ fund, holding, paused }: { fund: FundDetail; holding: FundHolding; paused: boolean }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const routerNavigate = useNavigate();
  const client = useQueryClient();
  const ruleMessage = useRuleMessage(fund.currency);
  const errorMessage = useOrderErrorMessage(fund.currency);
  const create = useCreateFundRedemption(fund.id);
  const schema = useMemo(() => redeemFormSchema(holding), [holding]);
  const form = useForm<RedeemInput>({
    resolver: zodResolver(schema),
    defaultValues: { units: '', freeOnly: false },
    mode: 'all',
  });
  const [confirming, setConfirming] = useState<RedemptionQuoteView | null>(null);
  /** Submitted before the figures of this count were in: the dialog opens when they are. */
  const [awaiting, setAwaiting] = useState(false);
  const sent = useRef<{ body: string; key: string } | null>(null);

  const units = useWatch({ control: form.control, name: 'units' });
  const freeOnly = useWatch({ control: form.control, name: 'freeOnly' });
  const rule = redeemRule({ units, freeOnly }, holding);
  const body = useMemo(() => (rule === null ? redemptionBodyOf({ units, freeOnly }) : null), [rule, units, freeOnly]);
  const quoted = useDebouncedValue(body, QUOTE_DEBOUNCE_MS);
  const current = body !== null && JSON.stringify(quoted) === JSON.stringify(body);
  const quote = useRedemptionQuote(fund.id, rule === null ? quoted : null);
  const shownQuote = rule === null && quoted !== null ? quote.data : undefined;
  const ready = current && quote.isSuccess && !quote.isFetching && !quote.isPlaceholderData ? quote.data : null;

  useEffect(() => {
    if (!awaiting) return;
    if (ready) {
      setAwaiting(false);
      setConfirming(ready);
    } else if (quote.isError && !quote.isFetching) setAwaiting(false);
  }, [awaiting, ready, quote.isError, quote.isFetching]);
  const hasFree = /[1-9]/.test(holding.freeUnits);

  const values = {
    min: holding.minRedeemUnits,
    available: holding.units,
  };
  const ruleText = (r: string) =>
    r === 'unitsOverHolding'
      ? t('validation.unitsOverHolding', { units: fmt.units(holding.units) })
      : r === 'unitsMin'
        ? t('validation.unitsMin', { units: fmt.units(holding.minRedeemUnits) })
        : ruleMessage(r, values);

  /** A count typed or filled in (by «all» or «free only»): checked at once, the previous submission dropped. */
  const set = (next: RedeemInput) => {
    const how = { shouldTouch: true, shouldDirty: true };
    form.setValue('freeOnly', next.freeOnly, how);
    form.setValue('units', next.units, { ...how, shouldValidate: true });
    setAwaiting(false);
    create.reset();
  };

  // The dialog shows the figures of this very request: it opens when they are in.
  const onSubmit = form.handleSubmit(() => {
    if (paused || !body) return;
    create.reset();
    setAwaiting(true);
  });

  const confirm = () => {
    if (!body || create.isPending) return;
    const canonical = JSON.stringify(body);
    if (sent.current?.body !== canonical) sent.current = { body: canonical, key: newIdempotencyKey() };
    create.mutate(
      { body, idempotencyKey: sent.current.key },
      {
        onSuccess: (r) => void routerNavigate(paths.fundRedeemSuccess.getHref(r.id)),
        onError: (e) => {
          if (!isApiError(e)) return;
          if (e.code === 'KYC_REQUIRED') setConfirming(null);
          if (['FUND_TRADING_PAUSED', 'FUND_UNITS_INSUFFICIENT', 'NOT_FOUND'].includes(e.code))
            void invalidateAfter(client, 'fundOrder');
        },
      },
    );
  };

  return (
    <>
      <Section id="redeem-form" title={t('redeem.formTitle')}>
        <Stack component="form" noValidate spacing={2.5} aria-label={t('redeem.formTitle')} onSubmit={onSubmit}>
          <Controller
            name="units"
            control={form.control}
            render={({ field, fieldState, formState }) => {
              const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
              return (
                <DigitTextField
                  id="redeem-units"
                  name={field.name}
                  label={t('redeem.unitsLabel')}
                  value={displayDecimal(field.value, fmt.lng)}
                  sanitize={sanitizeUnits}
                  onChange={(e) => set({ units: e.target.value, freeOnly: false })}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete="off"
                  disabled={paused || create.isPending}
                  error={show}
                  helperText={
                    show
                      ? ruleText(fieldState.error?.message ?? 'required')
                      : freeOnly
                        ? t('redeem.freeOnlyHint')
                        : // A holding under the minimum is redeemed whole or not at all (`belowRedeemMinimum`).
                          parseUnits(holding.units) < parseUnits(holding.minRedeemUnits)
                          ? t('redeem.unitsHintWhole', { units: fmt.units(holding.units) })
                          : t('redeem.unitsHint', {
                              units: fmt.units(holding.units),
                              min: fmt.units(holding.minRedeemUnits),
                            })
                  }
                  inputProps={{ inputMode: 'decimal' }}
                  endAdornment={
                    <InputAdornment position="end">
                      <Button
                        size="small"
                        disabled={paused || create.isPending}
                        onClick={() => set({ units: canonicalDecimal(holding.units), freeOnly: false })}
                      >
                        {t('redeem.all')}
                      </Button>
                    </InputAdornment>
                  }
                />
              );
            }}
          />
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1.5,
              flexWrap: 'wrap',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('redeem.freeUnits')}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{fmt.units(holding.freeUnits)}</Typography>
            </Box>
            <Button
              variant={freeOnly ? 'contained' : 'outlined'}
              color="success"
              disabled={paused || !hasFree || create.isPending}
              aria-pressed={freeOnly}
              onClick={() => set({ units: canonicalDecimal(holding.freeUnits), freeOnly: true })}
            >
              {t('redeem.freeOnly')}
            </Button>
          </Box>
          <RedemptionBreakdown
            quote={shownQuote}
            isFetching={rule === null && (quote.isFetching || !current)}
            error={rule === null && quote.isError && !quote.isFetching ? errorMessage(quote.error) : null}
            performanceFeeBps={holding.performanceFeeBps}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={paused}
            loading={create.isPending || awaiting}
            sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
          >
            {t('redeem.submit')}
          </Button>
        </Stack>
      </Section>

      <ConfirmRedemptionDialog
        fund={fund}
        quote={confirming}
        pending={create.isPending}
        error={
          create.error && !(isApiError(create.error) && create.error.code === 'KYC_REQUIRED')
            ? errorMessage(create.error)
            : null
        }
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}
