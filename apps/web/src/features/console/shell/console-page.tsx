import ArrowBack from '@mui/icons-material/ArrowBack';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/lib/format';
import { formatRelative } from './dates';

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** A console page: its title (a way back when it is a detail page), actions beside the title, content. */
export function ConsolePage({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <title>{`${title} | ${t('console.title')}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/* The way back stays beside the title, which wraps within its line when it is long. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 auto', minWidth: 0 }}>
          {back ? (
            <IconButton component={RouterLink} to={back.to} aria-label={back.label} edge="start">
              <ArrowBack sx={flipInRtl} />
            </IconButton>
          ) : null}
          <Typography
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' }, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
        </Box>
        {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}

/** A titled part of a page (a region named by its heading). */
export function Panel({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={`${id}-title`} variant="h2" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

export function Loading({ minHeight = 160 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Nothing to list. */
export function EmptyState({ message }: { message: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 5, textAlign: 'center' }}>
      <InboxOutlined color="disabled" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}

/**
 * Labels and values, one pair a line: label and value side by side where there is room, the value
 * under its label on a narrow screen. A `<dl>` for assistive technology.
 */
export function Details({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' } }}
    >
      {children}
    </Box>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box
        component="dt"
        sx={(theme) => ({
          color: 'text.secondary',
          pt: 1,
          pb: { xs: 0, sm: 1 },
          paddingInlineEnd: 2,
          // Whole declarations, not `borderTop: 1` + `borderColor`: a responsive shorthand lands after the
          // colour and resets it to the text colour (white lines in the dark theme).
          [theme.breakpoints.up('sm')]: { borderTop: `1px solid ${theme.palette.divider}` },
        })}
      >
        {label}
      </Box>
      <Box
        component="dd"
        sx={(theme) => ({
          m: 0,
          pb: 1,
          pt: { xs: 0.25, sm: 1 },
          borderBottom: `1px solid ${theme.palette.divider}`,
          [theme.breakpoints.up('sm')]: { borderTop: `1px solid ${theme.palette.divider}`, borderBottom: 'none' },
          minWidth: 0,
          overflowWrap: 'anywhere',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        })}
      >
        {children}
      </Box>
    </>
  );
}

/** Page numbers in the interface's digits; hidden when everything fits on one page. */
export function Pages({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const { lng } = useLanguage();
  const count = Math.ceil(total / pageSize);
  if (count <= 1) return null;
  return (
    <Box component="nav" aria-label={t('common.pagination')} sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
      <Pagination
        page={Math.min(page, count)}
        count={count}
        onChange={(_, p) => onChange(p)}
        siblingCount={1}
        boundaryCount={1}
        getItemAriaLabel={(type, p, selected) =>
          type === 'page'
            ? t(selected ? 'common.currentPage' : 'common.goToPage', { page: formatNumber(p ?? 0, lng) })
            : t(`common.${type}Page`)
        }
        renderItem={(item) => (
          <PaginationItem {...item} page={item.page === null ? null : formatNumber(item.page, lng)} />
        )}
      />
    </Box>
  );
}

/** How many results, in the interface's digits. */
export function ResultCount({ total }: { total: number }) {
  const { t } = useTranslation('admin');
  const { lng } = useLanguage();
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {t('common.resultCount', { formatted: formatNumber(total, lng) })}
    </Typography>
  );
}

/** A query without its data yet: loading, or its failure with a way to try again. */
export function LoadingOrError({ query }: { query: UseQueryResult<unknown> }) {
  return query.isPending ? (
    <Loading />
  ) : (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
  );
}

/** Panels side by side on a wide screen (two columns), one under the other on a narrow one. */
export function PanelColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {children}
    </Box>
  );
}

/** A page of a list the server pages. */
interface ListPage {
  items: unknown[];
  total: number;
  pageSize: number;
}

/**
 * A list the server pages, as its query stands: loading, its failure (with a way to try again), nothing to
 * list (`empty`), else how many, the page's items (`children`) and the page numbers.
 */
export function PagedList<P extends ListPage>({
  list,
  page,
  onPage,
  empty,
  children,
}: {
  list: UseQueryResult<P>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  children: (items: P['items']) => ReactNode;
}) {
  if (list.isPending || list.isError) return <LoadingOrError query={list} />;
  if (list.data.items.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      <ResultCount total={list.data.total} />
      {children(list.data.items)}
      <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={onPage} />
    </>
  );
}

/** When it happened: "3 hours ago" and, under it, the date and time in the operator's calendar. */
export function When({ at }: { at: string }) {
  const fmt = useFormat();
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{formatRelative(at, fmt.lng)}</span>
      <Typography component="span" variant="caption" color="text.secondary">
        {fmt.date(at, 'dateTime')}
      </Typography>
    </Box>
  );
}
