import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { searchAuditQuery } from '@portal/contract/admin/admin';
import type { Calendar } from '@portal/contract/core/constants';
import { CalendarDateField } from '@/components/calendar-date-field';
import { DigitTextField } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { fromIsoDate } from '@/lib/calendar-date';
import { calendarDateInputSchema, emptyCalendarDate, type CalendarDateInput } from '@/lib/calendar-date-input';
import { displayMobile } from '@/lib/format';
import type { AuditFilters } from './api';
import { AUDIT_FILTER_OPTIONS, auditActionKey } from './audit-actions';
import { Panel } from '../shell/console-page';

const query = searchAuditQuery.shape;
const YEAR_EXAMPLE: Record<Calendar, string> = { persian: '1404', gregory: '2025', 'islamic-umalqura': '1447' };

/** Nothing typed (undefined), or what `rule` makes of it, its issues kept (their messages are rule keys). */
function blankOr<I, O>(rule: z.ZodType<O, I>, isBlank: (v: I) => boolean) {
  return z.custom<I>().transform((v, ctx): O | undefined => {
    if (isBlank(v)) return undefined;
    const parsed = rule.safeParse(v);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/** A day typed in the operator's calendar, or nothing: the Gregorian `YYYY-MM-DD` the API takes, or undefined. */
function optionalDaySchema(calendar: Calendar) {
  const day = calendarDateInputSchema(calendar, { invalidMessage: 'date', rule: query.from.unwrap() });
  return blankOr(day, (v: CalendarDateInput) => ![v.year, v.month, v.day].some((s) => s.trim()));
}

/**
 * The filter form: the user's mobile (any digits, the contract's rule), one action or a group of the
 * contract's list, and a date range in the operator's calendar (Persian by default; the days go to
 * the API in Gregorian), the first not after the second.
 */
export function auditFilterSchema(calendar: Calendar) {
  return z
    .object({
      mobile: blankOr(query.mobile.unwrap(), (v: string) => !v.trim()),
      action: z.string(),
      from: optionalDaySchema(calendar),
      to: optionalDaySchema(calendar),
    })
    .refine((v) => !v.from || !v.to || v.from <= v.to, {
      message: 'dateOrder',
      path: ['to'],
      // Checked beside another field's error (a bad mobile), once both days could be read.
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'from' || i.path?.[0] === 'to'),
    });
}
type FilterInput = z.input<ReturnType<typeof auditFilterSchema>>;
type FilterOutput = z.output<ReturnType<typeof auditFilterSchema>>;

function dateInputOf(iso: string | undefined, calendar: Calendar): CalendarDateInput {
  const d = iso ? fromIsoDate(calendar, iso) : null;
  return d ? { year: String(d.year), month: String(d.month), day: String(d.day) } : emptyCalendarDate;
}

/** The action filter: every group (its prefix) followed by its actions, by their labels; an unknown name raw. */
function ActionSelect({
  value,
  onChange,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  inputRef: React.Ref<HTMLSelectElement>;
}) {
  const { t } = useTranslation('admin');
  const known = value === '' || AUDIT_FILTER_OPTIONS.includes(value);
  return (
    <TextField
      select
      id="admin-audit-action"
      label={t('audit.filters.action')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('audit.filters.actionHint')}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { ref: inputRef },
      }}
    >
      <option value="">{t('audit.filters.anyAction')}</option>
      {known ? null : <option value={value}>{value}</option>}
      {AUDIT_FILTER_OPTIONS.map((option) => {
        const key = auditActionKey(option);
        const label = key ? t(key) : option;
        // A group's prefix ends with a dot; its actions follow it, set in.
        return (
          <option key={option} value={option}>
            {option.endsWith('.') ? label : `\u2003${label}`}
          </option>
        );
      })}
    </TextField>
  );
}

/**
 * The audit log's filters as a form; applying puts them in the URL (`mobile`, `action`, `from`, `to`).
 * A user's page links here by `userId` (an operator's acts by `actorId`): those show as chips to remove.
 */
export function AuditFiltersForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const schema = useMemo(() => auditFilterSchema(fmt.calendar), [fmt.calendar]);
  const toForm = (f: AuditFilters): FilterInput => ({
    mobile: f.mobile ?? '',
    action: f.action ?? '',
    from: dateInputOf(f.from, fmt.calendar),
    to: dateInputOf(f.to, fmt.calendar),
  });
  // `values`: the form follows the URL (and the calendar); react-hook-form resets it when they differ.
  const form = useForm<FilterInput, unknown, FilterOutput>({
    resolver: zodResolver(schema),
    values: toForm(filters),
    mode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((v) =>
    onApply({
      userId: filters.userId,
      actorId: filters.actorId,
      // The URL holds the number as an Iranian reads it (0912…), the API takes it in any form.
      mobile: v.mobile ? displayMobile(v.mobile, 'en') : undefined,
      action: v.action || undefined,
      from: v.from,
      to: v.to,
    }),
  );
  const message = (rule: string | undefined) =>
    rule === 'dateOrder' ? t('audit.filters.dateOrder') : t(`translation:validation.${rule ?? 'format'}`);
  const calendarName = t(`translation:common.calendar.${fmt.calendar}`);
  const dateLabels = (name: 'from' | 'to') => ({
    legend: t(`audit.filters.${name}Legend`, { calendar: calendarName }),
    year: t('audit.filters.year'),
    month: t('audit.filters.month'),
    monthPlaceholder: t('audit.filters.monthPlaceholder'),
    day: t('audit.filters.day'),
    hint: t('audit.filters.dateHint'),
  });
  const byId = (['userId', 'actorId'] as const).filter((k) => filters[k]);

  return (
    <Panel id="audit-filters" title={t('audit.filters.title')}>
      {byId.length ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {byId.map((k) => (
            <Chip
              key={k}
              label={
                <>
                  {t(`audit.filters.${k}`)}:{' '}
                  <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                    {filters[k]!.slice(0, 8)}
                  </bdi>
                </>
              }
              title={filters[k]}
              onDelete={() => onApply({ ...filters, [k]: undefined })}
            />
          ))}
        </Box>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Controller
          name="mobile"
          control={form.control}
          render={({ field, fieldState }) => (
            <DigitTextField
              id="admin-audit-mobile"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={t('audit.filters.mobile')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? message(fieldState.error.message) : t('audit.filters.mobileHint')}
              autoComplete="off"
              inputProps={{ dir: 'ltr', inputMode: 'tel', spellCheck: false }}
            />
          )}
        />
        <Controller
          name="action"
          control={form.control}
          render={({ field }) => <ActionSelect value={field.value} onChange={field.onChange} inputRef={field.ref} />}
        />
        <CalendarDateField<FilterInput, FilterOutput>
          control={form.control}
          name="from"
          labels={dateLabels('from')}
          yearExample={YEAR_EXAMPLE[fmt.calendar]}
          message={message}
        />
        <CalendarDateField<FilterInput, FilterOutput>
          control={form.control}
          name="to"
          labels={dateLabels('to')}
          yearExample={YEAR_EXAMPLE[fmt.calendar]}
          message={message}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" startIcon={<FilterAltOutlined />}>
            {t('audit.filters.submit')}
          </Button>
          <Button type="button" color="inherit" onClick={() => onApply({})}>
            {t('audit.filters.clear')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}
