import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LogoMark } from '../logo';

/** A whole page with one message and its actions: not found, crash, technical error. */
export function MessagePage({
  code,
  title,
  message,
  actions,
  children,
}: {
  code?: string;
  title: string;
  message: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ maxWidth: 600, mx: 'auto', px: 2, minHeight: '100dvh', display: 'flex', alignItems: 'center', py: 6 }}
    >
      <Box
        sx={{
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          gap: 2.5,
          alignItems: 'center',
          textAlign: 'center',
        }}
      >
        <LogoMark size={56} />
        {code ? (
          <Typography
            aria-hidden="true"
            sx={{ fontSize: '3.5rem', fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
          >
            {code}
          </Typography>
        ) : null}
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary">{message}</Typography>
        {children}
        {actions ? (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center', pt: 1 }}>{actions}</Box>
        ) : null}
      </Box>
    </Box>
  );
}
