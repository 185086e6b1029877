import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/**
 * A portal page (profile, KYC…): its title (and a way back), in a column that reads well on a phone
 * and a desktop.
 */
export function PageShell({
  title,
  backTo,
  children,
  wide = false,
}: {
  title: string;
  backTo?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: wide ? 960 : 640, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {backTo ? (
          <IconButton component={RouterLink} to={backTo} aria-label={t('common.back')} edge="start">
            <ArrowBack sx={flipInRtl} />
          </IconButton>
        ) : null}
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** A titled section of a page (a region named by its heading). */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={`${id}-title`} variant="h2" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

export function SectionLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
