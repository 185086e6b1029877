import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  /** The total of a breakdown: bold, above a rule. */
  strong?: boolean | undefined;
}

/**
 * Labels and figures of the basket pages, one pair a line, the figure at the line's end (a `<dl>`). A long
 * figure moves under its label on a narrow screen instead of being cut.
 */
export function Figures({
  rows,
  label,
}: {
  rows: readonly (Figure | null | false | undefined | '')[];
  label?: string;
}) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      {rows
        .filter((r): r is Figure => Boolean(r))
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
              ...(r.strong ? { borderTop: 1, borderColor: 'divider', pt: 1.25 } : {}),
            }}
          >
            <Typography
              component="dt"
              color={r.strong ? 'text.primary' : 'text.secondary'}
              sx={{ fontWeight: r.strong ? 700 : 400, minWidth: 0 }}
            >
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
