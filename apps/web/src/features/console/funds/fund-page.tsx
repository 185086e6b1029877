import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminFund } from '@portal/contract/admin/funds';
import { ErrorState } from '@/components/errors/error-state';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { adminFundQueryOptions, useUpdateFund } from './api';
import { useCan } from '../shell/operator';
import { ConsolePage, Loading } from '../shell/console-page';
import { FundAnnouncementsTab } from './fund-announcements-tab';
import { FundDividendsTab } from './fund-dividends-tab';
import { FundForm } from './fund-form';
import { fundValuesOf, toUpdateBody } from './fund-form-schema';
import { FundStateChips } from './fund-labels';
import { useLocalized } from '../shell/localized';
import { FundNavsTab } from './fund-navs-tab';
import { FundOrdersTab } from './fund-orders-tab';
import { FundTermsTab } from './fund-terms-tab';

const TABS = ['details', 'terms', 'navs', 'announcements', 'orders', 'dividends'] as const;
type FundTab = (typeof TABS)[number];

function DetailsTab({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const notify = useNotify();
  const update = useUpdateFund(fund.id);
  return (
    <FundForm
      // A saved fund comes back new: the form starts again from it.
      key={fund.updatedAt}
      fund={fund}
      defaultValues={fundValuesOf(fund, fmt.calendar, fmt.lng)}
      readOnly={!can('funds.manage')}
      pending={update.isPending}
      error={update.error}
      submitLabel={t('funds.edit.submit')}
      onSubmit={async (values, dirty) => {
        await update.mutateAsync(toUpdateBody(values, fmt.calendar, dirty));
        notify.success('admin:funds.edit.done');
      }}
    />
  );
}

/**
 * A fund's page (`/admin/funds/{id}?tab=`): its details (every field, editable with `funds.manage`), its
 * terms (fees, limits, pauses: changed by proposal), its NAVs (propose today's, propose a correction with
 * a reason), announcements and reports, orders (purchases and redemptions) and dividends. What prices or
 * moves value is proposed and takes effect when a second operator approves (issue 15).
 */
export default function FundPage({ fundId }: { fundId: string }) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: FundTab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as FundTab) : 'details';
  const fund = useQuery(adminFundQueryOptions(fundId));
  const back = { to: paths.adminFunds.getHref(), label: t('funds.backToList') };

  if (fund.isPending)
    return (
      <ConsolePage title={t('funds.fund.title')} back={back}>
        <Loading />
      </ConsolePage>
    );
  if (fund.isError)
    return (
      <ConsolePage title={t('funds.fund.title')} back={back}>
        <ErrorState error={fund.error} onRetry={() => void fund.refetch()} isRetrying={fund.isFetching} />
      </ConsolePage>
    );

  const f = fund.data;
  return (
    <ConsolePage
      title={localized(f.name)}
      back={back}
      actions={
        f.published ? (
          <Button
            component={RouterLink}
            to={paths.fund.getHref(f.id)}
            variant="outlined"
            size="small"
            endIcon={<OpenInNewOutlined fontSize="small" />}
          >
            {t('funds.fund.viewInPortal')}
          </Button>
        ) : null
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          dir="ltr"
          sx={{ alignSelf: 'flex-start', fontFamily: 'monospace' }}
        >
          {f.code}
        </Typography>
        <FundStateChips fund={f} />
      </Box>
      <Tabs
        value={tab}
        onChange={(_, next: FundTab) => setParams(next === 'details' ? {} : { tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('funds.fund.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`funds.tabs.${k}`)} id={`fund-tab-${k}`} aria-controls="fund-tab-panel" />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="fund-tab-panel"
        aria-labelledby={`fund-tab-${tab}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {tab === 'details' ? (
          <DetailsTab fund={f} />
        ) : tab === 'terms' ? (
          <FundTermsTab fund={f} />
        ) : tab === 'navs' ? (
          <FundNavsTab fund={f} />
        ) : tab === 'announcements' ? (
          <FundAnnouncementsTab fund={f} />
        ) : tab === 'orders' ? (
          <FundOrdersTab fund={f} />
        ) : (
          <FundDividendsTab fund={f} />
        )}
      </Box>
    </ConsolePage>
  );
}
