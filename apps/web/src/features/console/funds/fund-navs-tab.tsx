import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { correctFundNavBody, type AdminFund, type AdminFundNav } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import type { Calendar } from '@portal/contract/core/constants';
import { CURRENCY_SCALE } from '@portal/contract/core/money';
import type { FundCurrency } from '@portal/contract/funds/funds';
import { fundAmountIssue, normalizeFundAmount, tehranDateOf } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { visuallyHidden } from '@/components/logo';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { pageParam } from '@/lib/page-window';
import { fundNavsQueryOptions, useCorrectFundNav, usePublishFundNav } from './api';
import { dayInputOf, formatDay, parseDayInput } from '../shell/dates';
import { useCan } from '../shell/operator';
import { withPage } from '../shell/url';
import { DialogButtons } from '../shell/dialog-buttons';
import { EmptyState, Loading, Pages, Panel } from '../shell/console-page';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { FundMoney, useFundErrorMessage, useFundRuleMessage } from './fund-labels';
import { useDigitInput } from '@/components/digit-text-field';

/** A NAV as typed: the price of one whole unit, positive, in the fund's currency's scale. */
function navRule(typed: string, currency: FundCurrency): string | null {
  const nav = normalizeFundAmount(typed);
  if (nav === '') return 'required';
  return fundAmountIssue(nav, currency)?.rule ?? null;
}

function publishSchema(calendar: Calendar, currency: FundCurrency, today: string) {
  return z.object({ navDate: z.string(), nav: z.string() }).superRefine((v, ctx) => {
    const day = parseDayInput(v.navDate, calendar);
    const dayRule = day === '' ? 'required' : day === null ? 'date' : day > today ? 'navDateFuture' : null;
    if (dayRule) ctx.addIssue({ code: 'custom', path: ['navDate'], message: dayRule });
    const rule = navRule(v.nav, currency);
    if (rule) ctx.addIssue({ code: 'custom', path: ['nav'], message: rule });
  });
}
type PublishForm = z.input<ReturnType<typeof publishSchema>>;

/** The ISO day after `day`. */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The day the publish form offers first: the next day without a NAV, the day after the latest one published
 * (today when the fund has none), never a day already published (`FUND_NAV_EXISTS`, 409). Once today's NAV is
 * published that is tomorrow, refused before anything is sent (`navDateFuture`).
 */
export function defaultNavDay(fund: Pick<AdminFund, 'latestNav' | 'navToday'>, today: string): string {
  let latest = fund.latestNav?.navDate ?? null;
  if (fund.navToday && (latest === null || latest < today)) latest = today;
  return latest === null ? today : dayAfter(latest);
}

function correctSchema(currency: FundCurrency) {
  return z.object({ nav: z.string(), reason: correctFundNavBody.shape.reason }).superRefine((v, ctx) => {
    const rule = navRule(v.nav, currency);
    if (rule) ctx.addIssue({ code: 'custom', path: ['nav'], message: rule });
  });
}
type CorrectForm = z.input<ReturnType<typeof correctSchema>>;

/** A money field of the NAV forms, in the fund's currency, its rule's sentence under it. */
function NavField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  currency,
  hint,
  disabled,
  multiline,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  currency?: FundCurrency;
  hint: string;
  disabled: boolean;
  multiline?: boolean;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const message = useFundRuleMessage();
  const digits = useDigitInput();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <TextField
            name={field.name}
            // A NAV takes digits: shown in the interface's digits, kept in Latin ones (one rule, issue 19).
            {...(currency
              ? digits({ value: field.value as string, onChange: field.onChange })
              : { value: field.value, onChange: field.onChange })}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={id}
            label={label}
            disabled={disabled}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            error={show}
            helperText={
              show
                ? message(fieldState.error?.message, {
                    scale: currency ? fmt.number(CURRENCY_SCALE[currency]) : '',
                    max: '',
                  })
                : hint
            }
            slotProps={{
              htmlInput: {
                dir: currency ? 'ltr' : undefined,
                inputMode: currency ? 'decimal' : undefined,
                autoComplete: 'off',
              },
              input: currency
                ? {
                    endAdornment: (
                      <InputAdornment position="end">{t(`translation:currency.${currency}`)}</InputAdornment>
                    ),
                  }
                : {},
            }}
          />
        );
      }}
    />
  );
}

/**
 * Proposing the NAV of a Tehran date (by default the day after the latest NAV): one per date; once a second operator approves it,
 * it is published and the waiting orders of that date are priced (issue 15).
 */
function PublishNav({ fund, onProposed }: { fund: AdminFund; onProposed: (p: Proposal) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const publish = usePublishFundNav(fund.id);
  const today = tehranDateOf(new Date());
  const schema = useMemo(() => publishSchema(fmt.calendar, fund.currency, today), [fmt.calendar, fund.currency, today]);
  const form = useForm<PublishForm>({
    resolver: zodResolver(schema),
    defaultValues: { navDate: dayInputOf(defaultNavDay(fund, today), fmt.calendar, fmt.lng), nav: '' },
    mode: 'all',
  });
  const typedDay = parseDayInput(form.watch('navDate'), fmt.calendar);

  const onSubmit = form.handleSubmit((v) => {
    const navDate = parseDayInput(v.navDate, fmt.calendar);
    if (!navDate || publish.isPending) return;
    publish.mutate(
      { navDate, nav: normalizeFundAmount(v.nav) },
      {
        onSuccess: (proposal) => {
          notify.success('admin:funds.navs.proposed', { date: formatDay(navDate, fmt.lng, fmt.calendar) });
          form.reset({ navDate: v.navDate, nav: '' });
          onProposed(proposal);
        },
        onError: (e) => {
          if (!isApiError(e) || e.code !== 'VALIDATION_FAILED') return;
          for (const issue of e.details?.issues ?? []) {
            const field = issue.path.replace(/^body\./, '');
            if (field === 'navDate' || field === 'nav') form.setError(field, { type: 'server', message: issue.rule });
          }
        },
      },
    );
  });
  const refusedField = isApiError(publish.error) && publish.error.code === 'VALIDATION_FAILED';

  return (
    <Panel id="fund-nav-publish" title={t('funds.navs.publishTitle')}>
      <Typography variant="body2" color="text.secondary">
        {fund.navToday ? t('funds.navs.todayDone') : t('funds.navs.todayMissing')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('funds.navs.fourEyes')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('funds.navs.publishTitle')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr)) auto' },
          alignItems: 'start',
        }}
      >
        <NavField
          control={form.control}
          name="navDate"
          id="fund-nav-date"
          label={t('funds.navs.navDate')}
          hint={
            typedDay
              ? formatDay(typedDay, fmt.lng, fmt.calendar)
              : t('funds.form.dayHint', {
                  calendar: t(`translation:common.calendar.${fmt.calendar}`),
                  example: dayInputOf(today, fmt.calendar, fmt.lng),
                })
          }
          disabled={publish.isPending}
        />
        <NavField
          control={form.control}
          name="nav"
          id="fund-nav-value"
          label={t('funds.navs.nav')}
          currency={fund.currency}
          hint={t('funds.navs.navHint')}
          disabled={publish.isPending}
        />
        <Button type="submit" variant="contained" loading={publish.isPending} sx={{ mt: 1 }}>
          {t('funds.navs.propose')}
        </Button>
      </Box>
      {publish.error && !refusedField ? <FormError message={errorMessage(publish.error)} /> : null}
    </Panel>
  );
}

/**
 * A correction of a published NAV: the new value and why, proposed (audited; once a second operator
 * approves it, orders priced later use it and orders priced before keep their price).
 */
function CorrectNavDialog({
  fund,
  nav,
  onClose,
  onProposed,
}: {
  fund: AdminFund;
  nav: AdminFundNav | null;
  onClose: () => void;
  onProposed: (p: Proposal) => void;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const correct = useCorrectFundNav(fund.id);
  const titleId = useId();
  const schema = useMemo(() => correctSchema(fund.currency), [fund.currency]);
  const form = useForm<CorrectForm>({
    resolver: zodResolver(schema),
    values: { nav: nav?.nav ?? '', reason: '' },
    mode: 'all',
  });
  const close = () => {
    if (correct.isPending) return;
    correct.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((v) => {
    if (!nav || correct.isPending) return;
    correct.mutate(
      { navDate: nav.navDate, nav: normalizeFundAmount(v.nav), reason: v.reason },
      {
        onSuccess: (proposal) => {
          notify.success('admin:funds.navs.correctionProposed', {
            date: formatDay(nav.navDate, fmt.lng, fmt.calendar),
          });
          correct.reset();
          onClose();
          onProposed(proposal);
        },
        onError: (e) => {
          if (!isApiError(e) || e.code !== 'VALIDATION_FAILED') return;
          for (const issue of e.details?.issues ?? []) {
            const field = issue.path.replace(/^body\./, '');
            if (field === 'nav' || field === 'reason') form.setError(field, { type: 'server', message: issue.rule });
          }
        },
      },
    );
  });
  const refusedField = isApiError(correct.error) && correct.error.code === 'VALIDATION_FAILED';
  return (
    <Dialog open={nav !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>
          {t('funds.navs.correctTitle', { date: nav ? formatDay(nav.navDate, fmt.lng, fmt.calendar) : '' })}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {nav ? (
            <Typography variant="body2" color="text.secondary">
              {t('funds.navs.correctText', { nav: fmt.money(nav.nav, fund.currency) })}
            </Typography>
          ) : null}
          <NavField
            control={form.control}
            name="nav"
            id="fund-nav-correct-value"
            label={t('funds.navs.newNav')}
            currency={fund.currency}
            hint=" "
            disabled={correct.isPending}
          />
          <NavField
            control={form.control}
            name="reason"
            id="fund-nav-correct-reason"
            label={t('funds.navs.reason')}
            hint={t('funds.navs.reasonHint')}
            disabled={correct.isPending}
            multiline
          />
          {correct.error && !refusedField ? <FormError message={errorMessage(correct.error)} /> : null}
        </DialogContent>
        <DialogButtons onCancel={close} pending={correct.isPending} confirm={t('funds.navs.correctPropose')} />
      </Stack>
    </Dialog>
  );
}

/** The published NAVs, newest first, each correctable by proposal (`funds.manage`). */
function NavList({ fund, onProposed }: { fund: AdminFund; onProposed: (p: Proposal) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const list = useQuery(fundNavsQueryOptions(fund.id, page));
  const [correcting, setCorrecting] = useState<AdminFundNav | null>(null);
  const manage = can('funds.manage');
  return (
    <Panel id="fund-nav-list" title={t('funds.navs.listTitle')}>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('funds.navs.empty')} />
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('funds.navs.listTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('funds.navs.navDate')}</TableCell>
                  <TableCell>{t('funds.navs.nav')}</TableCell>
                  <TableCell>{t('funds.navs.publishedAt')}</TableCell>
                  <TableCell>{t('funds.navs.correction')}</TableCell>
                  {manage ? (
                    // Relative: the hidden text stays inside the table's scroller (else it widens the page).
                    <TableCell sx={{ position: 'relative' }}>
                      <Box component="span" sx={visuallyHidden}>
                        {t('funds.navs.correct')}
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((n) => (
                  <TableRow key={n.navDate} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {formatDay(n.navDate, fmt.lng, fmt.calendar, 'medium')}
                    </TableCell>
                    <TableCell>
                      <FundMoney amount={n.nav} currency={fund.currency} strong />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(n.publishedAt, 'dateTime')}</TableCell>
                    <TableCell>
                      {n.correctedAt ? (
                        <Chip
                          size="small"
                          variant="outlined"
                          color="warning"
                          label={t('funds.navs.correctedAt', { at: fmt.date(n.correctedAt, 'dateTime') })}
                        />
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    {manage ? (
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<EditOutlined fontSize="small" />}
                          onClick={() => setCorrecting(n)}
                          aria-label={t('funds.navs.correctOf', { date: formatDay(n.navDate, fmt.lng, fmt.calendar) })}
                        >
                          {t('funds.navs.correct')}
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {/* A year of NAVs is a dozen pages: on a phone the pager scrolls rather than the page. */}
          <Box sx={{ overflowX: 'auto' }}>
            <Pages
              page={page}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onChange={(p) => setParams(withPage(params, p))}
            />
          </Box>
        </>
      )}
      <CorrectNavDialog fund={fund} nav={correcting} onClose={() => setCorrecting(null)} onProposed={onProposed} />
    </Panel>
  );
}

const NAV_KINDS = ['nav_publish', 'nav_correction'] as const;

/**
 * The NAV tab: the NAV proposals waiting for a second operator, the proposal of a NAV (`funds.manage`), and
 * every NAV published. After a proposal, a notice says it waits for a second operator and links it.
 */
export function FundNavsTab({ fund }: { fund: AdminFund }) {
  const can = useCan();
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      {proposed ? <ProposedAlert proposal={proposed} onClose={() => setProposed(null)} /> : null}
      <PendingProposals fundId={fund.id} kinds={NAV_KINDS} />
      {can('funds.manage') ? <PublishNav fund={fund} onProposed={setProposed} /> : null}
      <NavList fund={fund} onProposed={setProposed} />
    </>
  );
}
