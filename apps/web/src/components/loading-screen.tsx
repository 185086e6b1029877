import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';

/** Shown while the session is being checked or a page's code is loading (SPEC §2). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <LogoMark size={56} />
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
