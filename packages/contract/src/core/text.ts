import { z } from 'zod';

/*
 * The text rule of every request (SPEC §5), on its own so that a module declaring text does not load the
 * phone-number rules with `validation.ts`.
 */

/**
 * C0 controls (NUL among them), DEL and C1 controls: nothing a form sends, and PostgreSQL cannot store NUL.
 * Multi-line text may hold line feeds, carriage returns and tabs.
 */
function isControl(code: number, multiline: boolean): boolean {
  if (code <= 0x1f) return !(multiline && (code === 0x0a || code === 0x0d || code === 0x09));
  return code >= 0x7f && code <= 0x9f;
}

/** The rule key (`validation.controlCharacters`) of a text with a control character in it. */
export const CONTROL_CHARACTERS_RULE = 'controlCharacters';

/** Whether `s` holds a control character; `multiline` text may hold `\n`, `\r` and `\t`. */
export function hasControlCharacters(s: string, opts: { multiline?: boolean } = {}): boolean {
  const multiline = opts.multiline === true;
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i), multiline)) return true;
  return false;
}

/** The checks of the rule, one per kind of text; `isTextSchema` recognises them. */
const singleLineText = (s: string) => !hasControlCharacters(s);
const multiLineText = (s: string) => !hasControlCharacters(s, { multiline: true });

export interface TextOptions {
  /** Notes, reasons, comments, announcement bodies: line breaks and tabs allowed. */
  multiline?: boolean;
  /** Trimmed unless false (passwords, tokens and the like are taken as sent). */
  trim?: boolean;
}

/**
 * The one way a request declares text it takes (SPEC §5): a string that refuses control characters with
 * rule `controlCharacters`, so the answer is a 400 naming the field, never a database error. Chain the
 * field's own length rules after it: `textSchema().min(1, { message: 'required' }).max(200, …)`. A
 * field with a shape of its own (a regex, a format, a parser) refuses them by that shape instead; the
 * contract's walk (`text.test.ts`) holds every request string to one or the other.
 */
export function textSchema(opts: TextOptions = {}) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  return base.refine(opts.multiline ? multiLineText : singleLineText, { message: CONTROL_CHARACTERS_RULE });
}

/** Whether a string schema carries the text rule (for the contract's walk over every request field). */
export function isTextSchema(schema: z.ZodString): boolean {
  const checks = (schema._zod.def.checks ?? []) as { _zod: { def: { fn?: unknown } } }[];
  return checks.some((c) => c._zod.def.fn === singleLineText || c._zod.def.fn === multiLineText);
}
