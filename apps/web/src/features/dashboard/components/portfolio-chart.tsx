import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisCommonOf, chartHooks, valueAxis } from '@/components/chart-parts';
import { ChartFrame, type ChartHover } from '@/components/chart-frame';

/**
 * The 7-day tab's chart (uPlot on a canvas, as the fund page's share value line): the portfolio's value
 * per day as a line on the value axis, and each day's profit as a bar (green up, red down) on a scale of
 * its own centred on zero. Its own chunk, loaded when the tab is opened (the dashboard's first load stays
 * small). Every text it draws comes formatted from the caller; time runs left to right in every language,
 * the value axis stands on the reading side. The exact figures are in the table under it (its text
 * alternative) and in the tooltip.
 */
export interface PortfolioChartProps {
  /** Unix seconds, oldest first. */
  times: number[];
  values: number[];
  profits: number[];
  rtl: boolean;
  height: number;
  formatAxisValue: (value: number) => string;
  formatAxisTime: (unixSeconds: number) => string;
  tooltipOf: (index: number) => { date: string; value: string; profit: string };
  profitLabel: string;
}

export default function PortfolioChart({
  times,
  values,
  profits,
  rtl,
  height,
  formatAxisValue,
  formatAxisTime,
  tooltipOf,
  profitLabel,
}: PortfolioChartProps) {
  const theme = useTheme();
  const wrapRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<ChartHover | null>(null);
  const fmtRef = useRef({ formatAxisValue, formatAxisTime });
  const chartRef = useRef<uPlot | null>(null);
  useEffect(() => {
    fmtRef.current = { formatAxisValue, formatAxisTime };
    chartRef.current?.redraw(false, true);
  }, [formatAxisValue, formatAxisTime]);

  const line = theme.palette.primary.main;
  const gain = theme.palette.success.main;
  const loss = theme.palette.error.main;
  const textColor = theme.palette.text.secondary;
  const gridColor = theme.palette.divider;
  const paper = theme.palette.background.paper;

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    // Gains and losses as two series of bars, so each has its colour; a day is in one or the other.
    const gains = profits.map((p) => (p > 0 ? p : null));
    const losses = profits.map((p) => (p < 0 ? p : null));
    const reach = Math.max(1, ...profits.map((p) => Math.abs(p)));
    const bars = uPlot.paths.bars!({ size: [0.45, 28], align: 0 });
    const axisCommon = axisCommonOf(textColor, gridColor);
    const opts: uPlot.Options = {
      width: Math.max(1, wrap.clientWidth),
      height,
      padding: [12, rtl ? 4 : 16, 0, rtl ? 16 : 4],
      legend: { show: false },
      scales: {
        x: {
          time: false,
          // Half a day of room at each end, so the first and last bars are whole.
          range: (_u, min, max) => [min - 43_200, max + 43_200],
        },
        // Profit bars take the lower part of the plot: from its foot when no day lost, else around a zero
        // raised enough for the losses.
        p: { range: () => (profits.some((p) => p < 0) ? [-reach * 1.1, reach * 3.2] : [0, reach * 2.5]) },
      },
      cursor: {
        x: true,
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 9, fill: line, stroke: paper, width: 2 },
      },
      series: [
        {},
        { scale: 'p', fill: `${gain}b3`, stroke: gain, width: 0, paths: bars, points: { show: false } },
        { scale: 'p', fill: `${loss}b3`, stroke: loss, width: 0, paths: bars, points: { show: false } },
        { stroke: line, width: 2, fill: `${line}1f`, points: { show: true, size: 6, fill: line } },
      ],
      axes: [
        {
          ...axisCommon,
          grid: { show: false },
          splits: (u) => [...u.data[0]],
          values: (_u, splits) => splits.map((s) => fmtRef.current.formatAxisTime(s)),
          size: 32,
        },
        valueAxis(axisCommon, rtl, (v) => fmtRef.current.formatAxisValue(v)),
      ],
      hooks: chartHooks(rtl, wrap, setHover),
    };
    const chart = new uPlot(opts, [times, gains, losses, values] as uPlot.AlignedData, wrap);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(1, wrap.clientWidth), height }));
    observer.observe(wrap);
    return () => {
      observer.disconnect();
      chartRef.current = null;
      chart.destroy();
      setHover(null);
    };
  }, [times, values, profits, rtl, height, line, gain, loss, textColor, gridColor, paper]);

  const tip = hover ? tooltipOf(hover.index) : null;
  return (
    <ChartFrame
      wrapRef={wrapRef}
      height={height}
      rtl={rtl}
      hover={hover}
      tooltipWidth={240}
      tooltip={tip ? { date: tip.date, value: tip.value, extra: `${profitLabel}: ${tip.profit}` } : null}
    />
  );
}
