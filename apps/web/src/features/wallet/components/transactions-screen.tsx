import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UserTransactionType } from '@portal/contract/core/enums';
import { CURRENCIES, type Currency } from '@portal/contract/core/money';
import { JOURNAL_REF_TYPES, type JournalRefType } from '@portal/contract/wallet/ledger';
import type { ListTransactionsQuery } from '@portal/contract/wallet/wallets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useTransactions } from '../api/list-transactions';
import { pageCountOf, pageParam } from '@/lib/page-window';
import { isPeriodDays, PERIOD_DAYS, periodStart } from '../period';
import { LinkPagination } from '@/components/link-pagination';
import { TransactionList } from './transaction-list';

type TransactionType = (typeof UserTransactionType)[number];

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters the address carries (`currency`, `type`, `refType`, `days`, `page`); anything else is ignored. */
function readFilters(params: URLSearchParams) {
  const days = params.get('days');
  return {
    currency: oneOf<Currency>(CURRENCIES, params.get('currency')),
    type: oneOf<TransactionType>(UserTransactionType, params.get('type')),
    refType: oneOf<JournalRefType>(JOURNAL_REF_TYPES, params.get('refType')),
    days: isPeriodDays(days) ? days : undefined,
    page: pageParam(params.get('page')),
  };
}

/**
 * `/transaction` (SPEC §2): every movement of every wallet, with what it was for and its direction
 * translated, filtered by wallet, direction, kind and period (kept in the address), paged.
 */
export default function TransactionsScreen() {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query: ListTransactionsQuery = {
    currency: filters.currency,
    type: filters.type,
    refType: filters.refType,
    from: filters.days ? periodStart(Number(filters.days)) : undefined,
    page: filters.page,
  };
  const transactions = useTransactions(query);
  const isFiltered = Boolean(filters.currency || filters.type || filters.refType || filters.days);

  const setFilter = (key: 'currency' | 'type' | 'refType' | 'days', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const hrefOf = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const qs = next.toString();
    return `${paths.transactions.getHref()}${qs ? `?${qs}` : ''}`;
  };

  return (
    <PageShell title={t('transactions.pageTitle')} backTo={paths.wallet.getHref()} wide>
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
            value={filters.days ?? ''}
            onChange={(v) => setFilter('days', v)}
            allLabel={t('transactions.allTime')}
          >
            {PERIOD_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('transactions.lastDays', { days: fmt.number(d) })}
              </option>
            ))}
          </FilterSelect>
        </Box>
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
        {transactions.isPending ? (
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
            <TransactionList items={transactions.data.items} label={t('transactions.listTitle')} />
            <LinkPagination
              page={filters.page}
              pageCount={pageCountOf(transactions.data.total, transactions.data.pageSize)}
              hrefOf={hrefOf}
            />
          </>
        )}
      </Section>
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
