import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { RiskResult } from '@portal/contract/baskets/risk-quiz';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useRiskResults } from '../api/risk-quiz';
import { BAND_COLOR } from '../risk-format';
import { RETURN_TO, safeReturnTo } from '../return-to';
import { RiskMeter } from './risk-meter';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={72} />
    </Box>
  );
}

/** The newest result: the number, the persona, its sentence and where it sits on the scale. */
function LatestResult({ result }: { result: RiskResult }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const persona = t(`persona.${result.persona}`);
  return (
    <Section id="risk-latest" title={t('list.latest')}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="p" sx={{ fontSize: '2.25rem', fontWeight: 800, lineHeight: 1 }}>
          {fmt.number(result.riskNumber)}
        </Typography>
        <Typography color="text.secondary">{t('result.of')}</Typography>
        <Chip
          label={persona}
          sx={{ marginInlineStart: 'auto', fontWeight: 700, bgcolor: BAND_COLOR[result.band], color: '#1b1b1b' }}
        />
      </Box>
      <RiskMeter riskNumber={result.riskNumber} label={t('result.meter')} />
      <Typography>{t(`sentence.${result.persona}`)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('list.takenAt', { date: fmt.date(result.takenAt, 'dateTime') })}
      </Typography>
    </Section>
  );
}

/** Every result, newest first: when, the number, the persona and the question set answered. */
function History({ results }: { results: RiskResult[] }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  return (
    <Section id="risk-history" title={t('list.history')}>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {results.map((r) => (
          <Paper
            component="li"
            key={r.id}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
          >
            <Box
              aria-hidden="true"
              sx={{ width: 10, alignSelf: 'stretch', minHeight: 36, borderRadius: 1, bgcolor: BAND_COLOR[r.band] }}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {t('list.number')}: {fmt.number(r.riskNumber)} — {t(`persona.${r.persona}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('list.takenAt', { date: fmt.date(r.takenAt, 'dateTime') })} —{' '}
                {t('list.version', { number: fmt.number(r.versionNumber) })}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

/**
 * `/risk-quiz` (SPEC §2 "risk quiz list"): what the test is, my results newest first (the latest one large),
 * or "no tests done" with the way to start; `?returnTo=` (the fund page) is kept for the test and the way back.
 */
export default function RiskQuizScreen() {
  const { t } = useTranslation('risk');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get(RETURN_TO));
  const results = useRiskResults();
  const title = t('list.title');
  const start = paths.riskQuizCalc.getHref(returnTo ?? undefined);

  let body;
  if (results.isPending) body = <ListSkeleton />;
  else if (results.isError)
    body = <ErrorState error={results.error} onRetry={() => void results.refetch()} isRetrying={results.isFetching} />;
  else if (results.data.items.length === 0)
    body = (
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <AssignmentOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, textAlign: 'center' }}>
          {t('list.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('list.emptyText')}
        </Typography>
        <Button component={RouterLink} to={start} variant="contained" size="large">
          {t('list.start')}
        </Button>
      </Paper>
    );
  else {
    const [latest] = results.data.items;
    body = (
      <>
        <LatestResult result={latest!} />
        <Button component={RouterLink} to={start} variant="contained" sx={{ alignSelf: { sm: 'flex-start' } }}>
          {t('list.again')}
        </Button>
        <History results={results.data.items} />
      </>
    );
  }

  return (
    <PageShell title={title} {...(returnTo ? { backTo: returnTo } : {})}>
      <Typography color="text.secondary">{t('list.intro')}</Typography>
      {body}
    </PageShell>
  );
}
