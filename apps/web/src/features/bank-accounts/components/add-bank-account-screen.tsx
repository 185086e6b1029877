import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BANK_ACCOUNT_KINDS, type BankAccountKind } from '@portal/contract/bank/bank-accounts';
import { PageShell } from '@/components/layouts/page-shell';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useAccount } from '@/lib/session';
import { BankAccountForm } from './bank-account-form';

/**
 * `/profile/add-bank-account` (SPEC §2 "Bank accounts", §5): by card number or by sheba, in the
 * user's own name. The server needs KYC level one (the account is matched to the national code); a
 * user without it is told so here, and the server's refusal opens the forced-KYC dialog.
 */
export default function AddBankAccountScreen() {
  const { t } = useTranslation('bank');
  const navigate = useNavigate();
  const notices = useNotify();
  const user = useAccount().data?.user;
  const [kind, setKind] = useState<BankAccountKind>('card');
  const id = useId();
  const tabId = (k: BankAccountKind) => `${id}-tab-${k}`;
  const panelId = (k: BankAccountKind) => `${id}-panel-${k}`;

  return (
    <PageShell title={t('add.title')} backTo={paths.bankAccounts.getHref()}>
      <Typography color="text.secondary">{t('add.text')}</Typography>
      {user && user.kycLevel < 1 ? (
        // The note and its button in the message, one under the other on a phone, side by side from `sm`:
        // an Alert's `action` slot beside a long sentence breaks apart on a narrow screen.
        <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'center' },
              gap: { xs: 1, sm: 2 },
            }}
          >
            <Box sx={{ flexGrow: 1 }}>{t('add.kycNeeded')}</Box>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              component={RouterLink}
              to={paths.profileKyc.getHref()}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {t('add.toKyc')}
            </Button>
          </Box>
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Tabs
          value={kind}
          onChange={(_e, next: BankAccountKind) => setKind(next)}
          aria-label={t('add.kinds.label')}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {BANK_ACCOUNT_KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`add.kinds.${k}`)} id={tabId(k)} aria-controls={panelId(k)} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(kind)} aria-labelledby={tabId(kind)} sx={{ p: { xs: 2, sm: 3 } }}>
          <BankAccountForm
            key={kind}
            kind={kind}
            onAdded={() => {
              notices.success('bank:add.done');
              void navigate(paths.bankAccounts.getHref());
            }}
          />
        </Box>
      </Paper>
    </PageShell>
  );
}
