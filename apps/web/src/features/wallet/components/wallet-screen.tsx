import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useWalletHistory } from '../api/get-wallet-history';
import { useWallets } from '@/lib/queries/wallets';
import { pageCountOf, pageParam } from '@/lib/page-window';
import { BalanceCards, type ConvertibleCurrency } from './balance-cards';
import { LinkPagination } from '@/components/link-pagination';
import { TransactionList } from './transaction-list';

/** The conversion modal the route gives the page (the tether feature's): open while `from` is set. */
export type ConvertDialogComponent = ComponentType<{ from: ConvertibleCurrency | null; onClose: () => void }>;

/**
 * `/wallet?walletId=&page=` (SPEC §2 "Wallet"): the balances of the four wallets and the history of the
 * chosen one (the toman wallet unless the address names another), paged. With `convertDialog` (the route
 * composes it from the tether feature), the toman, rial and tether cards open the conversion modal; it is
 * loaded the first time it is asked for.
 */
export default function WalletScreen({ convertDialog: ConvertDialog }: { convertDialog?: ConvertDialogComponent }) {
  const { t } = useTranslation('wallet');
  const [converting, setConverting] = useState<ConvertibleCurrency | null>(null);
  const [convertAsked, setConvertAsked] = useState(false);
  const openConvert = (currency: ConvertibleCurrency) => {
    setConvertAsked(true);
    setConverting(currency);
  };
  const [params] = useSearchParams();
  const wallets = useWallets();
  const page = pageParam(params.get('page'));
  const items = wallets.data?.items;
  const walletId = params.get('walletId') ?? items?.find((w) => w.currency === 'IRT')?.walletId;
  const chosen = items?.find((w) => w.walletId === walletId);
  const history = useWalletHistory(walletId, page);

  return (
    <PageShell title={t('wallet.pageTitle')} wide>
      <Section
        id="wallet-balances"
        title={t('wallet.balancesTitle')}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={paths.walletWithdraw.getHref()}
              variant="contained"
              startIcon={<ArrowUpward />}
            >
              {t('wallet.withdraw')}
            </Button>
            <Button
              component={RouterLink}
              to={paths.transactions.getHref()}
              variant="outlined"
              startIcon={<ReceiptLongOutlined />}
            >
              {t('wallet.allTransactions')}
            </Button>
          </Box>
        }
      >
        {wallets.isPending ? (
          <SectionLoading />
        ) : wallets.isError ? (
          <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
        ) : (
          <BalanceCards
            wallets={wallets.data.items}
            chosenId={walletId}
            {...(ConvertDialog ? { onConvert: openConvert } : {})}
          />
        )}
      </Section>

      {walletId ? (
        <Section
          id="wallet-history"
          title={t('wallet.historyTitle', {
            currency: chosen ? t(`translation:currency.${chosen.currency}`) : '',
          })}
        >
          {history.isPending ? (
            <SectionLoading />
          ) : history.isError ? (
            <ErrorState error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />
          ) : history.data.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
              {t('wallet.empty')}
            </Typography>
          ) : (
            <>
              <TransactionList
                items={history.data.items}
                label={t('wallet.historyTitle', {
                  currency: chosen ? t(`translation:currency.${chosen.currency}`) : '',
                })}
              />
              <LinkPagination
                page={page}
                pageCount={pageCountOf(history.data.total, history.data.pageSize)}
                hrefOf={(n) => paths.wallet.getHref({ walletId, page: n })}
              />
            </>
          )}
        </Section>
      ) : null}

      {ConvertDialog && convertAsked ? (
        <Suspense fallback={null}>
          <ConvertDialog from={converting} onClose={() => setConverting(null)} />
        </Suspense>
      ) : null}
    </PageShell>
  );
}
