import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '../endpoints';
import { defineEndpoint, type Endpoint } from './endpoint';
import { CONTROL_CHARACTERS_RULE, hasControlCharacters, isTextSchema, textSchema } from './text';

/** Every control character the rule names, written out independently of the rule's own pattern. */
const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
const lineControls = ['\n', '\r', '\t'];
const name = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('the text rule', () => {
  it.each(controls.map((c) => [name(c), c]))('a single-line text refuses %s with rule controlCharacters', (_, c) => {
    const r = textSchema().safeParse(`ab${c}cd`);
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: [], message: CONTROL_CHARACTERS_RULE })]);
  });

  it.each(controls.filter((c) => !lineControls.includes(c)).map((c) => [name(c), c]))(
    'a multi-line text refuses %s too',
    (_, c) => {
      expect(textSchema({ multiline: true }).safeParse(`ab${c}cd`).error?.issues[0]?.message).toBe(
        CONTROL_CHARACTERS_RULE,
      );
    },
  );

  it('a multi-line text keeps line feeds, carriage returns and tabs; a single-line one refuses them inside', () => {
    const body = 'سطر اول\r\nسطر دوم\n\tبند';
    expect(textSchema({ multiline: true }).parse(body)).toBe(body);
    for (const c of lineControls) expect(textSchema().safeParse(`a${c}b`).success, name(c)).toBe(false);
  });

  it('trims first, so a pasted line break around a single line is not refused; `trim: false` keeps it and refuses it', () => {
    expect(textSchema().parse('  نام صندوق\n')).toBe('نام صندوق');
    expect(textSchema({ trim: false }).safeParse('secret\n').success).toBe(false);
    expect(textSchema({ trim: false }).parse(' secret ')).toBe(' secret ');
  });

  it('accepts Persian, Arabic and English text with its joiners and marks (they are not control characters)', () => {
    for (const s of ['می‌خواهم', 'نیم\u200cفاصله', '\u200fراست به چپ', 'café – “quoted” €5', 'مرحبا بكم', '😀 ok']) {
      expect(textSchema().parse(s), s).toBe(s);
      expect(hasControlCharacters(s)).toBe(false);
    }
  });

  it('keeps the field path of a nested field, after its own length rules', () => {
    const body = z.object({ title: z.object({ fa: textSchema().min(1, { message: 'required' }).max(10) }) });
    const r = body.safeParse({ title: { fa: 'x\u0000' } });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['title', 'fa'], message: 'controlCharacters' })]);
  });
});

// ---- the walk: every string a request takes is shaped, or declared with the text rule ------------------

interface Leaf {
  path: string;
  schema: z.ZodString;
  /** A format (uuid, email, date…), a regex, or the input of a parser (a pipe): refuses by its shape. */
  shaped: boolean;
}

type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
  in?: z.core.$ZodType;
  format?: string;
  checks?: { _zod: { def: { check: string } } }[];
};
const defOf = (s: z.core.$ZodType) => s._zod.def as unknown as Def;

function stringLeaves(s: z.core.$ZodType, path: string, shaped = false): Leaf[] {
  const d = defOf(s);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape!).flatMap(([k, v]) => stringLeaves(v, `${path}.${k}`, shaped));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringLeaves(d.innerType!, path, shaped);
    case 'array':
      return stringLeaves(d.element!, `${path}[]`, shaped);
    case 'union':
      return d.options!.flatMap((o, i) => stringLeaves(o, `${path}|${i}`, shaped));
    case 'intersection':
      return [...stringLeaves(d.left!, path, shaped), ...stringLeaves(d.right!, path, shaped)];
    case 'record':
      return stringLeaves(d.valueType!, `${path}{}`, shaped);
    case 'lazy':
      return stringLeaves(d.getter!(), path, shaped);
    case 'pipe':
      // A string piped on is parsed (digits normalised, then a regex or a parser); an object piped on is walked.
      return stringLeaves(d.in!, path, shaped || defOf(d.in!).type !== 'object');
    case 'string':
      return [
        {
          path,
          schema: s as z.ZodString,
          shaped: shaped || Boolean(d.format) || (d.checks ?? []).some((c) => c._zod.def.check === 'string_format'),
        },
      ];
    default:
      return [];
  }
}

function requestLeaves(endpoints: Endpoint[]): Leaf[] {
  return endpoints.flatMap((e) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const s = e[part];
      return s ? stringLeaves(s, `${e.id} ${part}`) : [];
    }),
  );
}

const unruled = (leaves: Leaf[]) => leaves.filter((l) => !l.shaped && !isTextSchema(l.schema)).map((l) => l.path);

describe('every request field', () => {
  const leaves = requestLeaves(allEndpoints);

  it('that takes free text declares it with textSchema (control characters are a 400 with its path)', () => {
    // A failure names the field: declare it `textSchema()` (core/text.ts), or give it a shape of its own.
    expect(unruled(leaves)).toEqual([]);
  });

  it('walks the whole contract: the operator texts of issue 15 are among the free-text fields', () => {
    const text = leaves.filter((l) => isTextSchema(l.schema)).map((l) => l.path);
    expect(text.length).toBeGreaterThan(50);
    expect(text).toEqual(
      expect.arrayContaining([
        'adminAddUserNote body.text',
        'adminFreezeUser body.reason',
        'adminUnfreezeUser body.reason',
        'adminRejectKyc body.comment',
        'adminRejectWithdrawal body.comment',
        'adminRejectOfflineDeposit body.comment',
        'adminProposeAdjustment body.reason',
        'adminRejectAdjustment body.reason',
        'adminCorrectFundNav body.reason',
        'adminResolveConsultation body.note',
        'adminPublishFundAnnouncement body.title.fa',
        'adminPublishFundAnnouncement body.body.en',
        'adminCreateFund body.name.ar',
        'adminUpdateFund body.licences[].number',
        'adminSearchUsers query.q',
        'adminSearchAudit query.action',
        'adminImportBankStatement body.content',
        'loginWithPassword body.password',
        'listDevOutbox query.mobile',
      ]),
    );
  });

  it('would catch a new free-text field declared without the rule', () => {
    const careless = defineEndpoint({
      id: 'careless',
      method: 'POST',
      path: '/careless',
      summary: 'a field declared the old way',
      tags: [],
      auth: 'public',
      body: z.object({ note: z.string().trim().max(100), code: z.string().regex(/^\d{4}$/), ok: textSchema() }),
      response: z.object({}),
      errors: [],
    });
    expect(unruled(requestLeaves([careless]))).toEqual(['careless body.note']);
  });
});
