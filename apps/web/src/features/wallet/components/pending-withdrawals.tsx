import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Withdrawal } from '@portal/contract/wallet/withdrawals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { Section, SectionLoading } from '@/components/layouts/page-shell';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { useCancelWithdrawal, usePendingWithdrawals } from '../api/withdrawals';
import { ltr } from './bank-account-label';

/**
 * The withdrawals still waiting for review (SPEC §2 "Withdraw"), each with a cancel button: the
 * amount returns to the wallet at once. "No active requests" when there is none.
 */
export function PendingWithdrawals() {
  const { t } = useTranslation('wallet');
  const pending = usePendingWithdrawals();
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);

  return (
    <Section id="pending-withdrawals" title={t('withdraw.pending.title')}>
      {pending.isPending ? (
        <SectionLoading />
      ) : pending.isError ? (
        <ErrorState error={pending.error} onRetry={() => void pending.refetch()} isRetrying={pending.isFetching} />
      ) : pending.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('withdraw.pending.empty')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('withdraw.pending.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {pending.data.items.map((w) => (
            <PendingRow key={w.id} withdrawal={w} onCancel={() => setCancelling(w)} />
          ))}
        </Box>
      )}
      <CancelDialog withdrawal={cancelling} onClose={() => setCancelling(null)} />
    </Section>
  );
}

function PendingRow({ withdrawal: w, onCancel }: { withdrawal: Withdrawal; onCancel: () => void }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{fmt.money(w.amount, w.currency)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('withdraw.pending.to', { account: ltr(formatDigits(w.shebaMasked, fmt.lng)) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('withdraw.pending.createdAt', { date: fmt.date(w.createdAt, 'dateTime') })}
        </Typography>
      </Box>
      <Chip size="small" color="warning" variant="outlined" label={t(`withdraw.statuses.${w.status}`)} />
      <Button variant="outlined" color="error" onClick={onCancel}>
        {t('withdraw.pending.cancel')}
      </Button>
    </Box>
  );
}

function CancelDialog({ withdrawal, onClose }: { withdrawal: Withdrawal | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const notify = useNotify();
  const cancel = useCancelWithdrawal();
  const titleId = useId();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };
  return (
    <Dialog open={withdrawal !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('withdraw.pending.confirmTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {withdrawal
            ? t('withdraw.pending.confirmText', { amount: fmt.money(withdrawal.amount, withdrawal.currency) })
            : null}
        </DialogContentText>
        {cancel.error ? <FormError message={errorMessage(cancel.error)} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={cancel.isPending}>
          {t('withdraw.pending.keep')}
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={cancel.isPending}
          onClick={() => {
            if (!withdrawal) return;
            cancel.mutate(withdrawal.id, {
              onSuccess: () => {
                notify.success('wallet:withdraw.pending.cancelled');
                cancel.reset();
                onClose();
              },
            });
          }}
        >
          {t('withdraw.pending.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
