import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BANK_ACCOUNT_LIMIT, type BankAccount } from '@portal/contract/bank/bank-accounts';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useBankAccounts } from '@/lib/queries/bank-accounts';
import { BankAccountList } from './bank-account-list';
import { DeleteBankAccountDialog } from './delete-bank-account-dialog';

function AddButton() {
  const { t } = useTranslation('bank');
  return (
    <Button variant="contained" component={RouterLink} to={paths.addBankAccount.getHref()} startIcon={<Add />}>
      {t('list.add')}
    </Button>
  );
}

function EmptyState() {
  const { t } = useTranslation('bank');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <AccountBalanceOutlined color="action" aria-hidden="true" sx={{ fontSize: 48 }} />
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          {t('list.empty.title')}
        </Typography>
        <Typography color="text.secondary">{t('list.empty.text')}</Typography>
        <AddButton />
      </Stack>
    </Paper>
  );
}

/** `/profile/bank-accounts` (SPEC §2 "Bank accounts"): the user's accounts, masked; add one; delete with confirmation. */
export default function BankAccountsScreen() {
  const { t } = useTranslation('bank');
  const fmt = useFormat();
  const accounts = useBankAccounts();
  const [toDelete, setToDelete] = useState<BankAccount | null>(null);
  const [confirming, setConfirming] = useState(false);
  const items = accounts.data?.items ?? [];
  const atLimit = items.length >= BANK_ACCOUNT_LIMIT;

  return (
    <PageShell title={t('list.title')}>
      <Typography color="text.secondary">{t('list.text')}</Typography>
      {accounts.isPending ? (
        <Paper variant="outlined">
          <SectionLoading />
        </Paper>
      ) : accounts.isError ? (
        <Paper variant="outlined">
          <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} isRetrying={accounts.isFetching} />
        </Paper>
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {atLimit ? (
            <Alert severity="info" role="status">
              {t('list.limit', { max: fmt.number(BANK_ACCOUNT_LIMIT) })}
            </Alert>
          ) : (
            <Stack direction="row">
              <AddButton />
            </Stack>
          )}
          <BankAccountList
            items={items}
            onDelete={(account) => {
              setToDelete(account);
              setConfirming(true);
            }}
          />
        </>
      )}
      <DeleteBankAccountDialog account={toDelete} open={confirming} onClose={() => setConfirming(false)} />
    </PageShell>
  );
}
