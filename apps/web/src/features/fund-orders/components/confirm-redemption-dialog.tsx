import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { RedemptionQuoteView } from '@portal/contract/funds/orders';
import { FormError } from '@/components/form/form-error';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';
import { redemptionFigures } from './redemption-breakdown';

/**
 * The confirm dialog of a redemption (SPEC §2): the units, the price per share, every fee and the proceeds
 * of the quote the user saw; that the early-exit fee applies when it does; and that an order placed before
 * today's NAV is priced when it is published.
 */
export function ConfirmRedemptionDialog({
  fund,
  quote,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  fund: FundDetail;
  quote: RedemptionQuoteView | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const titleId = useId();
  return (
    <Dialog
      open={quote !== null}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('confirm.redeemTitle')}</DialogTitle>
      {quote ? (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Figures
            rows={[
              { label: t('confirm.fund'), value: fmt.text(fund.name) },
              ...redemptionFigures(quote, fmt, t, fund.fees.performanceFeeBps),
            ]}
          />
          {/[1-9]/.test(quote.earlyExitFee) ? (
            <Typography variant="body2" color="warning.main">
              {t('confirm.earlyExitApplies', { fee: fmt.money(quote.earlyExitFee, quote.currency) })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {quote.estimate || quote.waiting ? t('confirm.redeemWaiting') : t('confirm.redeemText')}
          </Typography>
          {error ? <FormError message={error} /> : null}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={pending}>
          {t('translation:common.cancel')}
        </Button>
        <Button variant="contained" loading={pending} onClick={onConfirm}>
          {t('confirm.redeemSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
