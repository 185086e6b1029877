import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { UNIT_SCALE } from '@portal/contract/funds/pricing';
import { receiptUrl } from '@portal/contract/wallet/statements';
import type { Transaction, TransactionDetails, TransactionRef } from '@portal/contract/wallet/wallets';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ChainRefDetails, REQUEST_STATUS_COLOR } from '@/components/chain/chain-details';
import { ErrorState } from '@/components/errors/error-state';
import { SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatDate } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';
import { useTransaction } from '../api/get-transaction';
import { useTransactionTitle } from './transaction-list';

/**
 * One movement's details (issue 19), opened from its row of `/transaction`: a dialog on a desktop, the
 * whole screen on a phone. What the row already shows (amount, direction, date, balance after) appears at
 * once; the fees of its order or request, what it belongs to (the fund order with its units and NAV, the
 * tether trade and its rate, the transfer on chain with its explorer link, the request of `/user-requests`)
 * with a link to its page, and the receipt download follow from `GET /transactions/:id`.
 */
export function TransactionDetailsDialog({
  id,
  preview,
  onClose,
}: {
  /** The open movement, or null when the dialog is closed. */
  id: string | null;
  /** Its row of the list, when the page shows it: shown while the details load. */
  preview?: Transaction;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const details = useTransaction(id);
  const shown: Transaction | undefined = details.data ?? preview;
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      {/* The title alone names the dialog; the close button sits beside it, not in it (MUI's DialogTitle
          takes the dialog's `aria-labelledby` as its id). */}
      <DialogTitle id={titleId} sx={{ pe: 7 }}>
        {t('details.title')}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t('details.close')}
        sx={{ position: 'absolute', top: 12, insetInlineEnd: 12 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        {shown ? <Summary item={shown} /> : null}
        {details.isError ? (
          <ErrorState error={details.error} onRetry={() => void details.refetch()} isRetrying={details.isFetching} />
        ) : details.data ? (
          <Belongings details={details.data} />
        ) : (
          <SectionLoading />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        {details.data?.hasReceipt ? <ReceiptButton id={details.data.id} /> : null}
        <Button onClick={onClose}>{t('details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Rows of label and value, two columns on any screen (the value may wrap). */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
        columnGap: 2,
        rowGap: 1,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      {children}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2">
        {children}
      </Typography>
    </>
  );
}

/** What the list knows already: the amount with its sign, what it was for, direction, wallet, balance, time. */
function Summary({ item }: { item: Transaction }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const titleOf = useTransactionTitle();
  const isIn = item.type === 'Deposit';
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700, color: isIn ? 'success.main' : 'error.main' }}>
          <bdi>
            {isIn ? '+' : '−'}
            {fmt.money(item.amount, item.currency)}
          </bdi>
        </Typography>
        <Chip size="small" label={titleOf(item)} />
      </Box>
      <Rows label={t('details.title')}>
        <Row label={t('details.type')}>{t(`types.${item.type}`)}</Row>
        <Row label={t('details.refType')}>{t(`refTypes.${item.refType}`)}</Row>
        <Row label={t('details.wallet')}>{t(`translation:currency.${item.currency}`)}</Row>
        <Row label={t('details.amount')}>
          <bdi>{fmt.money(item.amount, item.currency)}</bdi>
        </Row>
        <Row label={t('details.balanceAfter')}>
          <bdi>{fmt.money(item.balanceAfter, item.currency)}</bdi>
        </Row>
        <Row label={t('details.dateTime')}>{fmt.date(item.createdAt, 'dateTime')}</Row>
        <Row label={t('details.id')}>
          <bdi dir="ltr">{fmt.number(Number(item.id), { useGrouping: false })}</bdi>
        </Row>
      </Rows>
    </Box>
  );
}

/** Rials per tether in the trade's fiat: toman = rials ÷ 10, a tenth kept. */
function priceInFiat(rials: string, fiat: 'IRT' | 'IRR'): string {
  if (fiat === 'IRR' || !/^\d+$/.test(rials)) return rials;
  const n = BigInt(rials);
  const tenth = n % 10n;
  return `${n / 10n}${tenth ? `.${tenth}` : ''}`;
}

/** The page of the order or request a movement belongs to, where the portal has one. */
function pageOf(ref: TransactionRef): string | null {
  if (ref.type === 'FundSharePurchase' && ref.request) {
    const outcome =
      ref.request.status === 'Successful'
        ? 'success'
        : ref.request.status === 'Failed' || ref.request.status === 'Canceled'
          ? 'unsuccess'
          : 'waiting';
    return paths.fundPurchaseOutcome.getHref(ref.id, outcome);
  }
  if (ref.type === 'FundShareRedeem' && ref.request) return paths.fundRedeemSuccess.getHref(ref.id);
  if (ref.type === 'ExchangeTransaction' && ref.trade) return paths.tetherTrading.getHref();
  if (ref.type === 'TetherDeposit' && ref.chain) return paths.walletDepositUsdt.getHref();
  if (ref.type === 'TetherWithdrawal' && ref.chain) return paths.walletWithdrawUsdt.getHref();
  if (ref.request) return paths.userRequests.getHref({ type: ref.request.type });
  return null;
}

/** The fees, and what the movement belongs to with a link to its page. */
function Belongings({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const { ref } = details;
  const units = (u: string) => formatDecimal(u, fmt.lng, { maxFractionDigits: UNIT_SCALE });
  const day = (iso: string) => formatDate(`${iso}T00:00:00.000Z`, fmt.lng, fmt.calendar, 'long', 'UTC');
  const href = pageOf(ref);
  const isDividend = ref.type === 'FundHolderDividendDistribution';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Rows label={t('details.fees')}>
        <Row label={t('details.fees')}>
          {details.fees.length === 0
            ? t('details.noFee')
            : details.fees.map((f) => (
                <Box component="span" key={f.currency} sx={{ display: 'block' }}>
                  <bdi>{fmt.money(f.amount, f.currency)}</bdi>
                </Box>
              ))}
        </Row>
      </Rows>
      <Box component="section" aria-labelledby="transaction-belongs-to" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="transaction-belongs-to" variant="subtitle2" component="h3">
          {t('details.belongsTo')}
        </Typography>
        <Rows label={t('details.belongsTo')}>
          <Row label={t('details.refType')}>{t(`refTypes.${ref.type}`)}</Row>
          {ref.request ? (
            <Row label={t('details.request')}>
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                {t(`details.requestTypes.${ref.request.type}`)}
                <Chip
                  size="small"
                  color={REQUEST_STATUS_COLOR[ref.request.status]}
                  label={t(`chain:userStatus.${ref.request.status}`)}
                />
              </Box>
            </Row>
          ) : null}
          {ref.fund ? (
            <>
              <Row label={t('details.fund')}>
                <Link component={RouterLink} to={paths.fund.getHref(ref.fund.fundId)}>
                  {ref.fund.fundName[fmt.lng] || ref.fund.fundName.fa}
                </Link>
              </Row>
              <Row label={isDividend ? t('details.unitsHeld') : t('details.units')}>
                {ref.fund.units === null ? t('details.unitsPending') : units(ref.fund.units)}
              </Row>
              {ref.fund.nav !== null ? (
                <Row label={isDividend ? t('details.dividendPerUnit') : t('details.nav')}>
                  <bdi>{fmt.money(ref.fund.nav, ref.fund.currency)}</bdi>
                </Row>
              ) : null}
              {ref.fund.navDate ? <Row label={t('details.navDate')}>{day(ref.fund.navDate)}</Row> : null}
            </>
          ) : null}
          {ref.trade ? (
            <>
              <Row label={t('details.trade')}>{t(`details.tradeSides.${ref.trade.side}`)}</Row>
              <Row label={t('details.rate')}>
                <bdi>
                  {t('details.ratePerTether', {
                    price: fmt.money(priceInFiat(ref.trade.price, ref.trade.fiat), ref.trade.fiat, {
                      maxFractionDigits: 1,
                    }),
                  })}
                </bdi>
              </Row>
              <Row label={t('details.usdtAmount')}>
                <bdi>{fmt.money(ref.trade.usdtAmount, 'USDT')}</bdi>
              </Row>
              <Row label={t('details.fiatAmount')}>
                <bdi>{fmt.money(ref.trade.fiatAmount, ref.trade.fiat)}</bdi>
              </Row>
            </>
          ) : null}
          <Row label={t('details.refId')}>
            <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
              {ref.id}
            </bdi>
          </Row>
        </Rows>
        {ref.chain ? <ChainRefDetails chain={ref.chain} /> : null}
        {href ? (
          <Link component={RouterLink} to={href} sx={{ justifySelf: 'start', fontWeight: 600 }}>
            {t(`details.open.${linkKind(ref)}`)}
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}

function linkKind(
  ref: TransactionRef,
): 'purchase' | 'redemption' | 'trade' | 'chainDeposit' | 'chainWithdrawal' | 'request' {
  switch (ref.type) {
    case 'FundSharePurchase':
      return 'purchase';
    case 'FundShareRedeem':
      return 'redemption';
    case 'ExchangeTransaction':
      return 'trade';
    case 'TetherDeposit':
      return 'chainDeposit';
    case 'TetherWithdrawal':
      return 'chainWithdrawal';
    default:
      return 'request';
  }
}

/** The receipt (PDF, in the page's language) of a deposit, withdrawal, purchase or redemption. */
function ReceiptButton({ id }: { id: string }) {
  const { t } = useTranslation('wallet');
  const { lng } = useFormat();
  return (
    <Button component="a" href={receiptUrl(id, lng)} download variant="contained" startIcon={<FileDownloadOutlined />}>
      {t('details.receipt')}
    </Button>
  );
}
