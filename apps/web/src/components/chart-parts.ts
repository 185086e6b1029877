import uPlot from 'uplot';
import { FONT_FAMILY } from '@/lib/theme';
import type { ChartHover } from './chart-frame';

/**
 * What every uPlot chart of the app shares (the fund page's share value line, the dashboard's 7-day chart, a
 * basket's value and back-test): the axes' font and look, the value axis on the reading side sized to its
 * widest label, the canvas' text direction, and the point under the pointer for `ChartFrame`'s tooltip.
 */
const AXIS_FONT_PX = 12;
export const AXIS_FONT = `${AXIS_FONT_PX}px ${FONT_FAMILY}`;

let measureCtx: CanvasRenderingContext2D | null | undefined;
/** The width of an axis label in the axes' font (an estimate where the canvas cannot measure: jsdom). */
export function textWidth(text: string): number {
  if (measureCtx === undefined) measureCtx = document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 7;
  measureCtx.font = AXIS_FONT;
  return measureCtx.measureText(text).width;
}

/** The look every axis shares: the theme's text and divider colours, no ticks. */
export const axisCommonOf = (textColor: string, gridColor: string) =>
  ({
    stroke: textColor,
    font: AXIS_FONT,
    grid: { stroke: gridColor, width: 1 },
    ticks: { show: false },
    gap: 6,
  }) satisfies uPlot.Axis;

/** The value axis: on the reading side (right in Persian and Arabic), as wide as its widest label. */
export function valueAxis(common: uPlot.Axis, rtl: boolean, format: (value: number) => string): uPlot.Axis {
  return {
    ...common,
    side: rtl ? 1 : 3,
    values: (_u, splits) => splits.map((v) => format(v)),
    size: (_u, vals) => Math.ceil(Math.max(24, ...(vals ?? []).map((v) => textWidth(String(v))))) + 14,
    space: 36,
  };
}

/**
 * The hooks: the canvas takes the text direction of the page (dates in Persian or Arabic read right to left),
 * and the point under the pointer goes to `setHover` (null when the pointer leaves).
 */
export function chartHooks(
  rtl: boolean,
  wrap: HTMLElement,
  setHover: (hover: ChartHover | null) => void,
): uPlot.Hooks.Arrays {
  return {
    init: [
      (u) => {
        u.ctx.canvas.dir = rtl ? 'rtl' : 'ltr';
      },
    ],
    setCursor: [
      (u) => {
        const index = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        setHover(
          index === null || index === undefined || left < 0
            ? null
            : { index, x: u.bbox.left / uPlot.pxRatio + left, width: wrap.clientWidth },
        );
      },
    ],
  };
}
