import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface TradeFigure {
  label: string;
  value: ReactNode;
  /** The figure the user cares most about (what they receive): bold. */
  strong?: boolean;
}

/**
 * Labels and figures of a trade, one pair a line, the figure at the line's end (a `<dl>`). A long figure
 * moves under its label on a narrow screen instead of wrapping inside itself.
 */
export function TradeFigures({ rows, label }: { rows: readonly (TradeFigure | null | false)[]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      {rows
        .filter((r): r is TradeFigure => Boolean(r))
        .map((r) => (
          <Box
            key={r.label}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              columnGap: 2,
              rowGap: 0.25,
            }}
          >
            <Typography component="dt" color="text.secondary" sx={{ minWidth: 0 }}>
              {r.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: r.strong ? 800 : 600,
                marginInlineStart: 'auto',
                textAlign: 'end',
                overflowWrap: 'anywhere',
              }}
            >
              {r.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
