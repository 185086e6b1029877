import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import { ErrorState } from '@/components/errors/error-state';
import { SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useBankAccounts } from '@/lib/queries/bank-accounts';
import { GatewayDepositForm } from './gateway-deposit-form';

/** The gateway tab: the user's cards load first; without a card of their own there is nothing to pay with. */
export function GatewayDeposit({ navigate }: { navigate?: (url: string) => void }) {
  const { t } = useTranslation('deposit');
  const { t: tBank } = useTranslation('bank');
  const accounts = useBankAccounts();
  const bankName = (a: BankAccount) => (a.bank ? tBank(`banks.${a.bank}`) : tBank('unknownBank'));

  if (accounts.isPending) return <SectionLoading />;
  if (accounts.isError)
    return (
      <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} isRetrying={accounts.isFetching} />
    );
  const cards = accounts.data.items.filter((a) => a.cardNumberMasked !== null);
  if (cards.length === 0)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('gateway.noCard')}</Typography>
        <Button component={RouterLink} to={paths.addBankAccount.getHref()} variant="contained">
          {t('gateway.addCard')}
        </Button>
      </Stack>
    );
  return <GatewayDepositForm cards={cards} bankName={bankName} {...(navigate ? { navigate } : {})} />;
}
