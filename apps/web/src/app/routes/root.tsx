import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** The root of every page: a thin progress bar while the next page's code loads. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Box
          role="progressbar"
          aria-label={t('common.loading')}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            height: 3,
            overflow: 'hidden',
            zIndex: (th) => th.zIndex.tooltip,
          }}
        >
          <Box
            sx={{
              width: '40%',
              height: '100%',
              bgcolor: 'primary.main',
              animation: `${slide} 1.1s ease-in-out infinite`,
            }}
          />
        </Box>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
