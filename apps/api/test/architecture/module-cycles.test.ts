import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModuleGraph, describeCycle, findModuleCycles } from './module-graph';

/**
 * No import cycle between the server's modules (issue 16, decision 031): a module is a folder of
 * `src/modules/`; the file-level cycle rule of the lint does not see a loop that goes through two files of
 * one module (deposits/reconcile.ts → fund-orders → deposits/deposits.repository.ts was one).
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src');

describe('the modules of the server', () => {
  it('import each other without a cycle', () => {
    const graph = buildModuleGraph(SRC);
    expect(graph.modules).toContain('payments');
    expect(graph.edges.get('deposits')?.has('payments')).toBe(true);
    expect(graph.edges.get('fund-orders')?.has('payments')).toBe(true);
    const cycles = findModuleCycles(graph).map((c) => describeCycle(graph, c));
    expect(cycles, `module import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });

  it('has payments import none of the modules whose payments it settles', () => {
    const out = buildModuleGraph(SRC).edges.get('payments')!;
    expect([...out.keys()].filter((m) => m === 'deposits' || m === 'fund-orders')).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });
  /** A throw-away `src/` with these files (path → content). */
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'module-graph-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('finds a loop through two files of one module, with the imports that make it', () => {
    const graph = buildModuleGraph(
      tree({
        'modules/a/one.ts': "import { b } from '../b/b';\nexport const one = b;",
        'modules/a/two.ts': 'export const two = 2;',
        'modules/b/b.ts': "import { two } from '../a/two';\nexport const b = two;",
        'modules/c/c.ts': "import { one } from '../a/one';\nexport const c = one;",
      }),
    );
    const cycles = findModuleCycles(graph);
    expect(cycles).toEqual([['a', 'b', 'a']]);
    expect(describeCycle(graph, cycles[0]!)).toContain('modules/b/b.ts imports modules/a/two.ts');
  });

  it('follows shared files, type imports, re-exports and dynamic imports', () => {
    const cycles = (files: Record<string, string>) => findModuleCycles(buildModuleGraph(tree(files)));
    expect(
      cycles({
        'modules/a/a.ts': "import { x } from '../../lib/x';\nexport const a = x;",
        'lib/x.ts': "export { b as x } from '../modules/b/b.js';",
        'modules/b/b.ts': "import type { A } from '../a/a';\nexport const b = 1 as unknown as A;",
      }),
    ).toEqual([['a', 'b', 'a']]);
    expect(
      cycles({
        'modules/a/a.ts': "export const a = () => import('../b');",
        'modules/b/index.ts': "export * from '../c/c';",
        'modules/c/c.ts': "import { a } from '../a/a';\nexport const c = a;",
      }),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('finds none in a graph without a loop, and none through an ignored file', () => {
    const files = {
      'modules/a/a.ts': "import { b } from '../b/b';\nimport { s } from '../b/shared';\nexport const a = [b, s];",
      'modules/b/b.ts': 'export const b = 1;',
      'modules/b/shared.ts': "import { g } from '../a/guard';\nexport const s = g;",
      'modules/a/guard.ts': 'export const g = 1;',
    };
    expect(findModuleCycles(buildModuleGraph(tree(files)))).toHaveLength(1);
    expect(findModuleCycles(buildModuleGraph(tree(files), new Set(['modules/a/guard.ts'])))).toEqual([]);
    const { 'modules/b/shared.ts': _, ...acyclic } = files;
    expect(
      findModuleCycles(buildModuleGraph(tree({ ...acyclic, 'modules/a/a.ts': "export { b } from '../b/b';" }))),
    ).toEqual([]);
  });
});
