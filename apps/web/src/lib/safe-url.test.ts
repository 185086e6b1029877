import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps web addresses, and an address on this site relative', () => {
    expect(safeUrl('https://example.com/prospectus.pdf')).toBe('https://example.com/prospectus.pdf');
    expect(safeUrl('http://example.com/a?b=1#c')).toBe('http://example.com/a?b=1#c');
    expect(safeUrl('/api/files/report.pdf?v=2')).toBe('/api/files/report.pdf?v=2');
    expect(safeUrl('docs/report.pdf')).toBe('/docs/report.pdf');
  });

  it('refuses every other scheme, and nothing at all', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.c',
      'ftp://x/y',
    ])
      expect(safeUrl(bad), bad).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
});
