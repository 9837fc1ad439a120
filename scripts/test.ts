/**
 * `npm test`: type-check, lint, Vitest (unit, component, backend integration on an embedded database),
 * then a production build and Playwright in Chromium against both processes.
 * Ends with one plain line `N passed, N failed, N skipped` (CI's reader does not parse Vitest's or
 * Playwright's summaries). Type-check, lint and the format check count as one check each.
 */
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './processes';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const results = path.join(ROOT, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

async function check(name: string, command: string, args: string[]): Promise<void> {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.error(`✖ ${name} failed (exit ${code})`);
  }
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

async function vitest(): Promise<void> {
  console.log('\n▶ vitest');
  const out = path.join(results, 'vitest.json');
  rmSync(out, { force: true });
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(out);
  if (!report) {
    totals.failed += 1;
    console.error(`✖ vitest produced no report (exit ${code})`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load counts no tests but exits non-zero.
  if (code !== 0 && report.numFailedTests === 0) totals.failed += 1;
}

/**
 * The browser tests run as two Playwright runs, one per project: `owners` publishes homes into 北京's lists and
 * must run after `site` (playwright.config.ts), but a failure in `site` must not keep it from running, as a
 * project dependency would. Each run starts both processes afresh on a new database.
 */
async function playwright(): Promise<void> {
  console.log('\n▶ next build');
  if ((await run(bin('next'), ['build'])) !== 0) {
    totals.failed += 1;
    console.error('✖ next build failed: browser tests not run');
    return;
  }
  for (const project of ['site', 'owners']) {
    console.log(`\n▶ playwright (${project})`);
    const out = path.join(results, `playwright-${project}.json`);
    rmSync(out, { force: true });
    const code = await run(bin('playwright'), ['test', '--project', project, '--no-deps', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(out);
    if (!report) {
      totals.failed += 1;
      console.error(`✖ playwright (${project}) produced no report (exit ${code})`);
      continue;
    }
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (code !== 0 && report.stats.unexpected === 0) totals.failed += 1;
  }
}

async function main(): Promise<void> {
  await check('typecheck', bin('tsc'), ['--noEmit']);
  await check('lint', bin('eslint'), ['.']);
  await check('format', bin('prettier'), ['--check', '.']);
  await vitest();
  await playwright();
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

void main();
