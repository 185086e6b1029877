import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { EARLY_EXIT_FREE_AFTER_MONTHS } from '@portal/contract/funds/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/layouts/page-shell';
import { useFormat } from '@/hooks/use-format';
import { formatBps } from '../fund-format';

const isZero = (amount: string) => !/[1-9]/.test(amount);

/** A definition list of label → value rows, two columns, wrapping on a phone. */
export function FactList({ rows }: { rows: { key: string; label: string; value: ReactNode; hint?: string }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map((r) => (
        <Box
          key={r.key}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            columnGap: 2,
            rowGap: 0.25,
            pb: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0, pb: 0 },
          }}
        >
          <Box component="dt" sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {r.label}
            </Typography>
            {r.hint ? (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', opacity: 0.85 }}>
                {r.hint}
              </Typography>
            ) : null}
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {r.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A fund's fees (SPEC §2, decision 022): the fixed purchase fee, the yearly management fee (already in
 * the share value), the fixed redemption fee, the performance fee on the gain, and the early-exit fee
 * in short (its schedule is the early-exit card's).
 */
export function FeesSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const { fees, currency } = fund;
  const money = (amount: string) => (isZero(amount) ? t('fees.none') : fmt.money(amount, currency));
  const firstBps = fees.earlyExit[0]?.bps ?? 0;
  return (
    <Section id="fund-fees" title={t('fees.title')}>
      <FactList
        rows={[
          {
            key: 'purchase',
            label: t('fees.purchase'),
            hint: t('fees.purchaseHint'),
            value: money(fees.purchaseFixedFee),
          },
          {
            key: 'management',
            label: t('fees.management'),
            hint: t('fees.managementHint'),
            value: t('fees.perYear', { rate: formatBps(fees.managementFeeBps, fmt.lng) }),
          },
          { key: 'redeem', label: t('fees.redeem'), hint: t('fees.redeemHint'), value: money(fees.redeemFixedFee) },
          {
            key: 'performance',
            label: t('fees.performance'),
            hint: t('fees.performanceHint'),
            value: fees.performanceFeeBps === 0 ? t('fees.none') : formatBps(fees.performanceFeeBps, fmt.lng),
          },
          {
            key: 'earlyExit',
            label: t('fees.earlyExit'),
            value: (
              <Link href="#fund-early-exit-title">
                {t('fees.earlyExitValue', {
                  rate: formatBps(firstBps, fmt.lng),
                  months: fmt.number(EARLY_EXIT_FREE_AFTER_MONTHS),
                })}
              </Link>
            ),
          },
        ]}
      />
    </Section>
  );
}
