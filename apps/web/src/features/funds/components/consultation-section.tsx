import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ConsultationView, type FundDetail } from '@portal/contract/funds/catalogue';
import {
  isConsultationPeriodOver,
  openConsultationPeriods,
  requestConsultationBody,
} from '@portal/contract/funds/consultation';
import {
  CONSULTATION_DAYS,
  CONSULTATION_PERIOD_HOURS,
  CONSULTATION_PERIODS,
  type ConsultationPeriod,
} from '@portal/contract/funds/funds';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DigitTextField } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { Section } from '@/components/layouts/page-shell';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile, formatDigits } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { useRequestConsultation } from '../api/request-consultation';
import { useDayFormat } from '../fund-format';
import { useNow } from '../use-now';

type Input = z.input<typeof requestConsultationBody>;
type Output = z.output<typeof requestConsultationBody>;

/** The server's refusals this form explains in its own words (others: the shared error sentences). */
const OWN_ERRORS = ['CONSULTATION_PERIOD_OVER', 'CONSULTATION_ALREADY_REQUESTED'] as const;

/** `+989121234567` → `09121234567` (Latin digits: the field's own value). */
const localMobile = (e164: string | undefined) => (e164?.startsWith('+98') ? `0${e164.slice(3)}` : (e164 ?? ''));

/**
 * The consultation request (SPEC §2, §3): Today or Tomorrow, one of the four periods (Tehran hours; a
 * period of today that is over cannot be chosen), and a phone number, prefilled with the account's.
 * Checked on change and on blur with the contract's schema; the request lands in the operators' queue.
 */
export function ConsultationSection({ fund, now: fixedNow }: { fund: FundDetail; now?: Date }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const day = useDayFormat();
  const errorMessage = useErrorMessage();
  const ticking = useNow();
  const now = fixedNow ?? ticking;
  const mobile = useAccount().data?.user.mobile;
  const request = useRequestConsultation(fund.id);
  const [done, setDone] = useState<ConsultationView | null>(null);

  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(requestConsultationBody),
    defaultValues: {
      day: openConsultationPeriods('Today', now).length > 0 ? 'Today' : 'Tomorrow',
      period: undefined,
      phone: localMobile(mobile),
    },
    mode: 'all',
  });
  const chosenDay = useWatch({ control: form.control, name: 'day' });
  const chosenPeriod = useWatch({ control: form.control, name: 'period' });

  // The account's number, once it is known, unless the user has typed another.
  useEffect(() => {
    if (mobile && !form.getFieldState('phone').isDirty && form.getValues('phone') === '')
      form.setValue('phone', localMobile(mobile));
  }, [mobile, form]);

  // A period of today that runs out while the form is open is dropped.
  useEffect(() => {
    if (chosenDay && chosenPeriod && isConsultationPeriodOver(chosenDay, chosenPeriod, now)) form.resetField('period');
  }, [chosenDay, chosenPeriod, now, form]);

  const periodText = (p: ConsultationPeriod) => {
    const [from, to] = CONSULTATION_PERIOD_HOURS[p];
    return t('consultation.periodHours', {
      period: t(`consultation.periods.${p}`),
      from: fmt.number(from),
      to: fmt.number(to),
    });
  };
  const fieldMessage = (rule: string | undefined) => (rule ? t(`translation:validation.${rule}`) : '');

  const onSubmit = form.handleSubmit((body) => {
    if (request.isPending) return;
    request.mutate(body, {
      onSuccess: (view) => {
        setDone(view);
        form.reset({ day: body.day, period: undefined, phone: localMobile(view.phone) });
      },
    });
  });

  const serverError = request.error;
  const serverMessage =
    serverError && isApiError(serverError) && (OWN_ERRORS as readonly string[]).includes(serverError.code)
      ? t(`consultation.errors.${serverError.code as (typeof OWN_ERRORS)[number]}`)
      : serverError
        ? errorMessage(serverError)
        : null;

  return (
    <Section id="fund-consultation" title={t('consultation.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('consultation.text')}
      </Typography>

      {fund.openConsultations.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('consultation.openTitle')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {fund.openConsultations.map((c) => (
            <Alert component="li" key={c.id} severity="info" variant="outlined">
              {t('consultation.open', {
                date: day(c.callDate),
                period: periodText(c.period),
                phone: displayMobile(c.phone, fmt.lng),
              })}
            </Alert>
          ))}
        </Box>
      ) : null}

      {done ? (
        <Alert severity="success" onClose={() => setDone(null)} closeText={t('translation:common.close')}>
          <AlertTitle>{t('consultation.success.title')}</AlertTitle>
          {t('consultation.success.text', {
            date: day(done.callDate),
            period: periodText(done.period),
            phone: displayMobile(done.phone, fmt.lng),
          })}
        </Alert>
      ) : null}

      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('consultation.title')}>
        <Controller
          name="day"
          control={form.control}
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                {t('consultation.day')}
              </FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  field.onBlur();
                }}
              >
                {CONSULTATION_DAYS.map((d) => (
                  <FormControlLabel
                    key={d}
                    value={d}
                    control={<Radio inputRef={d === 'Today' ? field.ref : undefined} />}
                    label={t(`consultation.days.${d}`)}
                    disabled={openConsultationPeriods(d, now).length === 0}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Controller
          name="period"
          control={form.control}
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <FormControl component="fieldset" error={show}>
                <FormLabel component="legend" sx={{ mb: 0.5 }}>
                  {t('consultation.period')}
                </FormLabel>
                <RadioGroup
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    field.onBlur();
                  }}
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
                >
                  {CONSULTATION_PERIODS.map((p) => {
                    const over = chosenDay ? isConsultationPeriodOver(chosenDay, p, now) : false;
                    return (
                      <FormControlLabel
                        key={p}
                        value={p}
                        disabled={over}
                        control={<Radio inputRef={p === 'Morning' ? field.ref : undefined} />}
                        label={
                          <Box sx={{ py: 0.25 }}>
                            <Typography>{periodText(p)}</Typography>
                            {over ? (
                              <Typography variant="caption" color="text.secondary">
                                {t('consultation.periodOver')}
                              </Typography>
                            ) : null}
                          </Box>
                        }
                        sx={{ mx: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
                      />
                    );
                  })}
                </RadioGroup>
                <FormHelperText sx={{ mx: 0 }}>
                  {show ? fieldMessage(fieldState.error?.message) : t('consultation.tehranTime')}
                </FormHelperText>
              </FormControl>
            );
          }}
        />
        <Controller
          name="phone"
          control={form.control}
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <DigitTextField
                id="consultation-phone"
                name={field.name}
                label={t('consultation.phone')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                type="tel"
                autoComplete="tel"
                placeholder={formatDigits('09123456789', fmt.lng)}
                error={show}
                helperText={show ? fieldMessage(fieldState.error?.message) : t('consultation.phoneHint')}
                inputProps={{ dir: 'ltr', inputMode: 'tel', maxLength: 32 }}
              />
            );
          }}
        />
        {serverMessage ? <FormError message={serverMessage} /> : null}
        <Button
          type="submit"
          variant="contained"
          loading={request.isPending}
          sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 180 }}
        >
          {t('consultation.submit')}
        </Button>
      </Stack>
    </Section>
  );
}
