import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarDateField } from '@/components/calendar-date-field';
import { useFormat } from '@/hooks/use-format';
import { calendarDateOf } from '@/lib/calendar-date';
import { dateRangeSchema, toCalendarInput, type DateRange, type DateRangeInput } from '../date-range';

/**
 * The Jalali date range of the transactions page (the user's calendar; Persian by default): «from» and
 * «to», each typed as the other dates of the portal are (year, month by name, day), both optional and
 * inclusive. Nothing is asked until «apply», and a range whose end is before its start says so instead.
 * The form follows the address: clearing the filters or choosing a period shows the range they mean.
 */
export function TransactionsDateRange({
  value,
  onApply,
}: {
  /** The range in force (from the address), Gregorian `YYYY-MM-DD`. */
  value: DateRange;
  onApply: (range: DateRange) => void;
}) {
  const { t } = useTranslation('wallet');
  const { calendar } = useFormat();
  const schema = useMemo(() => dateRangeSchema(calendar), [calendar]);
  const thisYear = useMemo(() => String(calendarDateOf(Date.now(), calendar).year), [calendar]);
  const current = useMemo(
    () => ({ from: toCalendarInput(calendar, value.from), to: toCalendarInput(calendar, value.to) }),
    [calendar, value.from, value.to],
  );
  const form = useForm<DateRangeInput, unknown, DateRange>({
    resolver: zodResolver(schema),
    defaultValues: current,
    mode: 'all',
  });
  const { reset } = form;
  useEffect(() => reset(current), [reset, current]);

  const message = (rule: string | undefined) =>
    t(`transactions.range.errors.${rule === 'dateRangeOrder' ? 'dateRangeOrder' : 'date'}`);
  const labels = (end: 'from' | 'to') => ({
    legend: t(`transactions.range.${end}`, { calendar: t(`translation:common.calendar.${calendar}`) }),
    year: t('transactions.range.year'),
    month: t('transactions.range.month'),
    monthPlaceholder: t('transactions.range.monthPlaceholder'),
    day: t('transactions.range.day'),
    hint: t(`transactions.range.${end}Hint`),
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('transactions.range.title')}
      onSubmit={form.handleSubmit((range) => onApply({ from: range.from, to: range.to }))}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, alignItems: 'start' }}
    >
      <CalendarDateField<DateRangeInput, DateRange>
        control={form.control}
        name="from"
        labels={labels('from')}
        yearExample={thisYear}
        message={message}
      />
      <CalendarDateField<DateRangeInput, DateRange>
        control={form.control}
        name="to"
        labels={labels('to')}
        yearExample={thisYear}
        message={message}
      />
      <Button type="submit" variant="outlined" sx={{ mt: { md: 4.25 }, minHeight: 40 }}>
        {t('transactions.range.apply')}
      </Button>
    </Box>
  );
}
