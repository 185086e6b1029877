import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface DonutSlice {
  key: string;
  label: string;
  /** Its share of the whole, 0…1. */
  share: number;
  color: string;
  /** What the legend says beside the label (an amount, a percentage), already formatted. */
  detail: string;
}

const SIZE = 160;
const STROKE = 26;
const R = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * R;

/**
 * A donut in plain SVG (no chart library on the list page) with its legend beside it. Slices go
 * clockwise from the top; the legend is the accessible reading of the chart, so the SVG itself is
 * hidden from assistive technology and carries a summary label instead.
 */
export function DonutChart({
  slices,
  label,
  centre,
}: {
  slices: readonly DonutSlice[];
  /** The chart's accessible name. */
  label: string;
  /** Text in the hole (the total). */
  centre?: { title: string; value: string };
}) {
  let offset = 0;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        gap: { xs: 2, sm: 3 },
      }}
    >
      <Box sx={{ position: 'relative', width: SIZE, height: SIZE, flexShrink: 0 }}>
        <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label}>
          <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}>
            <circle
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={R}
              fill="none"
              stroke="currentColor"
              strokeOpacity={0.08}
              strokeWidth={STROKE}
            />
            {slices.map((s) => {
              const length = Math.max(0, s.share) * CIRCUMFERENCE;
              // A hair of space between slices, unless one slice is the whole ring.
              const gap = slices.length > 1 && length > 2 ? 1.5 : 0;
              const el = (
                <circle
                  key={s.key}
                  cx={SIZE / 2}
                  cy={SIZE / 2}
                  r={R}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={STROKE}
                  strokeDasharray={`${Math.max(0, length - gap)} ${CIRCUMFERENCE}`}
                  strokeDashoffset={-offset}
                />
              );
              offset += length;
              return el;
            })}
          </g>
        </svg>
        {centre ? (
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              inset: STROKE + 4,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              textAlign: 'center',
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              {centre.title}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '0.8rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {centre.value}
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Box
        component="ul"
        // Beside the ring the legend is as wide as its longest row: each figure stays near its label, and
        // the figures line up at the end of the rows. Under the ring (a phone) it takes the whole width.
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          minWidth: 0,
          width: { xs: '100%', sm: 'auto' },
          maxWidth: 420,
        }}
      >
        {slices.map((s) => (
          <Box component="li" key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <Box
              aria-hidden="true"
              sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color, flexShrink: 0 }}
            />
            <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {s.label}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {s.detail}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
