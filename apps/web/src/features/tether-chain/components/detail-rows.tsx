import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A row's facts as a definition list: one column of pairs on a phone, two on a wider screen. */
export function DetailRows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto minmax(0, 1fr)' },
        columnGap: 1.5,
        rowGap: 0.75,
        alignItems: 'center',
      }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * One deposit or withdrawal in a list: a bordered item named by its heading, the status chip beside the
 * heading, then its facts and actions.
 */
export function ChainItemCard({
  headingId,
  heading,
  status,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {status}
      </Box>
      {children}
    </Box>
  );
}
