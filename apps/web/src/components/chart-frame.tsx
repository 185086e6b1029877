import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode, RefObject } from 'react';

/** The point under the pointer: its index, and where it stands across the plot's width. */
export interface ChartHover {
  index: number;
  x: number;
  width: number;
}

/**
 * The frame of a uPlot chart (the fund page's share value line, the dashboard's 7-day chart): the canvas'
 * element (`wrapRef`, hidden from assistive technology: each chart's figures are in a table or the text
 * around it), and the tooltip of the point under the pointer, on the side with more room. Time runs left
 * to right in every language; the tooltip's text follows the page's direction.
 */
export function ChartFrame({
  wrapRef,
  height,
  rtl,
  hover,
  tooltip,
  tooltipWidth = 220,
}: {
  wrapRef: RefObject<HTMLDivElement | null>;
  height: number;
  rtl: boolean;
  hover: ChartHover | null;
  /** Its date, its exact value, and any further line. */
  tooltip: { date: string; value: string; extra?: ReactNode } | null;
  tooltipWidth?: number;
}) {
  return (
    <Box dir="ltr" sx={{ position: 'relative', height, '& .u-over': { cursor: 'crosshair' } }}>
      <Box ref={wrapRef} aria-hidden="true" sx={{ width: '100%', height }} />
      {tooltip && hover ? (
        <Box
          role="status"
          dir={rtl ? 'rtl' : 'ltr'}
          sx={{
            position: 'absolute',
            top: 4,
            ...(hover.x > hover.width / 2
              ? { right: Math.max(0, hover.width - hover.x + 12) }
              : { left: hover.x + 12 }),
            pointerEvents: 'none',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            boxShadow: 2,
            px: 1.25,
            py: 0.75,
            maxWidth: tooltipWidth,
          }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {tooltip.date}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {tooltip.value}
          </Typography>
          {tooltip.extra ? (
            <Typography variant="caption" sx={{ display: 'block' }}>
              {tooltip.extra}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
