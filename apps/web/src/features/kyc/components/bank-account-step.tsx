import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Step three (SPEC §2 "KYC … add bank account"): bank accounts are added on their own page
 * (`/profile/add-bank-account`), in the user's own name; this step says so and leads there.
 */
export function BankAccountStep() {
  const { t } = useTranslation('kyc');
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
