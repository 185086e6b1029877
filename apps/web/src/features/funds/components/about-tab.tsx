import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/layouts/page-shell';
import { useFormat } from '@/hooks/use-format';
import { RISK_NAME, formatUnitCount, useLocalized } from '../fund-format';
import { FactList } from './fees-section';

/** The about tab (SPEC §2): the operators' text about the fund and its particulars and limits. */
export function AboutTab({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const localized = useLocalized();
  return (
    <>
      <Section id="fund-about" title={t('about.title')}>
        <Typography sx={{ fontWeight: 700 }}>{localized(fund.summary)}</Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.9 }}>
          {localized(fund.about)}
        </Typography>
      </Section>
      <Section id="fund-facts" title={t('about.facts')}>
        <FactList
          rows={[
            { key: 'kind', label: t('about.kind'), value: t(`kind.${fund.kind}`) },
            { key: 'type', label: t('about.type'), value: t(`fundType.${fund.fundType}`) },
            { key: 'category', label: t('about.category'), value: t(`category.${fund.category}`) },
            { key: 'currency', label: t('about.currency'), value: t(`translation:currency.${fund.currency}`) },
            { key: 'risk', label: t('about.risk'), value: t(`risk.${RISK_NAME[fund.risk]}`) },
            { key: 'min', label: t('about.minPurchase'), value: fmt.money(fund.limits.minPurchase, fund.currency) },
            {
              key: 'max',
              label: t('about.maxPurchase'),
              value:
                fund.limits.maxPurchase === null
                  ? t('about.noLimit')
                  : fmt.money(fund.limits.maxPurchase, fund.currency),
            },
            {
              key: 'minRedeem',
              label: t('about.minRedeemUnits'),
              value: t('about.units', { units: formatUnitCount(fund.limits.minRedeemUnits, fmt.lng) }),
            },
          ]}
        />
      </Section>
    </>
  );
}
