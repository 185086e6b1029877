import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisCommonOf, chartHooks, valueAxis } from '@/components/chart-parts';
import { ChartFrame, type ChartHover } from '@/components/chart-frame';

/** One line of the chart: its values (null where it has none) and its colour. */
export interface ChartLine {
  label: string;
  values: (number | null)[];
  color: string;
  /** The first line is drawn filled, the others as plain lines. */
  dashed?: boolean;
}

export interface BasketChartProps {
  /** Unix seconds, oldest first. */
  times: number[];
  lines: ChartLine[];
  rtl: boolean;
  height: number;
  formatAxisValue: (value: number) => string;
  formatAxisTime: (unixSeconds: number) => string;
  tooltipOf: (index: number) => { date: string; value: string; extra?: string };
}

/**
 * A basket's lines over time (uPlot on a canvas, as the dashboard's and the fund page's charts, in the same
 * frame): its value day by day, or the back-test of its weights against holding bitcoin and tether. Its own
 * chunk, loaded with the part of the page that shows it. Time runs left to right in every language, the
 * value axis stands on the reading side; the exact figures are in the table beside it and in the tooltip.
 */
export default function BasketChart({
  times,
  lines,
  rtl,
  height,
  formatAxisValue,
  formatAxisTime,
  tooltipOf,
}: BasketChartProps) {
  const theme = useTheme();
  const wrapRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<ChartHover | null>(null);
  const fmtRef = useRef({ formatAxisValue, formatAxisTime });
  const chartRef = useRef<uPlot | null>(null);
  useEffect(() => {
    fmtRef.current = { formatAxisValue, formatAxisTime };
    chartRef.current?.redraw(false, true);
  }, [formatAxisValue, formatAxisTime]);

  const textColor = theme.palette.text.secondary;
  const gridColor = theme.palette.divider;
  const paper = theme.palette.background.paper;

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const axisCommon = axisCommonOf(textColor, gridColor);
    const opts: uPlot.Options = {
      width: Math.max(1, wrap.clientWidth),
      height,
      padding: [12, rtl ? 4 : 16, 0, rtl ? 16 : 4],
      legend: { show: false },
      scales: { x: { time: false } },
      cursor: {
        x: true,
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 8, stroke: paper, width: 2 },
      },
      series: [
        {},
        ...lines.map((l, i): uPlot.Series => ({
          label: l.label,
          stroke: l.color,
          width: i === 0 ? 2 : 1.5,
          ...(i === 0 ? { fill: `${l.color}1f` } : {}),
          ...(l.dashed ? { dash: [6, 4] } : {}),
          points: { show: false },
          spanGaps: true,
        })),
      ],
      axes: [
        {
          ...axisCommon,
          grid: { show: false },
          values: (_u, splits) => splits.map((s) => fmtRef.current.formatAxisTime(s)),
          size: 32,
          space: 90,
        },
        valueAxis(axisCommon, rtl, (v) => fmtRef.current.formatAxisValue(v)),
      ],
      hooks: chartHooks(rtl, wrap, setHover),
    };
    const chart = new uPlot(opts, [times, ...lines.map((l) => l.values)] as uPlot.AlignedData, wrap);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(1, wrap.clientWidth), height }));
    observer.observe(wrap);
    return () => {
      observer.disconnect();
      chartRef.current = null;
      chart.destroy();
      setHover(null);
    };
  }, [times, lines, rtl, height, textColor, gridColor, paper]);

  const tip = hover ? tooltipOf(hover.index) : null;
  return (
    <ChartFrame
      wrapRef={wrapRef}
      height={height}
      rtl={rtl}
      hover={hover}
      tooltipWidth={240}
      tooltip={tip ? { date: tip.date, value: tip.value, ...(tip.extra ? { extra: tip.extra } : {}) } : null}
    />
  );
}
