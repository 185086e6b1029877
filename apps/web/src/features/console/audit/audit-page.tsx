import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { searchAudit, type AuditEntry } from '@portal/contract/admin/admin';
import type { Calendar } from '@portal/contract/core/constants';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile, formatDigits } from '@/lib/format';
import { auditQueryOptions, type AuditFilters } from './api';
import { AUDIT_FILTER_OPTIONS, auditActionKey } from './audit-actions';
import { dayInputOf, formatDay, parseDayInput } from '../shell/dates';
import { declared } from '../shell/schemas';
import { pageParam } from '@/lib/page-window';
import { withPage } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, Panel, ResultCount } from '../shell/console-page';

const FILTER_KEYS = ['userId', 'actorId', 'action', 'from', 'to'] as const;
const query = declared(searchAudit.query).shape;

/**
 * The filter form: the contract's rules for ids and the action, and days typed in the operator's
 * calendar (sent as Gregorian days), the first not after the second.
 */
function filterSchema(calendar: Calendar) {
  const day = z.string().refine((s) => parseDayInput(s, calendar) !== null, { message: 'date' });
  return z
    .object({
      userId: z.literal('').or(query.userId),
      actorId: z.literal('').or(query.actorId),
      action: query.action,
      from: day,
      to: day,
    })
    .refine(
      (v) => {
        const from = parseDayInput(v.from, calendar);
        const to = parseDayInput(v.to, calendar);
        return !from || !to || from <= to;
      },
      { message: 'dateOrder', path: ['to'] },
    );
}
type FilterForm = z.input<ReturnType<typeof filterSchema>>;

function filtersOf(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) || undefined]));
}

function AuditFiltersForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const schema = useMemo(() => filterSchema(fmt.calendar), [fmt.calendar]);
  const toForm = (f: AuditFilters): FilterForm => ({
    userId: f.userId ?? '',
    actorId: f.actorId ?? '',
    action: f.action ?? '',
    from: dayInputOf(f.from, fmt.calendar, fmt.lng),
    to: dayInputOf(f.to, fmt.calendar, fmt.lng),
  });
  const form = useForm<FilterForm>({ resolver: zodResolver(schema), defaultValues: toForm(filters), mode: 'onSubmit' });
  const key = JSON.stringify(filters);
  useEffect(() => {
    form.reset(toForm(JSON.parse(key) as AuditFilters));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form follows the URL (and the calendar)
  }, [key, fmt.calendar, fmt.lng]);

  const onSubmit = form.handleSubmit((v) =>
    onApply({
      userId: v.userId || undefined,
      actorId: v.actorId || undefined,
      action: v.action?.trim() || undefined,
      from: parseDayInput(v.from, fmt.calendar) || undefined,
      to: parseDayInput(v.to, fmt.calendar) || undefined,
    }),
  );
  const example = dayInputOf(new Date().toISOString().slice(0, 10), fmt.calendar, fmt.lng);
  const ruleText = (rule: string | undefined) =>
    rule === 'dateOrder' ? t('audit.filters.dateOrder') : t(`translation:validation.${rule ?? 'format'}`);

  const idField = (name: 'userId' | 'actorId') => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={`admin-audit-${name}`}
          label={t(`audit.filters.${name}`)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? ruleText(fieldState.error.message) : ' '}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off' } }}
        />
      )}
    />
  );
  const dayField = (name: 'from' | 'to') => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => {
        const iso = parseDayInput(field.value, fmt.calendar);
        return (
          <TextField
            {...field}
            id={`admin-audit-${name}`}
            label={t(`audit.filters.${name}`)}
            placeholder={example}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? ruleText(fieldState.error.message)
                : iso
                  ? formatDay(iso, fmt.lng, fmt.calendar)
                  : t('audit.filters.dayHint', { calendar: t(`translation:common.calendar.${fmt.calendar}`) })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        );
      }}
    />
  );

  return (
    <Panel id="audit-filters" title={t('audit.filters.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {idField('userId')}
        {idField('actorId')}
        <Controller
          name="action"
          control={form.control}
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={AUDIT_FILTER_OPTIONS}
              inputValue={field.value}
              onInputChange={(_, value) => field.onChange(value)}
              renderOption={({ key, ...props }, option) => {
                const labelKey = auditActionKey(option);
                return (
                  <Box
                    component="li"
                    key={key}
                    {...props}
                    sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
                  >
                    <span>{labelKey ? t(labelKey) : option}</span>
                    <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                      {option}
                    </Typography>
                  </Box>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  id="admin-audit-action"
                  label={t('audit.filters.action')}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? ruleText(fieldState.error.message) : t('audit.filters.actionHint')}
                  slotProps={{ htmlInput: { ...params.inputProps, dir: 'ltr', spellCheck: false } }}
                />
              )}
            />
          )}
        />
        {dayField('from')}
        {dayField('to')}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: { lg: 1 } }}>
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

function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  const key = auditActionKey(action);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {key ? <span>{t(key)}</span> : null}
      <Typography
        variant="caption"
        color={key ? 'text.secondary' : 'text.primary'}
        dir="ltr"
        sx={{ fontFamily: 'monospace', alignSelf: 'flex-start' }}
      >
        {action}
      </Typography>
    </Box>
  );
}

function Actor({ e }: { e: AuditEntry }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  if (!e.actorUserId) return <Typography color="text.secondary">{t('audit.system')}</Typography>;
  return (
    <Link component={RouterLink} to={paths.adminUser.getHref(e.actorUserId)} dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {e.actorMobile ? displayMobile(e.actorMobile, fmt.lng) : e.actorUserId.slice(0, 8)}
    </Link>
  );
}

function Subject({ e }: { e: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  if (!e.subjectType && !e.subjectId) return <Typography color="text.secondary">{t('common.none')}</Typography>;
  const typeKey = `admin:audit.subjectTypes.${e.subjectType ?? ''}`;
  const type = e.subjectType ? (i18n.exists(typeKey) ? t(typeKey) : e.subjectType) : '';
  const id = e.subjectId ? (
    <Box component="span" dir="ltr" title={e.subjectId} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {e.subjectId.slice(0, 8)}
    </Box>
  ) : null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <span>{type}</span>
      {e.subjectType === 'user' && e.subjectId ? (
        <Link component={RouterLink} to={paths.adminUser.getHref(e.subjectId)}>
          {id}
        </Link>
      ) : (
        id
      )}
    </Box>
  );
}

function Data({ data }: { data: AuditEntry['data'] }) {
  const { t } = useTranslation('admin');
  const json = Object.keys(data).length ? JSON.stringify(data) : '';
  if (!json) return <Typography color="text.secondary">{t('common.none')}</Typography>;
  return (
    <Box
      component="code"
      dir="ltr"
      sx={{
        display: 'block',
        fontSize: '0.75rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        textAlign: 'left',
      }}
    >
      {json}
    </Box>
  );
}

function Ip({ ip }: { ip: string | null }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return ip ? (
    <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {formatDigits(ip, fmt.lng)}
    </Box>
  ) : (
    <Typography color="text.secondary">{t('common.none')}</Typography>
  );
}

function AuditTable({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('audit.title')} sx={{ '& td': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            {(['at', 'actor', 'action', 'subject', 'ip', 'data'] as const).map((c) => (
              <TableCell key={c}>{t(`audit.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(e.at, 'dateTime')}</TableCell>
              <TableCell>
                <Actor e={e} />
              </TableCell>
              <TableCell>
                <ActionLabel action={e.action} />
              </TableCell>
              <TableCell>
                <Subject e={e} />
              </TableCell>
              <TableCell>
                <Ip ip={e.ip} />
              </TableCell>
              <TableCell sx={{ minWidth: 200, maxWidth: 360 }}>
                <Data data={e.data} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AuditCards({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <List disablePadding aria-label={t('audit.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((e) => (
        <Paper
          key={e.id}
          component={ListItem}
          variant="outlined"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, p: 1.5 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <ActionLabel action={e.action} />
            <Typography variant="body2" color="text.secondary">
              {fmt.date(e.at, 'dateTime')}
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 1.5,
              rowGap: 0.5,
              fontSize: '0.875rem',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.actor')}
            </Typography>
            <Actor e={e} />
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.subject')}
            </Typography>
            <Subject e={e} />
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.ip')}
            </Typography>
            <Box>
              <Ip ip={e.ip} />
            </Box>
          </Box>
          <Data data={e.data} />
        </Paper>
      ))}
    </List>
  );
}

/**
 * The audit log (`/admin/audit?userId=&actorId=&action=&from=&to=&page=`), newest first. A user's
 * page links here with `userId` filled in.
 */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageParam(params.get('page'));
  const audit = useQuery(auditQueryOptions(filters, page));

  const apply = (f: AuditFilters) => {
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) if (f[k]) next.set(k, f[k]);
    setParams(next);
  };

  return (
    <ConsolePage title={t('audit.title')}>
      <AuditFiltersForm filters={filters} onApply={apply} />
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} isRetrying={audit.isFetching} />
      ) : audit.data.items.length === 0 ? (
        <EmptyState message={t('audit.empty')} />
      ) : (
        <>
          <ResultCount total={audit.data.total} />
          {isDesktop ? <AuditTable items={audit.data.items} /> : <AuditCards items={audit.data.items} />}
          <Pages
            page={page}
            total={audit.data.total}
            pageSize={audit.data.pageSize}
            onChange={(p) => setParams(withPage(params, p))}
          />
        </>
      )}
    </ConsolePage>
  );
}
