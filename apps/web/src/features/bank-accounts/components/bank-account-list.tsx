import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { groupedCardMask } from '../numbers';
import { useBankName } from './bank-name';

/** A masked number as the user reads it: left to right, in the language's digits. */
export function MaskedNumber({ value }: { value: string }) {
  const { lng } = useFormat();
  return (
    <Box component="bdi" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDigits(value, lng)}
    </Box>
  );
}

/** How an account is named to the user: its bank and its card's (else its sheba's) mask. */
export function useAccountLabel(): (account: BankAccount) => string {
  const { lng } = useFormat();
  const bankName = useBankName();
  return (account) => {
    const number = account.cardNumberMasked ? groupedCardMask(account.cardNumberMasked) : account.shebaMasked;
    return [bankName(account.bank), number ? formatDigits(number, lng) : null].filter(Boolean).join(' ');
  };
}

function NumberLine({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <span>{label}:</span>
      <MaskedNumber value={value} />
    </Typography>
  );
}

/** The user's accounts, each with its bank, masked card number and sheba, the date added, and a delete button. */
export function BankAccountList({
  items,
  onDelete,
}: {
  items: readonly BankAccount[];
  onDelete: (account: BankAccount) => void;
}) {
  const { t } = useTranslation('bank');
  const fmt = useFormat();
  const bankName = useBankName();
  const accountLabel = useAccountLabel();
  return (
    <Box
      component="ul"
      aria-label={t('list.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {items.map((account) => (
        <Paper
          key={account.id}
          component="li"
          variant="outlined"
          sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}
        >
          <AccountBalanceOutlined color="primary" aria-hidden="true" sx={{ mt: 0.25 }} />
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
              {bankName(account.bank)}
            </Typography>
            {account.cardNumberMasked ? (
              <NumberLine label={t('list.cardNumber')} value={groupedCardMask(account.cardNumberMasked)} />
            ) : null}
            {account.shebaMasked ? <NumberLine label={t('list.sheba')} value={account.shebaMasked} /> : null}
            <Typography variant="caption" color="text.secondary">
              {t('list.addedAt', { date: fmt.date(account.createdAt) })}
            </Typography>
          </Box>
          <IconButton
            aria-label={t('list.delete', { account: accountLabel(account) })}
            onClick={() => onDelete(account)}
            color="error"
            edge="end"
          >
            <DeleteOutline />
          </IconButton>
        </Paper>
      ))}
    </Box>
  );
}
