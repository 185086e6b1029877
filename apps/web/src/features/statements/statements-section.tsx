import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CULTURES, type Culture } from '@portal/contract/core/constants';
import { STATEMENT_FORMATS, STATEMENT_MAX_DAYS } from '@portal/contract/wallet/statements';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarDateField } from '@/components/calendar-date-field';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { Section } from '@/components/layouts/page-shell';
import { useFormat } from '@/hooks/use-format';
import { calendarDateOf, monthNames } from '@/lib/calendar-date';
import { emptyCalendarDate } from '@/lib/calendar-date-input';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { downloadFile, holdingsCertificateUrl, statementUrl } from './download';
import {
  calendarInputOf,
  certificateFormSchema,
  statementFormSchema,
  tehranToday,
  type CertificateFormInput,
  type CertificateRequest,
  type StatementFormInput,
  type StatementRequest,
} from './statement-forms';

/**
 * Statements and the holdings certificate (issue 19, decision 042), on the transactions page: a statement
 * of a month of the user's calendar (Jalali by default) or of any range of days, the holdings certificate
 * at a day, each as PDF or CSV in the language chosen (the page's by default), downloaded with the session.
 */
export function StatementsSection() {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState<'statement' | 'certificate' | null>(null);
  return (
    <Section id="statements" title={t('statements.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('statements.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setOpen('statement')}>
          {t('statements.statementButton')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('certificate')}>
          {t('statements.certificateButton')}
        </Button>
      </Box>
      {open === 'statement' ? <StatementDialog onClose={() => setOpen(null)} /> : null}
      {open === 'certificate' ? <CertificateDialog onClose={() => setOpen(null)} /> : null}
    </Section>
  );
}

const isCulture = (v: string): v is Culture => (CULTURES as readonly string[]).includes(v);

/** A download in flight, and what the server refused. */
function useDownload() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (url: string, name: string, onDone: () => void) => {
    setPending(true);
    setError(null);
    try {
      await downloadFile(url, name);
      onDone();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

function useRuleMessage() {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  return (rule: string | undefined) =>
    t(`translation:validation.${rule ?? 'required'}`, { days: fmt.number(STATEMENT_MAX_DAYS) });
}

export function StatementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { lng, calendar } = useFormat();
  const titleId = useId();
  const message = useRuleMessage();
  const errorMessage = useErrorMessage();
  const download = useDownload();
  const schema = useMemo(() => statementFormSchema(calendar), [calendar]);
  const now = useMemo(() => calendarDateOf(Date.now(), calendar), [calendar]);
  const months = useMemo(() => monthNames(calendar, lng), [calendar, lng]);
  const form = useForm<StatementFormInput, unknown, StatementRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      mode: 'month',
      year: String(now.year),
      month: String(now.month),
      from: emptyCalendarDate,
      to: emptyCalendarDate,
      format: 'pdf',
      lang: isCulture(lng) ? lng : 'fa',
    },
    mode: 'all',
  });
  const mode = form.watch('mode');
  const dateLabels = (end: 'from' | 'to') => ({
    legend: t(`statements.${end}`, { calendar: t(`translation:common.calendar.${calendar}`) }),
    year: t('statements.year'),
    month: t('statements.month'),
    monthPlaceholder: t('statements.monthPlaceholder'),
    day: t('statements.day'),
    hint: t('statements.rangeHint', { days: formatDigits(String(STATEMENT_MAX_DAYS), lng) }),
  });
  const submit = form.handleSubmit((q) =>
    download.run(statementUrl(q), `statement-${q.from}_${q.to}.${q.format}`, onClose),
  );

  return (
    <Dialog open onClose={download.pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('statements.statementTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <ChoiceField
              control={form.control}
              name="mode"
              label={t('statements.periodLabel')}
              options={[
                ['month', t('statements.modes.month')],
                ['range', t('statements.modes.range')],
              ]}
            />
            {mode === 'month' ? (
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1.4fr', gap: 1.5 }}>
                <Controller
                  control={form.control}
                  name="year"
                  render={({ field, fieldState, formState }) => {
                    const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                    return (
                      <DigitTextField
                        id={`${titleId}-year`}
                        label={t('statements.year')}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        sanitize={onlyDigits(4)}
                        error={show}
                        helperText={show ? message(fieldState.error?.message) : ' '}
                        autoComplete="off"
                        inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 4 }}
                      />
                    );
                  }}
                />
                <Controller
                  control={form.control}
                  name="month"
                  render={({ field, fieldState, formState }) => {
                    const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                    return (
                      <TextField
                        select
                        id={`${titleId}-month`}
                        label={t('statements.month')}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={show}
                        helperText={show ? message(fieldState.error?.message) : ' '}
                        fullWidth
                        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                      >
                        <option value="" disabled>
                          {t('statements.monthPlaceholder')}
                        </option>
                        {months.map((name, i) => (
                          <option key={name} value={String(i + 1)}>
                            {name}
                          </option>
                        ))}
                      </TextField>
                    );
                  }}
                />
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <CalendarDateField<StatementFormInput, StatementRequest>
                  control={form.control}
                  name="from"
                  labels={dateLabels('from')}
                  yearExample={String(now.year)}
                  message={message}
                />
                <CalendarDateField<StatementFormInput, StatementRequest>
                  control={form.control}
                  name="to"
                  labels={dateLabels('to')}
                  yearExample={String(now.year)}
                  message={message}
                />
              </Box>
            )}
            <FileOptions control={form.control} />
            {download.error ? <FormError message={errorMessage(download.error)} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={download.pending}>
            {t('statements.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={download.pending}>
            {t('statements.download')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CertificateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { lng, calendar } = useFormat();
  const titleId = useId();
  const message = useRuleMessage();
  const errorMessage = useErrorMessage();
  const download = useDownload();
  const today = useMemo(() => tehranToday(), []);
  const schema = useMemo(() => certificateFormSchema(calendar, today), [calendar, today]);
  const form = useForm<CertificateFormInput, unknown, CertificateRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      date: calendarInputOf(calendar, today),
      format: 'pdf',
      lang: isCulture(lng) ? lng : 'fa',
    },
    mode: 'all',
  });
  const submit = form.handleSubmit((q) =>
    download.run(holdingsCertificateUrl(q), `holdings-certificate-${q.date}.${q.format}`, onClose),
  );
  return (
    <Dialog open onClose={download.pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('statements.certificateTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('statements.certificateIntro')}
            </Typography>
            <CalendarDateField<CertificateFormInput, CertificateRequest>
              control={form.control}
              name="date"
              labels={{
                legend: t('statements.certificateDate', { calendar: t(`translation:common.calendar.${calendar}`) }),
                year: t('statements.year'),
                month: t('statements.month'),
                monthPlaceholder: t('statements.monthPlaceholder'),
                day: t('statements.day'),
                hint: t('statements.certificateHint'),
              }}
              yearExample={String(calendarDateOf(Date.now(), calendar).year)}
              message={message}
            />
            <FileOptions control={form.control} />
            {download.error ? <FormError message={errorMessage(download.error)} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={download.pending}>
            {t('statements.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={download.pending}>
            {t('statements.download')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The file's format and language, shared by both dialogs. */
function FileOptions<T extends FieldValues & { format: string; lang: string }>({
  control,
}: {
  control: Control<T, unknown, FieldValues>;
}) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <ChoiceField
        control={control}
        name={'format' as Path<T>}
        label={t('statements.formatLabel')}
        options={STATEMENT_FORMATS.map((f) => [f, t(`statements.formats.${f}`)] as const)}
      />
      <ChoiceField
        control={control}
        name={'lang' as Path<T>}
        label={t('statements.langLabel')}
        options={CULTURES.map((c) => [c, t(`statements.langs.${c}`)] as const)}
        hint={t('statements.langHint')}
      />
    </>
  );
}

/** A choice of a few options as radio buttons (a group named by its label). */
function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  hint,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
  options: readonly (readonly [string, string])[];
  hint?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box role="group" aria-labelledby={id}>
          <Typography id={id} variant="body2" color="text.secondary">
            {label}
          </Typography>
          <RadioGroup row name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
            {options.map(([value, text]) => (
              <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={text} />
            ))}
          </RadioGroup>
          {hint ? <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText> : null}
        </Box>
      )}
    />
  );
}
