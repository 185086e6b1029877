import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { PurchaseMethod, PurchaseQuoteView } from '@portal/contract/funds/orders';
import { FormError } from '@/components/form/form-error';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';

/** A purchase the user asked for, waiting for their confirmation. */
export interface PurchaseAttempt {
  amount: string;
  method: PurchaseMethod;
  /** The breakdown of this very amount, when it has been quoted. */
  quote: PurchaseQuoteView | null;
}

/**
 * The confirm dialog (SPEC §2): what is bought, how it is paid, the fee and the units (or that they come at
 * the next NAV), and a reminder of the early-exit fee; then the purchase, or the gateway for a card.
 */
export function ConfirmPurchaseDialog({
  fund,
  attempt,
  pending,
  error,
  onCancel,
  onConfirm,
  riskConfirmation,
}: {
  fund: FundDetail;
  attempt: PurchaseAttempt | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** The risk confirmation (issue 20), when the purchase needs one. */
  riskConfirmation?: ReactNode;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const titleId = useId();
  const money = (v: string) => fmt.money(v, fund.currency);
  const quote = attempt?.quote ?? null;
  return (
    <Dialog
      open={attempt !== null}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('confirm.purchaseTitle')}</DialogTitle>
      {attempt ? (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Figures
            rows={[
              { label: t('confirm.fund'), value: fmt.text(fund.name) },
              { label: t('breakdown.amount'), value: money(attempt.amount) },
              { label: t('confirm.method'), value: t(`method.${attempt.method}`) },
              { label: t('breakdown.fixedFee'), value: money(quote?.fixedFee ?? fund.fees.purchaseFixedFee) },
              quote && !quote.waiting && quote.units !== null
                ? { label: t('breakdown.units'), value: t('breakdown.unitsValue', { units: fmt.units(quote.units) }) }
                : null,
              quote && !quote.waiting && quote.charged !== null
                ? { label: t('breakdown.charged'), value: money(quote.charged), strong: true }
                : null,
            ]}
          />
          {quote === null || quote.waiting ? (
            <Typography variant="body2" color="text.secondary">
              {t('confirm.atNextNav')}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {attempt.method === 'card' ? t('confirm.cardText') : t('confirm.walletText')}
          </Typography>
          <Typography variant="body2" color="warning.main">
            {t('confirm.earlyExitReminder')}
          </Typography>
          {riskConfirmation}
          {error ? <FormError message={error} /> : null}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={pending}>
          {t('translation:common.cancel')}
        </Button>
        <Button variant="contained" loading={pending} onClick={onConfirm}>
          {attempt?.method === 'card' ? t('confirm.toGateway') : t('confirm.purchaseSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
