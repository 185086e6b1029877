import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminFund } from '@portal/contract/admin/funds';
import { ErrorState } from '@/components/errors/error-state';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { adminFundsQueryOptions } from './api';
import { formatDay } from '../shell/dates';
import { useCan } from '../shell/operator';
import { ConsolePage, EmptyState, Loading, ResultCount } from '../shell/console-page';
import { FundMoney, FundStateChips } from './fund-labels';
import { useLocalized } from '../shell/localized';

/** The latest NAV and its day, or that there is none yet. */
function LatestNav({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  if (!fund.latestNav) return <span>{t('funds.list.noNav')}</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <FundMoney amount={fund.latestNav.nav} currency={fund.currency} strong />
      <Typography component="span" variant="caption" color="text.secondary">
        {formatDay(fund.latestNav.navDate, fmt.lng, fmt.calendar, 'medium')}
      </Typography>
    </Box>
  );
}

/**
 * The fund desk (`/admin/funds`, issue 6): every fund, published or not, in their `/funds` order, with its
 * state (published, paused, today's NAV) and open consultation requests; a new fund for `funds.manage`.
 */
export default function FundsPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const localized = useLocalized();
  const can = useCan();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const list = useQuery(adminFundsQueryOptions());
  const title = t('funds.list.title');

  const table = (items: AdminFund[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('funds.list.name')}</TableCell>
            <TableCell>{t('funds.list.kind')}</TableCell>
            <TableCell>{t('funds.list.latestNav')}</TableCell>
            <TableCell>{t('funds.list.state')}</TableCell>
            <TableCell>{t('funds.list.consultations')}</TableCell>
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('funds.list.open')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((f) => (
            <TableRow key={f.id} hover>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                  <Typography sx={{ fontWeight: 600 }}>{localized(f.name)}</Typography>
                  <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ alignSelf: 'flex-start' }}>
                    {f.code}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell>
                {t(`funds.kinds.${f.kind}`)} – {t(`translation:currency.${f.currency}`)}
              </TableCell>
              <TableCell>
                <LatestNav fund={f} />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <FundStateChips fund={f} />
              </TableCell>
              <TableCell>{fmt.number(f.openConsultations)}</TableCell>
              <TableCell align="right">
                <Typography
                  component={RouterLink}
                  to={paths.adminFund.getHref(f.id)}
                  color="primary"
                  sx={{ fontWeight: 600 }}
                >
                  {t('funds.list.open')}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: AdminFund[]) => (
    <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((f) => (
        <Paper key={f.id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
          <ListItemButton
            component={RouterLink}
            to={paths.adminFund.getHref(f.id)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{localized(f.name)}</Typography>
              <Typography variant="body2" color="text.secondary" dir="ltr">
                {f.code}
              </Typography>
            </Box>
            <Typography variant="body2">
              {t(`funds.kinds.${f.kind}`)} – {t(`translation:currency.${f.currency}`)}
            </Typography>
            <Typography variant="body2" component="div">
              {t('funds.list.latestNav')}: <LatestNav fund={f} />
            </Typography>
            <FundStateChips fund={f} />
            {f.openConsultations > 0 ? (
              <Typography variant="body2" color="warning.main">
                {t('funds.list.openConsultations', { formatted: fmt.number(f.openConsultations) })}
              </Typography>
            ) : null}
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );

  return (
    <ConsolePage
      title={title}
      actions={
        can('funds.manage') ? (
          <Button
            component={RouterLink}
            to={paths.adminFundNew.getHref()}
            variant="contained"
            startIcon={<AddOutlined />}
          >
            {t('funds.list.new')}
          </Button>
        ) : null
      }
    >
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('funds.list.empty')} />
      ) : (
        <>
          <ResultCount total={list.data.items.length} />
          {isDesktop ? table(list.data.items) : cards(list.data.items)}
        </>
      )}
    </ConsolePage>
  );
}
