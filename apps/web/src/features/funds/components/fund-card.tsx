import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FundSummary } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { withoutDemoMark } from '@/lib/demo-name';
import { PRESET_ACCENT, RISK_NAME, useDayFormat, useLocalized } from '../fund-format';
import { FundBadges } from './fund-badges';
import { YieldFigures } from './yield-figures';

/**
 * A fund of the invest tabs: its name in the user's language, its preset's colour, kind and risk, the
 * latest share value, the yields, and the demo and paused badges. The whole card opens the fund's page.
 */
export function FundCard({ fund }: { fund: FundSummary }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const day = useDayFormat();
  const localized = useLocalized();
  // The demo badge stands beside the name: the name's own demo mark is not repeated (lib/demo-name).
  const name = withoutDemoMark(localized(fund.name), fund.isDemo);
  const titleId = `fund-card-${fund.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', borderTop: 4, borderTopColor: PRESET_ACCENT[fund.preset] }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.fund.getHref(fund.id)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: { xs: 2, sm: 2.5 } }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.05rem', minWidth: 0 }}>
              {name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <FundBadges fund={fund} />
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t(`kind.${fund.kind}`)} · {t('risk.label')}: {t(`risk.${RISK_NAME[fund.risk]}`)}
          </Typography>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('nav.latest')}
            </Typography>
            {fund.latestNav ? (
              <>
                <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                  {fmt.money(fund.latestNav.nav, fund.currency)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('nav.asOf', { date: day(fund.latestNav.navDate) })}
                </Typography>
              </>
            ) : (
              <Typography color="text.secondary">{t('nav.none')}</Typography>
            )}
          </Box>
          <Box sx={{ mt: 'auto', pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <YieldFigures yields={fund.yields} dense />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** A card's shape while the list loads. */
export function FundCardSkeleton() {
  return (
    <Card aria-hidden="true" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, p: { xs: 2, sm: 2.5 } }}>
        <Skeleton variant="text" width="60%" height={28} />
        <Skeleton variant="text" width="45%" />
        <Skeleton variant="text" width="35%" height={32} />
        <Skeleton variant="rectangular" height={44} sx={{ borderRadius: 1 }} />
      </CardContent>
    </Card>
  );
}

/** The grid the cards sit in: one column on a phone, two on a tablet, three on a desktop. */
export const fundGridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;
