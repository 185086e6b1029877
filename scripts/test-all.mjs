#!/usr/bin/env node
/**
 * `npm test`: every suite, each in its own child process, then a summary table with each suite's
 * seconds and one last line `N passed, N failed`.
 *
 * - lint runs in the background for the whole run and typecheck beside it (single-threaded children,
 *   decisions 033 and 037); the output of each is held and printed whole (typecheck's when it ends, lint's
 *   after the last suite), so logs never interleave; the test suites run one after the other from the end
 *   of typecheck, with their output streamed;
 * - typecheck and lint count as one test each (passed or failed);
 * - vitest suites report through their JSON reporter, so the counts are the real number of tests;
 * - a suite that fails does not stop the next one: every suite reports;
 * - a suite that should have tests and has none (no config, no files, a crash before the report) is a
 *   failure, never a silent pass: `--passWithNoTests` is not used.
 * Exit code 0 only when nothing failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Vitest flags that keep the console output and also write a machine-readable report. */
const vitestReport = (name) => {
  const file = path.join(reportDir, `${name}.json`);
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
};

/** @typedef {{ name: string, kind: 'check' | 'vitest', cmd: string, args: string[], report?: string, ownConfigIn?: string }} Suite */

/** typecheck, then the suites; lint in the background all along. Output buffered per check. @type {Suite[]} */
const checks = [
  { name: 'typecheck', kind: 'check', cmd: npm, args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', kind: 'check', cmd: npx, args: ['eslint', '.'] },
];

/** Run one after the other, output streamed. @type {Suite[]} */
const suites = [
  ...[
    ['contract', [npx, ['vitest', 'run', '--project', 'contract']]],
    ['web', [npx, ['vitest', 'run', '--project', 'web', '--project', 'web-server']]],
    ['api', [npm, ['test', '-w', '@portal/api', '--']], 'apps/api'],
    ['e2e', [npm, ['test', '-w', '@portal/e2e', '--']], 'e2e'],
  ].map(([name, [cmd, args], ownConfigIn]) => {
    const r = vitestReport(name);
    return { name, kind: 'vitest', cmd, args: [...args, ...r.args], report: r.file, ownConfigIn };
  }),
];

/**
 * Without its own config, vitest started in a workspace would find the root config upwards and run the
 * other suites instead: that is a missing suite, not a pass.
 */
const hasOwnVitestConfig = (dir) =>
  ['ts', 'mts', 'js', 'mjs'].some((ext) => existsSync(path.join(root, dir, `vitest.config.${ext}`)));

const bannerOf = (suite) => `━━ ${suite.name} ━━ ${[path.basename(suite.cmd), ...suite.args].join(' ')}`;

/**
 * Runs a command; resolves with its exit code and duration. With `buffered`, its stdout and stderr are
 * kept in one buffer (in the order they came) and answered as `output` instead of being shown.
 */
function run(cmd, args, { buffered = false } = {}) {
  const started = Date.now();
  /** @type {Buffer[]} */
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    const done = (code) => resolve({ code, ms: Date.now() - started, output: Buffer.concat(chunks).toString() });
    child.on('error', (err) => {
      chunks.push(Buffer.from(`[test-all] could not start ${cmd}: ${err.message}\n`));
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const checkRow = (suite, code, ms) => ({
  suite: suite.name,
  passed: code === 0 ? 1 : 0,
  failed: code === 0 ? 0 : 1,
  note: code === 0 ? '' : `exited ${code}`,
  seconds: (ms / 1000).toFixed(1),
  status: code === 0 ? 'ok' : 'FAIL',
});

/**
 * Counts from vitest's JSON report. A test file that failed to load has no test results but a failed
 * status: it counts as one failure. A non-zero exit with nothing failed in the report (an unhandled
 * error, a failing hook, a missing project) counts as one failure too.
 */
function countVitest(reportFile, exitCode) {
  if (!existsSync(reportFile)) {
    return { passed: 0, failed: 1, note: exitCode === 0 ? 'no report written' : `exited ${exitCode} before reporting` };
  }
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch (err) {
    return { passed: 0, failed: 1, note: `unreadable report: ${err.message}` };
  }
  const passed = Number(report.numPassedTests ?? 0);
  let failed = Number(report.numFailedTests ?? 0);
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  failed += brokenFiles;
  const notes = [];
  if (brokenFiles) notes.push(`${brokenFiles} file(s) failed to run`);
  if (Number(report.numTotalTests ?? 0) === 0 && Number(report.numTotalTestSuites ?? 0) === 0) {
    notes.push('no tests found');
    if (failed === 0) failed = 1;
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exited ${exitCode} with no failed test: an unhandled error or a failed setup`);
  }
  const skipped = Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0);
  if (skipped) notes.push(`${skipped} skipped`);
  return { passed, failed, note: notes.join('; ') };
}

/**
 * Lint is the longest check and single-threaded: it runs in the background from the start to the end of
 * the run, its output held and printed after the last suite. typecheck runs beside it; the test suites
 * start when typecheck ends, so the core typecheck frees is not left idle while lint finishes (decision
 * 037).
 */
const runCheck = async (suite) => {
  const { code, ms, output } = await run(suite.cmd, suite.args, { buffered: true });
  return { suite, code, ms, output };
};
const printCheck = ({ suite, ms, output }) => {
  console.log(`\n${bannerOf(suite)} (${(ms / 1000).toFixed(1)} s)\n`);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
};
const [foreground, background] = checks;
console.log(`\n━━ ${foreground.name}, with ${background.name} in the background (its output after the last suite) ━━`);
const backgroundCheck = runCheck(background);
const foregroundCheck = await runCheck(foreground);
printCheck(foregroundCheck);
const checkRows = [checkRow(foreground, foregroundCheck.code, foregroundCheck.ms)];

const rows = [...checkRows];
for (const suite of suites) {
  console.log(`\n${bannerOf(suite)}\n`);
  if (suite.ownConfigIn && !hasOwnVitestConfig(suite.ownConfigIn)) {
    const note = `no vitest.config in ${suite.ownConfigIn}: suite missing`;
    console.log(`[test-all] ${note}`);
    rows.push({ suite: suite.name, passed: 0, failed: 1, note, seconds: '0.0', status: 'FAIL' });
    continue;
  }
  if (suite.report) rmSync(suite.report, { force: true });
  const { code, ms } = await run(suite.cmd, suite.args);
  const counts = countVitest(suite.report, code);
  rows.push({ suite: suite.name, ...counts, seconds: (ms / 1000).toFixed(1), status: counts.failed ? 'FAIL' : 'ok' });
}

const backgroundDone = await backgroundCheck;
printCheck(backgroundDone);
rows.splice(1, 0, checkRow(background, backgroundDone.code, backgroundDone.ms));

rmSync(reportDir, { recursive: true, force: true });

const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);

const header = ['suite', 'status', 'passed', 'failed', 'seconds', 'note'];
const table = rows.map((r) => [r.suite, r.status, String(r.passed), String(r.failed), r.seconds, r.note]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();

console.log('\n━━ summary ━━\n');
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table) console.log(line(row));
console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
