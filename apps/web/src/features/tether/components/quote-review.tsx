import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import { FormError } from '@/components/form/form-error';
import { useErrorMessage } from '@/lib/error-message';
import type { TradeFlow } from '../use-trade-quote';
import { useTradeFormat } from '../use-trade-format';
import { TradeFigures } from './trade-figures';

/** Pay, receive, price and fee of a quote or a trade, the tether to two decimals unless `precise`. */
export function useTradeRows(deal: TetherQuote | TetherTrade, precise: boolean, feeBps: number | null) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const fiat = fmt.money(deal.fiatAmount, deal.fiat);
  const usdt = fmt.money(deal.usdtAmount, 'USDT', precise);
  const buying = deal.side === 'buy';
  return [
    { label: t(`quote.pay.${deal.side}`), value: <bdi>{buying ? fiat : usdt}</bdi> },
    { label: t(`quote.receive.${deal.side}`), value: <bdi>{buying ? usdt : fiat}</bdi>, strong: true },
    { label: t('quote.price'), value: <bdi>{fmt.price(deal.price, deal.fiat)}</bdi> },
    {
      label: feeBps === null ? t('quote.fee') : t('quote.feeOf', { percent: fmt.fee(feeBps) }),
      value: <bdi>{fmt.money(deal.fee, deal.fiat)}</bdi>,
    },
  ];
}

/** Tether to two decimals or all six: the user asks for more. */
export function PreciseToggle({ precise, onChange }: { precise: boolean; onChange: (next: boolean) => void }) {
  const { t } = useTranslation('tether');
  return (
    <Button size="small" aria-pressed={precise} onClick={() => onChange(!precise)} sx={{ alignSelf: 'flex-start' }}>
      {t(precise ? 'quote.fewerDecimals' : 'quote.moreDecimals')}
    </Button>
  );
}

/**
 * A quote to confirm (SPEC §2 "Tether trading", the wallet's conversion modal): what the user pays and
 * receives, the price and the fee, and how long the price holds («اعتبار قیمت: ۱۲ ثانیه»). When the time
 * runs out a new quote for the same amount comes by itself and says so; nothing is traded until the user
 * confirms. After a lost answer only a retry of the same quote is offered. Rendered inside a dialog; `intro`
 * (what the quote is for, when the dialog is part of another flow) comes first.
 */
export function QuoteReview({
  flow,
  quote,
  onBack,
  intro,
}: {
  flow: TradeFlow;
  quote: TetherQuote;
  onBack: () => void;
  intro?: ReactNode;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const errorMessage = useErrorMessage();
  const [precise, setPrecise] = useState(false);
  const timerId = useId();
  const { countdown } = flow;
  const rows = useTradeRows(quote, precise, quote.feeBps);

  const running = countdown.isRunning && !flow.isQuoting;
  const main = flow.isUncertain
    ? { label: t('quote.retry'), onClick: flow.confirm }
    : flow.isExpired
      ? { label: t('quote.renew'), onClick: flow.renew }
      : { label: t('quote.confirm'), onClick: flow.confirm };

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {intro}
        {flow.notice === 'expired' ? (
          <Alert severity="warning" role="status">
            {t('quote.expiredFresh')}
          </Alert>
        ) : flow.notice === 'renewed' ? (
          <Alert severity="info" role="status">
            {t('quote.renewed')}
          </Alert>
        ) : null}

        <TradeFigures label={t('quote.figures')} rows={rows} />
        <PreciseToggle precise={precise} onChange={setPrecise} />

        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <TimerOutlined fontSize="small" color={running ? 'primary' : 'disabled'} aria-hidden="true" />
            <Typography id={timerId} variant="body2" role="timer" aria-live="off">
              {flow.isQuoting
                ? t('quote.renewing')
                : running
                  ? t('quote.validity', { time: fmt.duration(countdown.remaining) })
                  : flow.isUncertain
                    ? t('quote.waiting')
                    : t('quote.expired')}
            </Typography>
          </Box>
          <LinearProgress
            variant={flow.isQuoting ? 'indeterminate' : 'determinate'}
            value={running ? countdown.percent : 0}
            aria-labelledby={timerId}
          />
        </Box>

        {flow.isUncertain ? (
          <Alert severity="warning" role="status">
            {t('quote.uncertain')}
          </Alert>
        ) : null}
        {flow.error ? <FormError message={errorMessage(flow.error)} /> : null}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onBack} disabled={flow.isExecuting}>
          {t('quote.back')}
        </Button>
        <Button variant="contained" onClick={main.onClick} loading={flow.isExecuting} disabled={flow.isQuoting}>
          {main.label}
        </Button>
      </DialogActions>
    </>
  );
}
