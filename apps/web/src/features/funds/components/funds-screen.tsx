import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFunds } from '../api/list-funds';
import { CATEGORY_OF_TAB, FUND_TABS, fundTabParam } from '../fund-format';
import { FundCard, FundCardSkeleton, fundGridSx } from './fund-card';
import { MyFunds } from './my-funds';

/**
 * `/funds?tab=` (SPEC §2 "Funds"): my funds with the dispersion chart of their value, then the invest
 * tabs (crypto, gold and silver, fixed income) listing the funds with their latest share value and
 * yields. The tab lives in the address, so a reload or the back button keeps it.
 */
export default function FundsScreen() {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const tab = fundTabParam(params.get('tab'));
  const funds = useFunds();
  const shown = funds.data?.items.filter((f) => f.category === CATEGORY_OF_TAB[tab]) ?? [];

  return (
    <PageShell title={t('list.pageTitle')} wide>
      <Typography color="text.secondary" sx={{ mt: -1 }}>
        {t('list.intro')}
      </Typography>

      <MyFunds funds={funds.data?.items} />

      <Section id="funds-invest" title={t('list.investTitle')}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: -1 }}>
          <Tabs value={tab} variant="scrollable" scrollButtons={false} aria-label={t('list.tabsLabel')}>
            {FUND_TABS.map((v) => (
              <Tab
                key={v}
                value={v}
                label={t(`list.tabs.${v}`)}
                component={RouterLink}
                to={paths.funds.getHref(v)}
                replace
                id={`funds-tab-${v}`}
                aria-controls="funds-tabpanel"
              />
            ))}
          </Tabs>
        </Box>
        <Box id="funds-tabpanel" role="tabpanel" aria-labelledby={`funds-tab-${tab}`}>
          {funds.isPending ? (
            <Box component="ul" sx={fundGridSx} aria-busy="true" aria-label={t('list.loading')}>
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <FundCardSkeleton />
                </li>
              ))}
            </Box>
          ) : funds.isError ? (
            <ErrorState error={funds.error} onRetry={() => void funds.refetch()} isRetrying={funds.isFetching} />
          ) : shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {t(`list.empty.${tab}`)}
            </Typography>
          ) : (
            <Box component="ul" sx={fundGridSx} aria-label={t(`list.tabs.${tab}`)}>
              {shown.map((f) => (
                <li key={f.id}>
                  <FundCard fund={f} />
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Section>
    </PageShell>
  );
}
