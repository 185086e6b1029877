import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UserTransactionType } from '@portal/contract/core/enums';
import { CURRENCIES, type Currency } from '@portal/contract/core/money';
import { JOURNAL_REF_TYPES, type JournalRefType } from '@portal/contract/wallet/ledger';
import { transactionIdSchema, type ListTransactionsQuery } from '@portal/contract/wallet/wallets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useTransactions } from '../api/list-transactions';
import { pageCountOf, pageParam } from '@/lib/page-window';
import { isPeriodDays, PERIOD_DAYS, periodStart } from '../period';
import { LinkPagination } from '@/components/link-pagination';
import { isoDayParam, isRangeInOrder, type DateRange } from '../date-range';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionsDateRange } from './transactions-date-range';
import { TransactionList } from './transaction-list';

type TransactionType = (typeof UserTransactionType)[number];

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/**
 * The filters the address carries (`currency`, `type`, `refType`, a period `days` or a date range `from`
 * and `to` as Gregorian days, `page`) and the movement whose details are open (`tx`); anything else is
 * ignored. A period and a range exclude each other: the range wins.
 */
function readFilters(params: URLSearchParams) {
  const days = params.get('days');
  const from = isoDayParam(params.get('from'));
  const to = isoDayParam(params.get('to'));
  const tx = params.get('tx');
  return {
    currency: oneOf<Currency>(CURRENCIES, params.get('currency')),
    type: oneOf<TransactionType>(UserTransactionType, params.get('type')),
    refType: oneOf<JournalRefType>(JOURNAL_REF_TYPES, params.get('refType')),
    days: !from && !to && isPeriodDays(days) ? days : undefined,
    from,
    to,
    page: pageParam(params.get('page')),
    tx: tx !== null && transactionIdSchema.safeParse(tx).success ? tx : null,
  };
}

/**
 * `/transaction` (SPEC §2, issue 19): every movement of every wallet, with what it was for and its
 * direction translated, filtered by wallet, direction, kind, and a period or a date range in the user's
 * calendar (all kept in the address, so a reload or a shared link shows the same list), paged with up to
 * 11 page numbers; each row opens its details (fees, the order or request it belongs to, its receipt).
 * A fund's units move with the purchase or redemption that pays for them: the details show them.
 */
export default function TransactionsScreen() {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  /** The range in force: the one typed, or the period's first day up to today. */
  const range: DateRange = {
    from: filters.from ?? (filters.days ? periodStart(Number(filters.days)) : undefined),
    to: filters.to,
  };
  const rangeInOrder = isRangeInOrder(range);
  const query: ListTransactionsQuery = {
    currency: filters.currency,
    type: filters.type,
    refType: filters.refType,
    from: range.from,
    to: range.to,
    page: filters.page,
  };
  const transactions = useTransactions(query, { enabled: rangeInOrder });
  const isFiltered = Boolean(
    filters.currency || filters.type || filters.refType || filters.days || filters.from || filters.to,
  );

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setFilter = (key: 'currency' | 'type' | 'refType' | 'days', value: string) =>
    update((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
      // A period replaces the range typed.
      if (key === 'days') ['from', 'to'].forEach((k) => next.delete(k));
    });
  const applyRange = ({ from, to }: DateRange) =>
    update((next) => {
      next.delete('days');
      for (const [key, value] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    });
  const openDetails = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('tx', id);
        else next.delete('tx');
        return next;
      },
      { replace: true },
    );

  const hrefOf = (page: number) => {
    const next = new URLSearchParams(params);
    next.delete('tx');
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const qs = next.toString();
    return `${paths.transactions.getHref()}${qs ? `?${qs}` : ''}`;
  };
  const preview = filters.tx ? transactions.data?.items.find((i) => i.id === filters.tx) : undefined;

  return (
    <PageShell title={t('transactions.pageTitle')} backTo={paths.wallet.getHref()} wide>
      <Button
        component={RouterLink}
        to={paths.statements.getHref()}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('statements.title')}
      </Button>
      <Section id="transactions-filters" title={t('transactions.filtersTitle')}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <FilterSelect
            id="filter-currency"
            label={t('transactions.currency')}
            value={filters.currency ?? ''}
            onChange={(v) => setFilter('currency', v)}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`translation:currency.${c}`)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="filter-type"
            label={t('transactions.type')}
            value={filters.type ?? ''}
            onChange={(v) => setFilter('type', v)}
          >
            {UserTransactionType.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="filter-ref-type"
            label={t('transactions.refType')}
            value={filters.refType ?? ''}
            onChange={(v) => setFilter('refType', v)}
          >
            {JOURNAL_REF_TYPES.map((r) => (
              <option key={r} value={r}>
                {t(`refTypes.${r}`)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id="filter-period"
            label={t('transactions.period')}
            value={filters.days ?? (filters.from || filters.to ? 'range' : '')}
            onChange={(v) => setFilter('days', v === 'range' ? '' : v)}
            allLabel={t('transactions.allTime')}
          >
            {PERIOD_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('transactions.lastDays', { days: fmt.number(d) })}
              </option>
            ))}
            {filters.from || filters.to ? (
              <option value="range" disabled>
                {t('transactions.range.chosen')}
              </option>
            ) : null}
          </FilterSelect>
        </Box>
        <TransactionsDateRange value={range} onApply={applyRange} />
        {isFiltered ? (
          <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            {t('transactions.clear')}
          </Button>
        ) : null}
      </Section>

      <Section
        id="transactions-list"
        title={t('transactions.listTitle')}
        action={
          transactions.data ? (
            <Typography variant="body2" color="text.secondary">
              {t('transactions.count', { n: fmt.number(transactions.data.total) })}
            </Typography>
          ) : null
        }
      >
        {!rangeInOrder ? (
          <Alert severity="error">{t('transactions.range.errors.dateRangeOrder')}</Alert>
        ) : transactions.isPending ? (
          <SectionLoading />
        ) : transactions.isError ? (
          <ErrorState
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
            isRetrying={transactions.isFetching}
          />
        ) : transactions.data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {t(isFiltered ? 'transactions.emptyFiltered' : 'transactions.empty')}
          </Typography>
        ) : (
          <>
            <TransactionList
              items={transactions.data.items}
              label={t('transactions.listTitle')}
              onOpen={(item) => openDetails(item.id)}
            />
            <LinkPagination
              page={filters.page}
              pageCount={pageCountOf(transactions.data.total, transactions.data.pageSize)}
              hrefOf={hrefOf}
            />
          </>
        )}
      </Section>
      <TransactionDetailsDialog id={filters.tx} preview={preview} onClose={() => openDetails(null)} />
    </PageShell>
  );
}

/** A native select (the phone's own picker) whose first option is «all». */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
      size="small"
    >
      <option value="">{allLabel ?? t('transactions.all')}</option>
      {children}
    </TextField>
  );
}
