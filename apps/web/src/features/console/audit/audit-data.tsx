import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/contract/admin/admin';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { SHEBA_PATTERN, ShebaNumber } from '../shell/sheba';

/** One line of an event's details: the path of keys to it (nested objects flattened) and its value. */
export interface AuditDataLine {
  path: string[];
  value: string | number | boolean | null;
}

/** An event's details as lines, nested objects and lists of objects flattened (`changes › fee`, `lines › 1 › amount`). */
export function auditDataLines(data: AuditEntry['data']): AuditDataLine[] {
  const lines: AuditDataLine[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value === null || value === undefined) lines.push({ path, value: null });
    else if (Array.isArray(value)) {
      if (value.length === 0) lines.push({ path, value: null });
      // A list of words or numbers on one line (`sms, call`); of objects, one line per field of each.
      else if (value.every((v) => typeof v === 'string' || typeof v === 'number'))
        lines.push({ path, value: value.join(', ') });
      else value.forEach((v, i) => walk(v, [...path, String(i + 1)]));
    } else if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) lines.push({ path, value: null });
      else for (const [k, v] of entries) walk(v, [...path, k]);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      lines.push({ path, value });
    else lines.push({ path, value: typeof value === 'bigint' ? value.toString() : null });
  };
  for (const [k, v] of Object.entries(data)) walk(v, [k]);
  return lines;
}

/** Persian or Arabic letters: free text an operator or investor wrote, read in its own direction. */
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * An event's details (`data`) as a list of labelled values, never raw JSON: each key by its label
 * (`admin:audit.dataKeys.<key>`, the key itself when there is none), each value left to right in its
 * own isolate (ids, amounts, numbers and addresses keep their order inside the right-to-left page;
 * text written in Persian or Arabic keeps its direction), numbers in the language's digits, a sheba whole
 * and grouped.
 */
export function AuditData({ data }: { data: AuditEntry['data'] }) {
  const { t, i18n } = useTranslation('admin');
  const { lng } = useFormat();
  const lines = auditDataLines(data);
  if (lines.length === 0) return <Typography color="text.secondary">{t('common.none')}</Typography>;

  const labelOf = (part: string) => {
    if (/^\d+$/.test(part)) return formatDigits(part, lng);
    const key = `admin:audit.dataKeys.${part}`;
    return i18n.exists(key) ? t(key) : part;
  };
  const valueOf = (value: AuditDataLine['value']) => {
    if (value === null)
      return (
        <Typography component="span" color="text.secondary">
          {t('common.none')}
        </Typography>
      );
    if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
    const text = String(value);
    if (SHEBA_PATTERN.test(text)) return <ShebaNumber value={text} />;
    if (RTL_LETTERS.test(text)) return <bdi dir="auto">{text}</bdi>;
    return (
      // A token (an id, a code, an address) in a fixed-width face; numbers and words as text.
      <Box component="bdi" dir="ltr" sx={{ fontFamily: /^[\d.,-]+$|\s/.test(text) ? undefined : 'monospace' }}>
        {/^-?\d+(\.\d+)?$/.test(text) ? formatDigits(text, lng) : text}
      </Box>
    );
  };

  return (
    <Box
      component="dl"
      aria-label={t('audit.columns.data')}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.25,
        fontSize: '0.8125rem',
        lineHeight: 1.6,
      }}
    >
      {lines.map((line) => {
        const key = line.path.join('.');
        return (
          <Fragment key={key}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {line.path.map(labelOf).join(' › ')}
            </Box>
            <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {valueOf(line.value)}
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
}
