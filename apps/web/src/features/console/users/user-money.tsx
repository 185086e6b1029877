import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { useFormat } from '@/hooks/use-format';
import { userWalletsQueryOptions } from './api';
import { Loading, Panel } from '../shell/console-page';

/**
 * A user's wallets on their page (`money.read`): each currency's available and held balance, read from
 * the ledger as the user reads them, in the language's digits.
 */
export function MoneyPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const wallets = useQuery(userWalletsQueryOptions(userId));
  const title = t('user.money.title');
  return (
    <Panel id="user-money" title={title}>
      {wallets.isPending ? (
        <Loading minHeight={120} />
      ) : wallets.isError ? (
        <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('user.money.currency')}</TableCell>
              <TableCell>{t('user.money.available')}</TableCell>
              <TableCell>{t('user.money.held')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {wallets.data.items.map((w) => (
              <TableRow key={w.currency}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {t(`translation:currency.${w.currency}`)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.amount(w.available, w.currency)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: w.held === '0' ? 'text.secondary' : undefined }}>
                  {fmt.amount(w.held, w.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}
