import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Figures, type Figure } from './figures';

export type OutcomeTone = 'success' | 'waiting' | 'failed';

const ICON = { success: CheckCircleOutline, waiting: HourglassTop, failed: HighlightOff } as const;
const COLOR = { success: 'success.main', waiting: 'warning.main', failed: 'error.main' } as const;

/**
 * An order's outcome (SPEC §4: success, waiting, failed): an icon, what happened in a sentence (announced
 * to screen readers), the order's figures, and where to go next.
 */
export function OrderOutcome({
  tone,
  title,
  text,
  rows,
  actions,
  children,
}: {
  tone: OutcomeTone;
  title: string;
  text: string;
  rows: readonly (Figure | null | false)[];
  actions: ReactNode;
  children?: ReactNode;
}) {
  const Icon = ICON[tone];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2.5, textAlign: 'center' }}>
      <Icon aria-hidden="true" sx={{ fontSize: 56, color: COLOR[tone] }} />
      <Box role="status">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
      <Box sx={{ width: '100%', maxWidth: 460, textAlign: 'start' }}>
        <Figures rows={rows} />
      </Box>
      {children}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>{actions}</Box>
    </Box>
  );
}
