import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { bankAccountsQueryOptions } from '@/lib/queries/bank-accounts';

/** Whether the user has a bank account on file: the third step is then done (`undefined` while unknown). */
export function useHasBankAccount(enabled: boolean): boolean | undefined {
  const accounts = useQuery({ ...bankAccountsQueryOptions(), enabled });
  return accounts.data ? accounts.data.items.length > 0 : undefined;
}

/**
 * Step three (SPEC §2 "KYC … add bank account"): bank accounts are added on their own page
 * (`/profile/add-bank-account`), in the user's own name; this step says so and leads there.
 */
export function BankAccountStep({ done = false }: { done?: boolean }) {
  const { t } = useTranslation('kyc');
  if (done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" icon={<CheckCircleOutline fontSize="inherit" />} sx={{ alignSelf: 'stretch' }}>
          {t('bank.done')}
        </Alert>
        <Button variant="outlined" component={RouterLink} to={paths.bankAccounts.getHref()}>
          {t('bank.list')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('bank.text')}</Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to={paths.addBankAccount.getHref()}
        startIcon={<AccountBalanceOutlined />}
      >
        {t('bank.go')}
      </Button>
    </Stack>
  );
}
