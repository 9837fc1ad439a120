/**
 * `npm test`: type-check, lint and format check (at once), Vitest (unit, component, backend integration on an embedded
 * database), then a production build and Playwright in Chromium against both processes, then, when a PostgreSQL
 * server answers on DATABASE_URL (default 127.0.0.1:5432), the backend suite on PostgreSQL — and then the Vitest
 * stage ran only the backend suite's PGlite smoke, so that the backend suite runs whole once.
 * Ends with one plain line `N passed, N failed, N skipped` (CI's reader does not parse Vitest's or Playwright's
 * summaries). Type-check, lint and the format check count as one check each.
 */
import { closeSync, mkdirSync, openSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
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

/** Adds a Vitest JSON report's counts to the totals; `code` is the run's exit code. */
function countVitest(out: string, code: number, name: string): void {
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(out);
  if (!report) {
    totals.failed += 1;
    console.error(`✖ ${name} produced no report (exit ${code})`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load counts no tests but exits non-zero.
  if (code !== 0 && report.numFailedTests === 0) totals.failed += 1;
}

/**
 * Unit, component and backend tests. When the backend suite runs on PostgreSQL later (`onPostgres`), the backend
 * project here is its PGlite smoke (vitest.config.ts BACKEND_SMOKE: the seeded template, the calls where the drivers
 * differ, a file per module), not the whole suite a second time; without PostgreSQL it is the whole suite on PGlite.
 */
async function vitest(onPostgres: boolean): Promise<void> {
  console.log(
    `\n▶ vitest (${onPostgres ? 'the backend suite: its PGlite smoke here, the whole on PostgreSQL after the browser tests' : 'the whole backend suite on PGlite'})`,
  );
  const out = path.join(results, 'vitest.json');
  rmSync(out, { force: true });
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    // The embedded database here whatever the caller's DATABASE_URL: PostgreSQL has a stage of its own.
    DATABASE_URL: '',
    YOUJU_BACKEND_SMOKE: onPostgres ? '1' : '0',
  });
  countVitest(out, code, 'vitest');
}

const PG_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL server takes connections where the PostgreSQL suite would run. */
function postgresAnswers(): Promise<boolean> {
  const url = new URL(PG_SERVER);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * The backend suite on PostgreSQL (`npm run test:pg`). Run after the browser suite, not beside it: beside it (tried on
 * 2026-11-27) the two shared two cores at load 13-15 and each ran three times slower. Its output goes to a log that
 * is printed whole when it ends.
 */
async function vitestOnPostgres(): Promise<void> {
  const out = path.join(results, 'vitest-pg.json');
  const logFile = path.join(results, 'vitest-pg.log');
  rmSync(out, { force: true });
  const log = openSync(logFile, 'w');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(bin('tsx'), ['scripts/test-pg.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0', YOUJU_BACKEND_SMOKE: '0' },
      stdio: ['ignore', log, log],
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  closeSync(log);
  console.log(`\n▶ vitest on PostgreSQL (its log, ${path.relative(ROOT, logFile)}):`);
  console.log(readFileSync(logFile, 'utf8'));
  countVitest(out, code, 'vitest on PostgreSQL');
}

/**
 * The browser tests run as two Playwright runs, one per project: `owners` publishes homes into 北京's lists and
 * must run after `site` (playwright.config.ts), but a failure in `site` must not keep it from running, as a
 * project dependency would. Each run starts both processes afresh on a new database.
 */
async function playwright(): Promise<void> {
  console.log('\n▶ next build');
  // The tree was type-checked a moment ago (tsc --noEmit): the build need not check it a second time (next.config.ts).
  if ((await run(bin('next'), ['build'], { YOUJU_TYPES_CHECKED: '1' })) !== 0) {
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

/** Runs one phase and prints how long it took, so a slow CI run shows where its minutes went. */
async function timed(name: string, phase: () => Promise<void>): Promise<void> {
  const start = Date.now();
  await phase();
  const seconds = Math.round((Date.now() - start) / 1000);
  console.log(`\n⏱ ${name}: ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
}

async function main(): Promise<void> {
  // Three read-only checks at once: their lines interleave, each ends with its own verdict.
  await timed('typecheck, lint, format', async () => {
    await Promise.all([
      check('typecheck', bin('tsc'), ['--noEmit']),
      check('lint', bin('eslint'), ['.']),
      check('format', bin('prettier'), ['--check', '.']),
    ]);
  });
  // Asked once, first: it decides what the Vitest stage runs on PGlite (the whole backend suite, or its smoke).
  const onPostgres = await postgresAnswers();
  if (!onPostgres)
    console.log(`\nPostgreSQL does not answer at ${new URL(PG_SERVER).host}: the whole backend suite runs on PGlite`);
  await timed('vitest', () => vitest(onPostgres));
  await timed('build and browser tests', playwright);
  if (onPostgres) await timed('vitest on PostgreSQL', vitestOnPostgres);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

void main();
