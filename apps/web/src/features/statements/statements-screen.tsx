import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { StatementsSection } from './statements-section';

/**
 * `/statements` (issue 19, decision 042): the statement of a month or a range of days and the holdings
 * certificate, reached from the transactions page.
 */
export default function StatementsScreen() {
  const { t } = useTranslation('wallet');
  return (
    <PageShell title={t('statements.title')} backTo={paths.transactions.getHref()}>
      <StatementsSection />
    </PageShell>
  );
}
