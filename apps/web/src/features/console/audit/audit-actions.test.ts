import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_GROUPS } from '@portal/contract/admin/audit';
import ar from '@/locales/ar/admin.json';
import en from '@/locales/en/admin.json';
import fa from '@/locales/fa/admin.json';
import { AUDIT_FILTER_OPTIONS, auditActionKey } from './audit-actions';

type Tree = { [key: string]: string | Tree };

/** The text at a dotted key of a locale file, as i18next nests it; undefined when missing or not a text. */
function textAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

const locales = { fa, en, ar } as unknown as Record<'fa' | 'en' | 'ar', Tree>;

describe('audit action labels', () => {
  it.each(['fa', 'en', 'ar'] as const)('name every action and group of the contract in %s', (lng) => {
    const missing = [...AUDIT_ACTIONS, ...AUDIT_GROUPS.map((g) => `${g}.`)].filter(
      (name) => textAt(locales[lng], auditActionKey(name) ?? '') === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('label nothing the contract does not declare (no stale label)', () => {
    const actions = (locales.en.audit as Tree).actions as Tree;
    const labelled: string[] = [];
    const walk = (tree: Tree, prefix: string) => {
      for (const [k, v] of Object.entries(tree)) {
        if (typeof v === 'string') labelled.push(`${prefix}${k}`);
        else walk(v, `${prefix}${k}.`);
      }
    };
    walk(actions, '');
    expect(labelled.sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it.each(['dataKeys', 'subjectTypes', 'values', 'filters'] as const)(
    'have the same %s labels, none empty, in fa, en and ar',
    (section) => {
      const keysOf = (lng: 'fa' | 'en' | 'ar') => {
        const tree = (locales[lng].audit as Tree)[section] as Tree;
        return Object.keys(tree)
          .filter((k) => textAt(tree, k) !== undefined)
          .sort();
      };
      expect(keysOf('fa').length).toBeGreaterThan(0);
      expect(keysOf('en')).toEqual(keysOf('fa'));
      expect(keysOf('ar')).toEqual(keysOf('fa'));
    },
  );

  it('offer each group prefix before its actions, and show unknown names raw', () => {
    expect(AUDIT_FILTER_OPTIONS.slice(0, 2)).toEqual(['auth.', 'auth.signed_up']);
    expect(AUDIT_FILTER_OPTIONS).toContain('fund.purchase.priced');
    expect(AUDIT_FILTER_OPTIONS).toHaveLength(AUDIT_ACTIONS.length + AUDIT_GROUPS.length);
    expect(auditActionKey('fund.purchase.priced')).toBe('audit.actions.fund.purchase.priced');
    expect(auditActionKey('fund.')).toBe('audit.groups.fund');
    expect(auditActionKey('fund.purchase.')).toBeNull();
    expect(auditActionKey('legacy.renamed_event')).toBeNull();
  });
});
