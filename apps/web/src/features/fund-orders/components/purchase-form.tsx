import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CURRENCY_SCALE } from '@portal/contract/core/money';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { DigitTextField } from '@/components/digit-text-field';
import { Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { useCreateFundPurchase, usePurchaseQuote } from '../api/purchases';
import { canonicalDecimal, compareDecimal, displayDecimal, sanitizeDecimal } from '../amount-input';
import { goToGateway, rememberGateway } from '../gateway-redirect';
import { useOrderErrorMessage, useRuleMessage } from '../messages';
import { purchasePageOf } from '../outcome-pages';
import {
  methodsOf,
  purchaseAmountRule,
  purchaseFormSchema,
  shortfallOf,
  type PurchaseForm as Values,
} from '../purchase-rules';
import { useDebouncedValue } from '../use-debounced-value';
import { useOrderFormat } from '../use-order-format';
import { ConfirmPurchaseDialog, type PurchaseAttempt } from './confirm-purchase-dialog';
import { RiskConfirmation, useRiskConfirmation } from './risk-confirmation';
import { EarlyExitNotice } from './early-exit-notice';
import { PurchaseBreakdown } from './purchase-breakdown';
import { TetherShortfall, type BuyTetherStep } from './tether-shortfall';

/** How long the amount must stay unchanged before its breakdown is asked for. */
const QUOTE_DEBOUNCE_MS = 400;

/** Where to add money to the wallet a fund is paid from (the toman gateway, or the wallet page). */
function depositHref(currency: FundDetail['currency']): string {
  return currency === 'IRT' ? paths.walletDeposit.getHref({ type: 'gateway' }) : paths.wallet.getHref();
}

/**
 * The purchase form (SPEC §2 "Fund purchase"): the amount in the fund's currency (Persian digits accepted,
 * shown grouped) with its live fee breakdown, the method (wallet balance, or a card through the gateway for
 * toman funds), the penalty notice and the terms; submitting opens the confirm dialog. One idempotency key
 * per attempt, so a retry after a lost answer is the same purchase. A tether fund's wallet purchase for more
 * than the tether wallet holds shows what is missing and, with `buyTether`, offers to buy it first.
 */
export function PurchaseForm({
  fund,
  available,
  initialAmount,
  paused,
  navigate = goToGateway,
  buyTether,
  balanceRefreshing = false,
}: {
  fund: FundDetail;
  /** The available balance in the fund's currency; null while it loads. */
  available: string | null;
  initialAmount: string;
  /** Buying is paused (SPEC §8): everything shows, nothing can be sent. */
  paused: boolean;
  navigate?: (url: string) => void;
  /** The step that buys the missing tether (the route composes the tether feature's). */
  buyTether?: BuyTetherStep;
  /** The balances are being read again. */
  balanceRefreshing?: boolean;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const routerNavigate = useNavigate();
  const client = useQueryClient();
  const ruleMessage = useRuleMessage(fund.currency);
  const errorMessage = useOrderErrorMessage(fund.currency);
  const create = useCreateFundPurchase(fund.id);
  const methods = methodsOf(fund);
  const sanitize = useMemo(() => sanitizeDecimal(CURRENCY_SCALE[fund.currency]), [fund.currency]);
  const schema = useMemo(() => purchaseFormSchema(fund, available), [fund, available]);
  const prefilled = sanitize(initialAmount);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: prefilled, method: 'wallet', acceptTerms: false },
    mode: 'all',
  });
  const [attempt, setAttempt] = useState<PurchaseAttempt | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** Submitted before the breakdown of this amount was in: the dialog opens when it is. */
  const [awaiting, setAwaiting] = useState<Omit<PurchaseAttempt, 'quote'> | null>(null);
  const sent = useRef<{ body: string; key: string } | null>(null);
  /** Issue 20: the investor confirmed buying a fund riskier than their latest risk test (or without one). */
  const [riskAcknowledged, setRiskAcknowledged] = useState(false);
  const [riskRequiredShown, setRiskRequiredShown] = useState(false);
  const [riskForced, setRiskForced] = useState(false);
  const risk = useRiskConfirmation(fund.risk, riskForced);

  // An amount from the address (`?amount=`) is checked at once, as if typed.
  useEffect(() => {
    if (prefilled !== '') form.setValue('amount', prefilled, { shouldTouch: true, shouldValidate: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the amount the page opened with
  }, []);
  // The balance arrives after the form: check the method against it again.
  useEffect(() => {
    if (form.getFieldState('amount').isTouched) void form.trigger('method');
  }, [available, form]);

  const amount = useWatch({ control: form.control, name: 'amount' });
  const method = useWatch({ control: form.control, name: 'method' });
  const amountRule = purchaseAmountRule(amount, fund);
  const quoted = useDebouncedValue(amountRule === null ? canonicalDecimal(amount) : null, QUOTE_DEBOUNCE_MS);
  const quote = usePurchaseQuote(fund.id, amountRule === null ? quoted : null);
  const currentQuote = amountRule === null && quoted !== null ? quote.data : undefined;
  const limits = {
    min: fund.limits.minPurchase,
    max: fund.limits.maxPurchase,
    scale: CURRENCY_SCALE[fund.currency],
    available,
  };
  const busy = create.isPending || leaving;
  const missing =
    fund.currency === 'USDT' && method === 'wallet' && amountRule === null && !paused
      ? shortfallOf(canonicalDecimal(amount), available, fund.currency)
      : null;
  const ready =
    awaiting && quote.isSuccess && !quote.isFetching && compareDecimal(quote.data.amount, awaiting.amount) === 0
      ? quote.data
      : null;

  useEffect(() => {
    if (!awaiting) return;
    if (ready) {
      setAwaiting(null);
      setAttempt({ ...awaiting, quote: ready });
    } else if (quote.isError && !quote.isFetching) setAwaiting(null);
  }, [awaiting, ready, quote.isError, quote.isFetching]);
  // Another amount or method while waiting for the breakdown: the submission is dropped.
  useEffect(() => setAwaiting(null), [amount, method]);

  const onSubmit = form.handleSubmit((v) => {
    if (paused || busy) return;
    create.reset();
    setAwaiting({ amount: canonicalDecimal(v.amount), method: v.method });
  });

  const confirm = () => {
    if (!attempt || busy) return;
    if (risk.needed && !riskAcknowledged) {
      setRiskRequiredShown(true);
      return;
    }
    const body = {
      amount: attempt.amount,
      method: attempt.method,
      acceptTerms: true as const,
      ...(risk.needed && riskAcknowledged ? { riskAcknowledged: true } : {}),
    };
    const canonical = JSON.stringify(body);
    if (sent.current?.body !== canonical) sent.current = { body: canonical, key: newIdempotencyKey() };
    create.mutate(
      { body, idempotencyKey: sent.current.key },
      {
        onSuccess: (purchase) => {
          if (purchase.outcome === 'pending' && purchase.redirectUrl) {
            rememberGateway(purchase.id, purchase.redirectUrl);
            setLeaving(true);
            navigate(purchase.redirectUrl);
            return;
          }
          void routerNavigate(purchasePageOf(purchase));
        },
        onError: (e) => {
          if (!isApiError(e)) return;
          // The forced-KYC dialog takes over.
          if (e.code === 'KYC_REQUIRED') setAttempt(null);
          // The server compared the fund with a result this page had not read: ask, and read the results again.
          if (e.code === 'RISK_CONFIRMATION_REQUIRED') {
            setRiskForced(true);
            setRiskRequiredShown(true);
            void invalidateAfter(client, 'riskQuiz');
          }
          // The fund, the balance or the methods changed under the page: read them again.
          if (['FUND_TRADING_PAUSED', 'INSUFFICIENT_BALANCE', 'PAYMENT_METHOD_DISABLED', 'NOT_FOUND'].includes(e.code))
            void invalidateAfter(client, 'fundOrder');
        },
      },
    );
  };

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('purchase.formLabel')}>
        <Section id="purchase-amount" title={t('purchase.amountTitle')}>
          <Controller
            name="amount"
            control={form.control}
            // The balance check sits on the method: a new amount checks it again.
            rules={{ deps: ['method'] }}
            render={({ field, fieldState, formState }) => {
              const show =
                Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
              return (
                <DigitTextField
                  id="purchase-amount-input"
                  name={field.name}
                  label={t('purchase.amount', { currency: t(`translation:currency.${fund.currency}`) })}
                  value={displayDecimal(field.value, fmt.lng)}
                  sanitize={sanitize}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete="off"
                  disabled={paused || busy}
                  error={show}
                  helperText={
                    show
                      ? ruleMessage(fieldState.error?.message, limits)
                      : fund.limits.maxPurchase === null
                        ? t('purchase.amountHint', { min: fmt.money(fund.limits.minPurchase, fund.currency) })
                        : t('purchase.amountHintMax', {
                            min: fmt.money(fund.limits.minPurchase, fund.currency),
                            max: fmt.money(fund.limits.maxPurchase, fund.currency),
                          })
                  }
                  inputProps={{ inputMode: CURRENCY_SCALE[fund.currency] === 0 ? 'numeric' : 'decimal' }}
                />
              );
            }}
          />
          <PurchaseBreakdown
            quote={currentQuote}
            isFetching={amountRule === null && (quote.isFetching || quoted !== canonicalDecimal(amount))}
            error={amountRule === null && quote.isError && !quote.isFetching ? errorMessage(quote.error) : null}
          />
        </Section>

        <Section id="purchase-method" title={t('purchase.methodTitle')}>
          <Controller
            name="method"
            control={form.control}
            render={({ field, fieldState, formState }) => {
              const show =
                Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted || amount !== '');
              const insufficient = show && fieldState.error?.message === 'insufficient';
              return (
                <FormControl component="fieldset" error={show} disabled={paused || busy}>
                  <FormLabel component="legend" sx={{ mb: 1 }}>
                    {t('purchase.method')}
                  </FormLabel>
                  <RadioGroup
                    name={field.name}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      field.onBlur();
                    }}
                  >
                    {(['wallet', 'card'] as const).map((m) => (
                      <FormControlLabel
                        key={m}
                        value={m}
                        disabled={!methods.includes(m)}
                        control={<Radio inputRef={m === 'wallet' ? field.ref : undefined} />}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography>{t(`method.${m}`)}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {m === 'wallet'
                                ? available === null
                                  ? t('purchase.balanceLoading')
                                  : t('purchase.balance', { balance: fmt.money(available, fund.currency) })
                                : methods.includes('card')
                                  ? t('purchase.cardHint')
                                  : t('purchase.cardDisabled')}
                            </Typography>
                          </Box>
                        }
                        sx={{ mx: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
                      />
                    ))}
                  </RadioGroup>
                  {show ? (
                    <FormHelperText sx={{ mx: 0 }}>
                      {ruleMessage(fieldState.error?.message, limits)}{' '}
                      {insufficient ? (
                        <Link component={RouterLink} to={depositHref(fund.currency)}>
                          {t('purchase.deposit')}
                        </Link>
                      ) : null}
                    </FormHelperText>
                  ) : null}
                </FormControl>
              );
            }}
          />
          {fund.currency === 'USDT' ? (
            <TetherShortfall
              amount={canonicalDecimal(amount)}
              missing={missing}
              available={available}
              step={buyTether}
              returnTo={paths.fundPurchase.getHref(fund.id, canonicalDecimal(amount) || undefined)}
              refreshing={balanceRefreshing}
              disabled={busy}
            />
          ) : null}
        </Section>

        <EarlyExitNotice schedule={fund.fees.earlyExit} />

        <Controller
          name="acceptTerms"
          control={form.control}
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <FormControl error={show} disabled={paused || busy}>
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.checked);
                        field.onBlur();
                      }}
                      inputRef={field.ref}
                      slotProps={{ input: { 'aria-describedby': show ? 'purchase-terms-error' : undefined } }}
                    />
                  }
                  label={t('purchase.terms')}
                  sx={{ mx: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
                />
                {show ? (
                  <FormHelperText id="purchase-terms-error" sx={{ mx: 0 }}>
                    {ruleMessage(fieldState.error?.message)}
                  </FormHelperText>
                ) : null}
              </FormControl>
            );
          }}
        />

        {leaving ? (
          <Typography role="status" color="text.secondary">
            {t('purchase.redirecting')}
          </Typography>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={paused}
          loading={busy || awaiting !== null}
          sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
        >
          {method === 'card' ? t('purchase.submitCard') : t('purchase.submit')}
        </Button>
      </Stack>

      <ConfirmPurchaseDialog
        fund={fund}
        attempt={leaving ? null : attempt}
        pending={busy}
        error={
          create.error && !(isApiError(create.error) && create.error.code === 'KYC_REQUIRED')
            ? errorMessage(create.error)
            : null
        }
        onCancel={() => {
          setAttempt(null);
          setRiskAcknowledged(false);
          setRiskRequiredShown(false);
        }}
        onConfirm={confirm}
        riskConfirmation={
          risk.needed ? (
            <RiskConfirmation
              risk={fund.risk}
              latest={risk.latest}
              checked={riskAcknowledged}
              onChange={(v) => {
                setRiskAcknowledged(v);
                create.reset();
              }}
              showRequired={riskRequiredShown}
            />
          ) : null
        }
      />
    </>
  );
}
