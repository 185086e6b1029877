import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TetherTrade } from '@portal/contract/tether/market';
import { useOrderFormat } from '../use-order-format';

/**
 * The step that buys the tether a purchase lacks (the tether feature's, composed by the route): open while
 * `missing` is set; `onBought` comes back with the trade done, `onClose` with nothing bought.
 */
export type BuyTetherStep = ComponentType<{
  missing: string | null;
  returnTo?: string;
  onClose: () => void;
  onBought: (trade: TetherTrade) => void;
}>;

/**
 * A wallet purchase of a tether fund for more than the tether wallet holds (issue 17): how much tether is
 * missing and, with `step`, «buy the missing tether first», which opens the step over the purchase. The form
 * stays as it was behind it; once the trade is done the wallets are read again and the page says what was
 * bought, the amount kept and now covered, for the user to confirm the purchase as usual.
 */
export function TetherShortfall({
  amount,
  missing,
  available,
  step: Step,
  returnTo,
  refreshing,
  disabled,
}: {
  /** The purchase's amount (canonical): what the tether was bought for is said while it stays the same. */
  amount: string;
  /** The tether missing (canonical), or null: the balance covers the amount (or it is not a wallet purchase). */
  missing: string | null;
  available: string | null;
  step: BuyTetherStep | undefined;
  /** Where a deposit made from the step comes back to. */
  returnTo: string;
  /** The balances are being read again. */
  refreshing: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const [open, setOpen] = useState(false);
  /** The trade done from here, the purchase's amount and the balance shown when it was. */
  const [bought, setBought] = useState<{ trade: TetherTrade; amount: string; before: string | null } | null>(null);
  // The step's code and texts load as soon as it may be needed, so that it opens at once.
  const [mounted, setMounted] = useState(false);
  if (Step && missing !== null && !mounted) setMounted(true);

  // Right after a trade the old balance is still shown for a moment: no shortfall is claimed meanwhile.
  const settling = bought !== null && bought.before === available && refreshing;
  const short = settling ? null : missing;
  return (
    <>
      {bought && bought.amount === amount ? (
        <Alert severity="success" role="status">
          {t('shortfall.bought', {
            usdt: fmt.money(bought.trade.usdtAmount, 'USDT'),
            fiat: fmt.money(bought.trade.fiatAmount, bought.trade.fiat),
          })}
        </Alert>
      ) : null}
      {short !== null ? (
        <Alert
          severity="warning"
          role="status"
          action={
            Step ? (
              <Button color="inherit" size="small" disabled={disabled} onClick={() => setOpen(true)}>
                {t('shortfall.buy')}
              </Button>
            ) : undefined
          }
          sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          {t('shortfall.text', {
            missing: fmt.money(short, 'USDT'),
            available: available === null ? '…' : fmt.money(available, 'USDT'),
          })}
        </Alert>
      ) : null}
      {Step && mounted ? (
        <Suspense fallback={null}>
          <Step
            missing={open && short !== null ? short : null}
            returnTo={returnTo}
            onClose={() => setOpen(false)}
            onBought={(trade) => {
              setBought({ trade, amount, before: available });
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
