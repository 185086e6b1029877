import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useCreateFund } from './api';
import { ConsolePage } from '../shell/console-page';
import { FundForm } from './fund-form';
import { newFundValues, toFundBody } from './fund-form-schema';

/** `/admin/funds/new` (`funds.manage`): a fund from nothing; unpublished until said, then its page. */
export default function FundNewPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateFund();
  return (
    <ConsolePage title={t('funds.new.title')} back={{ to: paths.adminFunds.getHref(), label: t('funds.backToList') }}>
      <FundForm
        defaultValues={newFundValues()}
        readOnly={false}
        pending={create.isPending}
        error={create.error}
        submitLabel={t('funds.new.submit')}
        onSubmit={async (values) => {
          const fund = await create.mutateAsync(toFundBody(values, fmt.calendar));
          notify.success('admin:funds.new.done');
          void navigate(paths.adminFund.getHref(fund.id));
        }}
      />
    </ConsolePage>
  );
}
