/**
 * The statements' PDF (decision 042): A4 pages drawn with pdfkit in Vazirmatn (embedded, subset).
 *
 * Shaping and direction: pdfkit lays text out with fontkit, which shapes Arabic script (joining forms,
 * ligatures) and, for a run it finds to be Arabic script, reverses the glyphs into visual order. It knows
 * nothing of the bidirectional algorithm: a Persian line with numbers in it would come out with the
 * numbers reversed, and neutrals in the wrong place. So every line goes through bidi-js first (the
 * Unicode Bidirectional Algorithm): its embedding levels split the line into runs of one level, the runs
 * are put in visual order (rule L2), mirrored characters (brackets) are swapped in right-to-left runs, and
 * each run is drawn on its own, left to right across the line, right-aligned in a right-to-left document.
 * A run is handed to fontkit in the order that makes fontkit's own reversal come out right: a run fontkit
 * would reverse (it holds Arabic-script characters) but that reads left to right (Persian digits) is
 * reversed first, and a right-to-left run fontkit would not reverse (neutrals only) likewise.
 */
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** The font files: the `vazirmatn` package's TTFs, resolved from node_modules (the bundle keeps packages external). */
export const FONT_FILES = {
  regular: require.resolve('vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf'),
  bold: require.resolve('vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf'),
} as const;

const bidi = bidiFactory();

export interface Run {
  /** The run's characters in logical order. */
  text: string;
  /** Whether the run reads right to left (an odd embedding level). */
  rtl: boolean;
  /** The same with mirrored characters swapped (brackets) when the run reads right to left. */
  mirrored: string;
}

/** Characters fontkit treats as Arabic script (it then reverses the run). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Explicit direction marks: they steer the algorithm and are not drawn. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A line's runs in visual order (left to right on the page), each run's text in logical order with its
 * mirrored characters swapped (the Unicode Bidirectional Algorithm, rules L2 and L4).
 */
export function visualRuns(line: string, rtl: boolean): Run[] {
  if (!line) return [];
  const embedding = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { start: number; end: number; level: number }[] = [];
  let start = 0;
  for (let i = 1; i <= line.length; i++) {
    if (i === line.length || levels[i] !== levels[start]) {
      runs.push({ start, end: i, level: levels[start]! });
      start = i;
    }
  }
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      const reversed = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return runs
    .map((r) => {
      const rtl = r.level % 2 === 1;
      let swapped = '';
      for (let i = r.start; i < r.end; i++) swapped += (rtl && mirrored.get(i)) || line[i];
      const text = line.slice(r.start, r.end).replace(BIDI_CONTROLS, '');
      return { text, rtl, mirrored: swapped.replace(BIDI_CONTROLS, '') };
    })
    .filter((r) => r.text.length > 0);
}

/**
 * The string to hand fontkit so that its glyphs come out in the run's visual order: a right-to-left run
 * with its brackets mirrored (fontkit does not mirror), reversed here when fontkit would not reverse it,
 * and a left-to-right run that fontkit would reverse (Persian digits) reversed here first.
 */
export function forFontkit(run: Run): string {
  const fontkitReverses = ARABIC_SCRIPT.test(run.text);
  const text = run.rtl ? run.mirrored : run.text;
  return fontkitReverses === run.rtl ? text : [...text].reverse().join('');
}

export type Align = 'start' | 'end' | 'center';

export interface Column {
  label: string;
  /** Share of the line's width. */
  width: number;
  align?: Align;
}

export type Block =
  | { kind: 'title'; text: string; subtitle?: string }
  | { kind: 'fields'; rows: readonly (readonly [string, string])[] }
  | { kind: 'heading'; text: string }
  | { kind: 'table'; columns: readonly Column[]; rows: readonly (readonly string[])[]; bold?: readonly number[] }
  | { kind: 'paragraph'; text: string; small?: boolean; mono?: boolean }
  | { kind: 'gap'; size?: number };

const MARGIN = 40;
const SIZE = { title: 16, subtitle: 10, heading: 12, body: 9, small: 7.5, min: 5.5 } as const;

/** Draws a PDF of these blocks and answers its bytes. */
export async function renderPdf(
  blocks: readonly Block[],
  opts: { rtl: boolean; title: string; footer: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: opts.title, Creator: 'Portal', Producer: 'Portal' },
    // Each page's footer is drawn when the document ends.
    bufferPages: true,
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  let y = MARGIN;

  // pdfkit lays a string out word by word (and caches the words) unless features are named: a
  // right-to-left run laid out by words comes out with its words in logical order. Naming the (empty) list
  // of extra features makes it lay out each run whole; fontkit's default shaping features still apply.
  const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };
  const widthOf = (runs: Run[]) => runs.reduce((w, r) => w + doc.widthOfString(forFontkit(r), WHOLE_RUN), 0);

  /** One line of text in a box, shrunk until it fits; `align` is logical (start = right when rtl). */
  const line = (text: string, x: number, top: number, boxWidth: number, align: Align, font: string, size: number) => {
    const runs = visualRuns(text, opts.rtl);
    doc.font(font).fontSize(size);
    let s: number = size;
    let w = widthOf(runs);
    while (w > boxWidth && s > SIZE.min) {
      s = Math.max(SIZE.min, s - 0.5);
      doc.fontSize(s);
      w = widthOf(runs);
    }
    const physical = align === 'center' ? 'center' : (align === 'start') !== opts.rtl ? 'left' : 'right';
    let cx = physical === 'left' ? x : physical === 'right' ? x + boxWidth - w : x + (boxWidth - w) / 2;
    // Smaller text sits on the same baseline as the rest of its row.
    const dy = (size - s) * 0.6;
    for (const r of runs) {
      const str = forFontkit(r);
      doc.text(str, cx, top + dy, { lineBreak: false, ...WHOLE_RUN });
      cx += doc.widthOfString(str, WHOLE_RUN);
    }
  };

  /** Words wrapped to lines of the box's width (by the logical order, before each line is reordered). */
  const wrap = (text: string, boxWidth: number, font: string, size: number): string[] => {
    doc.font(font).fontSize(size);
    const out: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && widthOf(visualRuns(next, opts.rtl)) > boxWidth) {
        out.push(current);
        current = word;
      } else current = next;
    }
    if (current) out.push(current);
    return out;
  };

  const ensure = (height: number) => {
    if (y + height > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
  };

  /** Cells of one table row, the first column at the start side. */
  const cells = (columns: readonly Column[], values: readonly string[], font: string, size: number) => {
    const total = columns.reduce((s, c) => s + c.width, 0);
    let offset = 0;
    columns.forEach((c, i) => {
      const w = (c.width / total) * width;
      const x = opts.rtl ? left + width - offset - w : left + offset;
      line(values[i] ?? '', x + 3, y, w - 6, c.align ?? 'start', font, size);
      offset += w;
    });
  };

  for (const b of blocks) {
    switch (b.kind) {
      case 'title': {
        line(b.text, left, y, width, 'start', 'bold', SIZE.title);
        y += 24;
        if (b.subtitle) {
          line(b.subtitle, left, y, width, 'start', 'regular', SIZE.subtitle);
          y += 16;
        }
        doc
          .moveTo(left, y)
          .lineTo(left + width, y)
          .lineWidth(0.8)
          .strokeColor('#1b5e20')
          .stroke();
        y += 10;
        break;
      }
      case 'fields': {
        const labelWidth = width * 0.28;
        for (const [label, value] of b.rows) {
          ensure(16);
          const labelX = opts.rtl ? left + width - labelWidth : left;
          const valueX = opts.rtl ? left : left + labelWidth;
          line(label, labelX, y, labelWidth - 6, 'start', 'bold', SIZE.body);
          line(value, valueX, y, width - labelWidth, 'start', 'regular', SIZE.body);
          y += 15;
        }
        y += 4;
        break;
      }
      case 'heading': {
        ensure(40);
        y += 6;
        line(b.text, left, y, width, 'start', 'bold', SIZE.heading);
        y += 20;
        break;
      }
      case 'table': {
        const rowHeight = 15;
        const header = () => {
          doc.rect(left, y - 3, width, rowHeight).fill('#e8f5e9');
          doc.fillColor('black');
          cells(
            b.columns,
            b.columns.map((c) => c.label),
            'bold',
            SIZE.small,
          );
          y += rowHeight;
        };
        ensure(rowHeight * 2);
        header();
        b.rows.forEach((row, i) => {
          if (y + rowHeight > bottom()) {
            doc.addPage();
            y = MARGIN;
            header();
          }
          if (i % 2 === 1) {
            doc.rect(left, y - 3, width, rowHeight).fill('#f7f7f7');
            doc.fillColor('black');
          }
          cells(b.columns, row, b.bold?.includes(i) ? 'bold' : 'regular', SIZE.small);
          y += rowHeight;
        });
        y += 6;
        break;
      }
      case 'paragraph': {
        const size = b.small ? SIZE.small : SIZE.body;
        const lines = b.mono ? [b.text] : wrap(b.text, width, 'regular', size);
        for (const l of lines) {
          ensure(size * 1.8);
          line(l, left, y, width, 'start', b.mono ? 'bold' : 'regular', size);
          y += size * 1.7;
        }
        y += 2;
        break;
      }
      case 'gap':
        y += b.size ?? 8;
        break;
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const pageNo = `${i + 1} / ${range.count}`;
    const footer = `${opts.footer} — ${opts.rtl ? pageNo.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : pageNo}`;
    // The footer sits in the bottom margin: no new page for it.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    line(footer, left, doc.page.height - MARGIN - 8, width, 'center', 'regular', SIZE.small);
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
