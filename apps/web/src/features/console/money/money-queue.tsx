import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { visuallyHidden } from '@/components/logo';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { formatRelative } from '../shell/dates';
import { personName } from '../shell/schemas';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount, When } from '../shell/console-page';
import { Toman } from './money-labels';
import { ApprovalsChip, type Reviewed } from '../shell/four-eyes/review-approvals';

/** What every money request in a queue has (with its approvals: one or two operators, issue 15). */
export interface QueueItem extends Reviewed {
  id: string;
  amount: string;
  createdAt: string;
  user: { id: string; mobile: string; firstName: string | null; lastName: string | null };
}

interface QueuePage<T> {
  items: T[];
  total: number;
  pageSize: number;
}

/**
 * A money desk queue (withdrawals, offline deposits): tabs by status, the requests of the tab (the
 * server orders them oldest first), a table on a desktop and cards on a phone, each opening its page.
 */
export function MoneyQueue<S extends string, T extends QueueItem>({
  ns,
  statuses,
  status,
  page,
  onStatus,
  onPage,
  list,
  hrefOf,
  extra,
}: {
  /** The texts' prefix in `admin` (`withdrawals`, `offlineDeposits`). */
  ns: string;
  statuses: readonly S[];
  status: S;
  page: number;
  onStatus: (status: S) => void;
  onPage: (page: number) => void;
  list: UseQueryResult<QueuePage<T>>;
  hrefOf: (item: T) => string;
  /** One more column: its header and what it shows of an item. */
  extra: { label: string; render: (item: T) => ReactNode };
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const title = t(`${ns}.title`);
  const nameOf = (item: T) => personName(item.user.firstName, item.user.lastName) ?? t('users.noName');
  const openLabel = status === statuses[0] ? t('money.review') : t('money.view');

  const table = (items: T[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('money.columns.user')}</TableCell>
            <TableCell>{t('money.columns.mobile')}</TableCell>
            <TableCell>{t('money.columns.amount')}</TableCell>
            <TableCell>{extra.label}</TableCell>
            <TableCell>{t('money.columns.requestedAt')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('money.columns.open')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{nameOf(item)}</TableCell>
              <TableCell>
                <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                  {displayMobile(item.user.mobile, fmt.lng)}
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <Toman amount={item.amount} strong />
                  <ApprovalsChip r={item} />
                </Box>
              </TableCell>
              <TableCell>{extra.render(item)}</TableCell>
              <TableCell>
                <When at={item.createdAt} />
              </TableCell>
              <TableCell align="right">
                <Typography component={RouterLink} to={hrefOf(item)} color="primary" sx={{ fontWeight: 600 }}>
                  {openLabel}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: T[]) => (
    <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((item) => (
        <Paper key={item.id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
          <ListItemButton
            component={RouterLink}
            to={hrefOf(item)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{nameOf(item)}</Typography>
              <Typography dir="ltr" color="text.secondary">
                {displayMobile(item.user.mobile, fmt.lng)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>
                <Toman amount={item.amount} />
              </Typography>
              <ApprovalsChip r={item} />
            </Box>
            <Typography variant="body2" component="div">
              {extra.render(item)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatRelative(item.createdAt, fmt.lng)} – {fmt.date(item.createdAt, 'dateTime')}
            </Typography>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );

  return (
    <ConsolePage title={title}>
      <Tabs
        value={status}
        onChange={(_, next: S) => onStatus(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('money.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {statuses.map((s) => (
          <Tab key={s} value={s} label={t(`${ns}.tabs.${s}`)} id={`${ns}-tab-${s}`} aria-controls={`${ns}-tab-panel`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${ns}-tab-panel`}
        aria-labelledby={`${ns}-tab-${status}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : list.data.items.length === 0 ? (
          <EmptyState message={t(`${ns}.empty.${status}`)} />
        ) : (
          <>
            <ResultCount total={list.data.total} />
            {isDesktop ? table(list.data.items) : cards(list.data.items)}
            <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={onPage} />
          </>
        )}
      </Box>
    </ConsolePage>
  );
}
