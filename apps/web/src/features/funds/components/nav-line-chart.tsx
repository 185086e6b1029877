import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisCommonOf, chartHooks, valueAxis } from '@/components/chart-parts';
import { ChartFrame, type ChartHover } from '@/components/chart-frame';

/**
 * The share value line (uPlot on a canvas): loaded as its own chunk by the fund page only, after the
 * page's first paint (issue 6: the fund page's initial JavaScript is measured). Every text it draws —
 * axis values, dates, the tooltip — comes formatted from the caller, so digits and calendar follow the
 * user's language. Time runs left to right in every language (as on any market chart); in right-to-left
 * languages the value axis stands on the right, where the eye starts reading.
 */
export interface NavLineChartProps {
  /** Unix seconds, oldest first. */
  times: number[];
  values: number[];
  color: string;
  rtl: boolean;
  height: number;
  /** The value axis' labels. */
  formatAxisValue: (value: number) => string;
  /** The time axis' labels. */
  formatAxisTime: (unixSeconds: number) => string;
  /** The tooltip of a point (its date and its exact value). */
  tooltipOf: (index: number) => { date: string; value: string };
}

/** Roughly how far apart the date labels stand. */
const TIME_LABEL_SPACE = 84;

/** Evenly spread data points for the date labels, kept off the very edges so none is cut in half. */
function timeSplits(u: uPlot): number[] {
  const xs = u.data[0];
  const plotWidth = u.bbox.width / uPlot.pxRatio;
  const n = Math.max(2, Math.min(xs.length, Math.floor(plotWidth / TIME_LABEL_SPACE)));
  if (xs.length <= 2) return [...xs];
  return Array.from({ length: n }, (_, i) => xs[Math.min(xs.length - 1, Math.floor(((i + 0.5) * xs.length) / n))]!);
}

export default function NavLineChart({
  times,
  values,
  color,
  rtl,
  height,
  formatAxisValue,
  formatAxisTime,
  tooltipOf,
}: NavLineChartProps) {
  const theme = useTheme();
  const wrapRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<ChartHover | null>(null);
  // The formatters change with the language and calendar; the chart reads the latest through a ref
  // and is redrawn when they change (below), without being built again.
  const fmtRef = useRef({ formatAxisValue, formatAxisTime });
  const chartRef = useRef<uPlot | null>(null);
  useEffect(() => {
    fmtRef.current = { formatAxisValue, formatAxisTime };
    chartRef.current?.redraw(false, true);
  }, [formatAxisValue, formatAxisTime]);

  const textColor = theme.palette.text.secondary;
  const gridColor = theme.palette.divider;

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const axisCommon = axisCommonOf(textColor, gridColor);
    const opts: uPlot.Options = {
      width: Math.max(1, wrap.clientWidth),
      height,
      padding: [12, rtl ? 4 : 12, 0, rtl ? 12 : 4],
      legend: { show: false },
      scales: { x: { time: false } },
      cursor: {
        x: true,
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 9, fill: color, stroke: theme.palette.background.paper, width: 2 },
      },
      series: [
        {},
        {
          stroke: color,
          width: 2,
          fill: `${color}26`,
          points: { show: times.length <= 2, size: 7, fill: color },
        },
      ],
      axes: [
        {
          ...axisCommon,
          grid: { show: false },
          splits: (u) => timeSplits(u),
          values: (_u, splits) => splits.map((s) => fmtRef.current.formatAxisTime(s)),
          size: 32,
        },
        valueAxis(axisCommon, rtl, (v) => fmtRef.current.formatAxisValue(v)),
      ],
      hooks: chartHooks(rtl, wrap, setHover),
    };
    const chart = new uPlot(opts, [times, values], wrap);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(1, wrap.clientWidth), height }));
    observer.observe(wrap);
    return () => {
      observer.disconnect();
      chartRef.current = null;
      chart.destroy();
      setHover(null);
    };
  }, [times, values, color, rtl, height, textColor, gridColor, theme.palette.background.paper]);

  const tip = hover ? tooltipOf(hover.index) : null;
  return <ChartFrame wrapRef={wrapRef} height={height} rtl={rtl} hover={hover} tooltip={tip} />;
}
