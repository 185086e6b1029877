import Box from '@mui/material/Box';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminBasketOrderRow } from '@portal/contract/admin/baskets';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { displayMobile } from '@/lib/format';
import { When } from '../shell/console-page';
import { personName } from '../shell/schemas';
import { BasketStatusChip, useBasketFormat } from './basket-labels';

/** One more column of a list: its header and what it shows of an order. */
export interface ExtraColumn {
  label: string;
  render: (o: AdminBasketOrderRow) => ReactNode;
}

/**
 * Basket orders as the desk lists them (orders by status, VIP requests, failed generations): who, how much,
 * the risk, the exchanges and market, the status (and a column of the list's own), since when; a table on
 * a desktop and cards on a phone, each opening the order.
 */
export function OrderList({
  items,
  title,
  extra,
  openLabel,
}: {
  items: AdminBasketOrderRow[];
  title: string;
  extra?: ExtraColumn | undefined;
  openLabel: (o: AdminBasketOrderRow) => string;
}) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const nameOf = (o: AdminBasketOrderRow) => personName(o.user.firstName, o.user.lastName) ?? t('admin:users.noName');
  const hrefOf = (o: AdminBasketOrderRow) => paths.adminBasketOrder.getHref(o.id);

  if (isDesktop) {
    return (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title} data-testid="basket-orders">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.user')}</TableCell>
              <TableCell>{t('columns.amount')}</TableCell>
              <TableCell>{t('columns.risk')}</TableCell>
              <TableCell>{t('columns.exchanges')}</TableCell>
              <TableCell>{t('columns.status')}</TableCell>
              {extra ? <TableCell>{extra.label}</TableCell> : null}
              <TableCell>{t('columns.createdAt')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('columns.open')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((o) => (
              <TableRow key={o.id} hover data-testid="basket-order-row">
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }} dir="auto">
                    {nameOf(o)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                    {displayMobile(o.user.mobile, bf.lng)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{bf.usdt(o.amount)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{bf.risk(o.risk)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                    <span>{bf.exchanges(o.exchanges)}</span>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {bf.marketType(o.marketType)}
                    </Typography>
                  </Box>
                </TableCell>
                <TableCell>
                  <BasketStatusChip status={o.status} />
                </TableCell>
                {extra ? <TableCell>{extra.render(o)}</TableCell> : null}
                <TableCell>
                  <When at={o.createdAt} />
                </TableCell>
                <TableCell align="right">
                  <Typography
                    component={RouterLink}
                    to={hrefOf(o)}
                    color="primary"
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {openLabel(o)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <List
      disablePadding
      aria-label={title}
      data-testid="basket-orders"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {items.map((o) => (
        <Paper key={o.id} component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="basket-order-row">
          <ListItemButton
            component={RouterLink}
            to={hrefOf(o)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} dir="auto">
                {nameOf(o)}
              </Typography>
              <Typography dir="ltr" color="text.secondary">
                {displayMobile(o.user.mobile, bf.lng)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{bf.usdt(o.amount)}</Typography>
              <BasketStatusChip status={o.status} />
            </Box>
            <Typography variant="body2">
              {t('cardLine', {
                risk: bf.risk(o.risk),
                exchanges: bf.exchanges(o.exchanges),
                market: bf.marketType(o.marketType),
              })}
            </Typography>
            {extra ? <Box sx={{ typography: 'body2' }}>{extra.render(o)}</Box> : null}
            <Typography variant="body2" color="text.secondary">
              {bf.relative(o.createdAt)} – {bf.date(o.createdAt, 'dateTime')}
            </Typography>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );
}
