import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'apps',
  'web',
  'src',
  'locales',
);

export type Lng = 'fa' | 'en';

interface Tree {
  [key: string]: string | Tree;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The web app's own translations, so journeys find controls by the label a user reads
 * (`t('auth.mobile.label')` is «شمارهٔ موبایل» in Persian) and a copy change does not break them.
 * A key may name a lazily loaded namespace as the app does (`t('kyc:identity.submit')` reads kyc.json,
 * `t('fundOrders:purchase.submit')` fund-orders.json);
 * without one it reads translation.json. `{{name}}` is filled from `vars`; a missing key throws, so a
 * typo fails loudly.
 */
export function translator(lng: Lng): Translate {
  const trees = new Map<string, Tree>();
  const load = (ns: string): Tree => {
    let tree = trees.get(ns);
    if (!tree) {
      // A namespace is named as the app names it (`fundOrders`); its file is kebab-case (`fund-orders.json`).
      const file = ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      tree = JSON.parse(readFileSync(path.join(localesDir, lng, `${file}.json`), 'utf8')) as Tree;
      trees.set(ns, tree);
    }
    return tree;
  };
  return (key, vars = {}) => {
    const m = /^([a-z][a-zA-Z]*):(.*)$/.exec(key);
    const [ns, rest] = m ? [m[1]!, m[2]!] : ['translation', key];
    let node: string | Tree | undefined = load(ns);
    for (const part of rest.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${lng} translation for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (!(name in vars)) throw new Error(`${key}: no value for {{${name}}}`);
      return String(vars[name]);
    });
  };
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** `0935…` → `۰۹۳۵…`: digits as a Persian keyboard types them. */
export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d);
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
