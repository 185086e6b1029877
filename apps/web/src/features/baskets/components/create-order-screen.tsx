import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { BasketOrderOptions } from '@portal/contract/baskets/orders';
import { riskBandOf } from '@portal/contract/baskets/risk';
import { EXCHANGES, MARKET_TYPES, type ExchangeId } from '@portal/contract/baskets/universe';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { DigitTextField } from '@/components/digit-text-field';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { basketKeys, basketOrderOptionsQueryOptions } from '@/lib/queries/baskets';
import { displayTyped } from '@/lib/typed-amount';
import { useCreateBasketOrder } from '../api/orders';
import { useBasketErrorMessage, useRuleMessage } from '../messages';
import {
  amountRule,
  amountTier,
  canonicalAmount,
  DEFAULT_EXCHANGES,
  needsRiskConfirmation,
  orderFormSchema,
  sanitizeAmount,
  shortfallOf,
  STEP_FIELDS,
  type OrderFormValues,
} from '../order-rules';
import { quizHref } from '../quiz-link';
import { useBasketFormat } from '../use-basket-format';
import { DemoNotice } from './demo-notice';
import { Figures } from './figures';
import { RiskChoice } from './risk-choice';

/**
 * `/basket-order/create` (SPEC §2, issue 20): a basket order in two steps. Step one: the risk (the band of the
 * investor's latest quiz result by default, with a way to the quiz and back) and the amount in tether; from
 * 50,000 the page says the order is a VIP request, above 200,000 that a specialised basket is offered. Step
 * two: the exchanges (at least one) and the market type (all markets by default), the summary, and — for a
 * risk above the latest quiz result, or without one — an explicit confirmation. Submitting creates the
 * order (one idempotency key per attempt) and goes on to its payment, or to the VIP request's page.
 */
export default function CreateOrderScreen({
  initialRisk,
  initialAmount = '',
}: {
  initialRisk?: FundRiskValue | null;
  initialAmount?: string;
}) {
  const { t } = useTranslation('baskets');
  const options = useQuery(basketOrderOptionsQueryOptions());
  const back = paths.baskets.getHref();
  if (options.isPending)
    return (
      <PageShell title={t('create.pageTitle')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (options.isError)
    return (
      <PageShell title={t('create.pageTitle')} backTo={back}>
        <ErrorState error={options.error} onRetry={() => void options.refetch()} isRetrying={options.isFetching} />
      </PageShell>
    );
  return (
    <PageShell title={t('create.pageTitle')} backTo={back}>
      {options.data.demo ? <DemoNotice /> : null}
      <OrderForm options={options.data} initialRisk={initialRisk ?? null} initialAmount={initialAmount} />
    </PageShell>
  );
}

function OrderForm({
  options,
  initialRisk,
  initialAmount,
}: {
  options: BasketOrderOptions;
  initialRisk: FundRiskValue | null;
  initialAmount: string;
}) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const ruleMessage = useRuleMessage();
  const errorMessage = useBasketErrorMessage();
  const create = useCreateBasketOrder();
  const quiz = options.latestRisk;
  const quizBand = quiz ? riskBandOf(quiz.riskNumber) : null;
  const schema = useMemo(() => orderFormSchema(quiz?.riskNumber ?? null), [quiz?.riskNumber]);
  const form = useForm<OrderFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<OrderFormValues>,
    defaultValues: {
      risk: initialRisk ?? quizBand ?? 35,
      amount: sanitizeAmount(initialAmount),
      exchanges: DEFAULT_EXCHANGES,
      marketType: 'all',
      riskAcknowledged: false,
    },
    mode: 'all',
  });
  const [step, setStep] = useState<0 | 1>(0);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const risk = useWatch({ control: form.control, name: 'risk' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const exchanges = useWatch({ control: form.control, name: 'exchanges' });
  const marketType = useWatch({ control: form.control, name: 'marketType' });
  const validAmount = amountRule(amount) === null ? canonicalAmount(amount) : null;
  const tier = validAmount ? amountTier(validAmount) : null;
  const missing = validAmount && tier === 'regular' ? shortfallOf(validAmount, options.walletAvailable) : null;
  const confirmNeeded = needsRiskConfirmation(risk, quiz?.riskNumber ?? null);
  // Back from the quiz the risk defaults to the new result's band: only the amount is carried.
  const here = paths.basketOrderCreate.getHref({ amount: validAmount ?? undefined });

  const next = async () => {
    const ok = await form.trigger([...STEP_FIELDS[0]], { shouldFocus: true });
    if (ok) setStep(1);
  };

  const submit = form.handleSubmit((v) => {
    if (create.isPending) return;
    const body = {
      risk: v.risk,
      amount: canonicalAmount(v.amount),
      exchanges: EXCHANGES.filter((e) => v.exchanges.includes(e)),
      marketType: v.marketType,
      riskAcknowledged: needsRiskConfirmation(v.risk, quiz?.riskNumber ?? null) && v.riskAcknowledged,
    };
    const canonical = JSON.stringify(body);
    if (sent.current?.body !== canonical) sent.current = { body: canonical, key: newIdempotencyKey() };
    create.mutate(
      { body, idempotencyKey: sent.current.key },
      {
        onSuccess: (order) =>
          void navigate(
            order.status === 'PendingVip'
              ? paths.basketOrderOutcome.getHref(order.id, 'vip')
              : paths.basketOrderPayment.getHref(order.id),
          ),
        onError: (e) => {
          if (!isApiError(e)) return;
          // The quiz was taken elsewhere meanwhile: read the latest result again, the form asks for the confirmation.
          if (e.code === 'RISK_CONFIRMATION_REQUIRED') {
            void client.invalidateQueries({ queryKey: basketKeys.options });
            form.setError('riskAcknowledged', { message: 'riskConfirm' }, { shouldFocus: true });
          }
          const issue = e.code === 'VALIDATION_FAILED' ? e.details?.issues?.[0] : undefined;
          if (issue?.path === 'body.amount' || issue?.path === 'amount') {
            setStep(0);
            form.setError('amount', { message: issue.rule }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const busy = create.isPending;
  const serverError =
    create.error && !(isApiError(create.error) && ['KYC_REQUIRED'].includes(create.error.code))
      ? errorMessage(create.error)
      : null;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(e) => {
        // Enter on the first step goes on to the second; only the second step submits.
        if (step === 0) {
          e.preventDefault();
          void next();
        } else void submit(e);
      }}
      aria-label={t('create.pageTitle')}
    >
      <Stepper
        activeStep={step}
        aria-label={t('create.stepLabel', { step: fmt.number(step + 1), total: fmt.number(2) })}
      >
        {(['risk', 'advanced'] as const).map((s) => (
          <Step key={s}>
            <StepLabel>{t(`create.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" role="status">
        {t('create.stepLabel', { step: fmt.number(step + 1), total: fmt.number(2) })}
      </Typography>

      {step === 0 ? (
        <>
          <Section id="basket-risk" title={t('create.steps.risk')}>
            {quiz ? (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to={quizHref(here)} color="inherit" size="small">
                    {t('create.risk.retakeLink')}
                  </Button>
                }
                sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                {t('create.risk.fromQuiz', {
                  date: fmt.date(quiz.takenAt, 'long'),
                  persona: fmt.persona(riskBandOf(quiz.riskNumber)),
                  number: fmt.number(quiz.riskNumber),
                })}
              </Alert>
            ) : (
              <Alert
                severity="warning"
                action={
                  <Button component={RouterLink} to={quizHref(here)} color="inherit" size="small">
                    {t('create.risk.quizLink')}
                  </Button>
                }
                sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                {t('create.risk.noQuiz')}
              </Alert>
            )}
            <Controller
              name="risk"
              control={form.control}
              render={({ field }) => (
                <RiskChoice
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    void form.trigger('riskAcknowledged');
                  }}
                  quizBand={quizBand}
                  disabled={busy}
                  inputRef={field.ref}
                />
              )}
            />
          </Section>
          <Section id="basket-amount" title={t('create.amount.label')}>
            <Controller
              name="amount"
              control={form.control}
              render={({ field, fieldState, formState }) => {
                const show =
                  Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
                return (
                  <DigitTextField
                    id="basket-amount-input"
                    name={field.name}
                    label={t('create.amount.label')}
                    value={displayTyped(field.value, fmt.lng)}
                    sanitize={sanitizeAmount}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoComplete="off"
                    disabled={busy}
                    error={show}
                    helperText={
                      show
                        ? ruleMessage(fieldState.error?.message)
                        : t('create.amount.hint', { min: fmt.usdt(options.limits.min) })
                    }
                    inputProps={{ inputMode: 'decimal' }}
                  />
                );
              }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('create.amount.balance', { amount: fmt.usdt(options.walletAvailable) })}
            </Typography>
            {missing ? (
              <Alert severity="info" role="status">
                {t('create.amount.balanceShort', { missing: fmt.usdt(missing) })}
              </Alert>
            ) : null}
            <TierNotice tier={tier} options={options} />
          </Section>
          <Button
            variant="contained"
            size="large"
            onClick={() => void next()}
            sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
          >
            {t('create.next')}
          </Button>
        </>
      ) : (
        <>
          <Section id="basket-advanced" title={t('create.steps.advanced')}>
            <Controller
              name="exchanges"
              control={form.control}
              render={({ field, fieldState, formState }) => {
                const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                const toggle = (e: ExchangeId, on: boolean) => {
                  field.onChange(on ? [...field.value, e] : field.value.filter((x) => x !== e));
                  field.onBlur();
                };
                return (
                  <FormControl component="fieldset" error={show} disabled={busy}>
                    <FormLabel component="legend" sx={{ mb: 0.5 }}>
                      {t('create.exchanges.label')}
                    </FormLabel>
                    <FormHelperText sx={{ mx: 0, mt: 0, mb: 1 }}>{t('create.exchanges.hint')}</FormHelperText>
                    <FormGroup>
                      {options.exchanges.map(({ exchange, assets }) => (
                        <FormControlLabel
                          key={exchange}
                          control={
                            <Checkbox
                              name="exchanges"
                              checked={field.value.includes(exchange)}
                              onChange={(e) => toggle(exchange, e.target.checked)}
                              inputRef={exchange === options.exchanges[0]?.exchange ? field.ref : undefined}
                            />
                          }
                          label={
                            <Box sx={{ py: 0.5 }}>
                              <Typography component="span">{t(`exchange.${exchange}`)}</Typography>
                              <Typography variant="body2" color="text.secondary">
                                {t('create.exchanges.assets', { formatted: fmt.number(assets[marketType]) })}
                              </Typography>
                            </Box>
                          }
                          sx={{ mx: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: 0.25 } }}
                        />
                      ))}
                    </FormGroup>
                    {show ? (
                      <FormHelperText sx={{ mx: 0 }}>{ruleMessage(fieldState.error?.message)}</FormHelperText>
                    ) : null}
                  </FormControl>
                );
              }}
            />
            <Controller
              name="marketType"
              control={form.control}
              render={({ field }) => (
                <FormControl component="fieldset" disabled={busy}>
                  <FormLabel component="legend" sx={{ mb: 1 }}>
                    {t('create.marketTypeLabel')}
                  </FormLabel>
                  <RadioGroup name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                    {MARKET_TYPES.map((m) => (
                      <FormControlLabel
                        key={m}
                        value={m}
                        control={<Radio inputRef={m === field.value ? field.ref : undefined} />}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography component="span">{t(`marketType.${m}`)}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {t(`marketType.${m}Hint`)}
                            </Typography>
                          </Box>
                        }
                        sx={{ mx: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
          </Section>

          <Section id="basket-summary" title={t('create.summary.title')}>
            <Figures
              label={t('create.summary.title')}
              rows={[
                { label: t('create.summary.risk'), value: fmt.risk(risk) },
                { label: t('create.summary.amount'), value: validAmount ? <bdi>{fmt.usdt(validAmount)}</bdi> : '—' },
                {
                  label: t('create.summary.exchanges'),
                  value: exchanges.length ? exchanges.map((e) => t(`exchange.${e}`)).join('، ') : '—',
                },
                { label: t('create.summary.marketType'), value: t(`marketType.${marketType}`) },
                {
                  label: t('create.summary.fee'),
                  value: t('create.summary.feeValue', { percent: fmt.percent(options.feeBps / 10_000) }),
                },
                {
                  label: t('create.summary.kind'),
                  value: tier === 'regular' ? t('create.summary.regular') : t('create.summary.vipKind'),
                },
              ]}
            />
            <TierNotice tier={tier} options={options} />
            {confirmNeeded ? (
              <Controller
                name="riskAcknowledged"
                control={form.control}
                render={({ field, fieldState, formState }) => {
                  const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                  return (
                    <FormControl error={show} disabled={busy}>
                      <Alert severity="warning" sx={{ mb: 1 }}>
                        {quiz
                          ? t('create.riskConfirm.riskier', {
                              basket: fmt.persona(risk),
                              quiz: fmt.persona(riskBandOf(quiz.riskNumber)),
                            })
                          : t('create.riskConfirm.noQuiz')}{' '}
                        <Link component={RouterLink} to={quizHref(here)}>
                          {quiz ? t('create.risk.retakeLink') : t('create.risk.quizLink')}
                        </Link>
                      </Alert>
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
                            slotProps={{ input: { 'aria-describedby': show ? 'basket-risk-error' : undefined } }}
                          />
                        }
                        label={t('create.riskConfirm.label')}
                        sx={{ mx: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
                      />
                      {show ? (
                        <FormHelperText id="basket-risk-error" sx={{ mx: 0 }}>
                          {t('create.riskConfirm.required')}
                        </FormHelperText>
                      ) : null}
                    </FormControl>
                  );
                }}
              />
            ) : null}
          </Section>
          {serverError ? <FormError message={serverError} /> : null}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
            <Button color="inherit" variant="outlined" onClick={() => setStep(0)} disabled={busy}>
              {t('create.back')}
            </Button>
            <Button type="submit" variant="contained" size="large" loading={busy} sx={{ minWidth: 200 }}>
              {tier === 'regular' || tier === null ? t('create.submit') : t('create.submitVip')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** From 50,000: a VIP request; above 200,000: a specialised basket too. */
function TierNotice({ tier, options }: { tier: ReturnType<typeof amountTier> | null; options: BasketOrderOptions }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  if (tier === null || tier === 'regular') return null;
  return (
    <Stack spacing={1}>
      <Alert severity="info" role="status">
        <AlertTitle>{t('create.vip.title')}</AlertTitle>
        {t('create.vip.text', { min: fmt.usdt(options.limits.vipFrom) })}
      </Alert>
      {tier === 'specialised' ? (
        <Alert severity="info" role="status">
          <AlertTitle>{t('create.specialised.title')}</AlertTitle>
          {t('create.specialised.text', { amount: fmt.usdt(options.limits.specialisedAbove) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
