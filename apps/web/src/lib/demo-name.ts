/**
 * The demo catalogue's funds are named with a "(demo)" mark in each language (the API's seed,
 * `apps/api/src/seed/demo-funds.ts`), so that a name read on its own (a transaction, a statement) says
 * it. Where the demo badge stands beside the name, the mark would say it twice: `withoutDemoMark` drops
 * it there, and only for a fund that is a demo fund (`isDemo`), so an operator's fund is never renamed.
 */
const DEMO_MARK = /\s*[(（](?:نمایشی|تجريبي|تجریبی|demo)[)）]\s*$/iu;

export function withoutDemoMark(name: string, isDemo: boolean): string {
  if (!isDemo) return name;
  const stripped = name.replace(DEMO_MARK, '');
  return stripped === '' ? name : stripped;
}
