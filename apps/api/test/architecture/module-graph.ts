/**
 * The import graph of the server's modules (decision 031): a module is a folder of `src/modules/`, and
 * module A depends on module B when a file of A imports a file of B, directly or through files that belong
 * to no module (`lib/`, `plugins/`, `db/`, …: a shared file that imports a module passes that dependency on
 * to its importers). Every import counts, `import type` and re-exports included; the specifiers are read by
 * the TypeScript compiler's own pre-processor (`ts.preProcessFile`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import that makes a module depend on another: the importing file and the file it reaches. */
export interface Witness {
  from: string;
  to: string;
}

export interface ModuleGraph {
  modules: string[];
  /** `edges.get(a).get(b)`: the first import found that makes module a depend on module b. */
  edges: Map<string, Map<string, Witness>>;
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return SOURCE.test(e.name) && !TEST.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names (ESM-style `.js` suffixes included), or null (a package, an asset). */
function resolveRelative(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(c) && isFile(c)) return c;
  }
  return null;
}

/**
 * Builds the graph of `srcRoot` (the folder holding `modules/`). Imports of `ignoredTargets` (paths relative
 * to `srcRoot`) are left out.
 */
export function buildModuleGraph(srcRoot: string, ignoredTargets: ReadonlySet<string> = new Set()): ModuleGraph {
  const root = resolve(srcRoot);
  const modulesDir = join(root, 'modules');
  const rel = (p: string) => relative(root, p).split(sep).join('/');
  const moduleOf = (file: string): string | null => {
    const r = relative(modulesDir, file);
    if (r.startsWith('..')) return null;
    const [first, ...rest] = r.split(sep);
    return rest.length > 0 ? first! : null;
  };
  const files = sourceFiles(root);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => resolveRelative(file, f.fileName))
      .filter((t): t is string => t !== null && !ignoredTargets.has(rel(t)));
    imports.set(file, [...new Set(targets)]);
  }

  const edges = new Map<string, Map<string, Witness>>();
  const modules = [...new Set(files.map(moduleOf).filter((m): m is string => m !== null))].sort();
  for (const m of modules) edges.set(m, new Map());
  for (const file of files) {
    const from = moduleOf(file);
    if (!from) continue;
    // Walk out of the module: stop at a file of any module, pass through shared files.
    const seen = new Set<string>();
    const stack = [...(imports.get(file) ?? [])];
    while (stack.length > 0) {
      const target = stack.pop()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const to = moduleOf(target);
      if (to === from) continue;
      if (to === null) {
        stack.push(...(imports.get(target) ?? []));
        continue;
      }
      const out = edges.get(from)!;
      if (!out.has(to)) out.set(to, { from: rel(file), to: rel(target) });
    }
  }
  return { modules, edges };
}

/**
 * The cycles of the graph, one per strongly connected group of modules (Tarjan's algorithm), each as
 * the modules in import order with the first module repeated at the end. Empty when the graph has none.
 */
export function findModuleCycles(graph: ModuleGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const connect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.edges.get(v)?.keys() ?? [])].sort()) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const m of graph.modules) if (!indexOf.has(m)) connect(m);
  return groups.map((group) => cycleWithin(graph, new Set(group)));
}

/** One cycle through the group's first module (by name), found by a breadth-first search inside the group. */
function cycleWithin(graph: ModuleGraph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(graph.edges.get(v)?.keys() ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  throw new Error(`no cycle through ${start} in its own group`);
}

/** A cycle as a reader wants it: each step with the import that makes it. */
export function describeCycle(graph: ModuleGraph, cycle: readonly string[]): string {
  const steps = cycle.slice(0, -1).map((from, i) => {
    const to = cycle[i + 1]!;
    const w = graph.edges.get(from)!.get(to)!;
    return `  ${from} → ${to}   (${w.from} imports ${w.to})`;
  });
  return `${cycle.join(' → ')}\n${steps.join('\n')}`;
}
