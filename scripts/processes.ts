/**
 * Starting and stopping the two processes (backend, web) for `npm start`, the browser tests and the bench.
 * Node-side clients cannot resolve *.localhost, so readiness checks go to 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { prettyFactory } from 'pino-pretty';
import { BACKEND_MALLOC_ENV } from '../backend/src/malloc';

export const ROOT = path.resolve(import.meta.dirname, '..');
const NEXT_BIN = path.join(ROOT, 'node_modules/.bin/next');

export interface Started {
  name: string;
  child: ChildProcess;
  /** Set by stopAll, so that the exit it causes is not reported as a failure. */
  stopping: boolean;
}

/**
 * Starts a process with inherited output, with output sent to `logFd` when given, or with its standard output
 * piped to us (`'pipe'`: read `child.stdout`).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  logFd?: number | 'pipe',
): Started {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: logFd === undefined ? 'inherit' : logFd === 'pipe' ? ['inherit', 'pipe', 'inherit'] : ['ignore', logFd, logFd],
  });
  const started: Started = { name, child, stopping: false };
  child.on('exit', (code, signal) => {
    if (!started.stopping && code !== 0 && signal === null) console.error(`${name} exited with code ${code}`);
  });
  return started;
}

/**
 * The operator token (OPS_TOKEN, docs/operations.md) of the backends these scripts start for the bench and the
 * browser tests, so that they can change a listing through the operator API. Development only: it is in the
 * repository for anyone to read. `npm start` passes the caller's own OPS_TOKEN instead (none: the API is closed).
 */
export const DEV_OPS_TOKEN = 'dev-only-ops-token-published-in-the-repository';

/**
 * The backend runs in-process under tsx's loader, so the PID we hold is the server's own. It gets DEV_OPS_TOKEN
 * unless `env` names an OPS_TOKEN of its own (undefined included: then it has none). A person at a
 * terminal gets its log short and coloured; anywhere else (a log file, CI, a pipe) it stays pino's JSON
 * lines, which tools read and the e2e SMS test greps for `sms code issued`.
 */
export function startBackend(env: Record<string, string | undefined>, logFd?: number): Started {
  env = 'OPS_TOKEN' in env ? env : { OPS_TOKEN: DEV_OPS_TOKEN, ...env };
  // glibc's malloc gives back what image work frees only when told so at start (backend/src/malloc.ts).
  env = { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? BACKEND_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_, ...env };
  const args = ['--import', 'tsx', 'backend/src/server.ts'];
  if (logFd !== undefined || !process.stdout.isTTY) return startProcess('backend', process.execPath, args, env, logFd);
  const started = startProcess('backend', process.execPath, args, env, 'pipe');
  const pretty = prettyLog();
  createInterface({ input: started.child.stdout!, crlfDelay: Infinity }).on('line', (line) => process.stdout.write(pretty(line)));
  return started;
}

interface RequestLog {
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/**
 * One line per entry: local time, level, message and any other fields inline. Fastify's request pair becomes
 * `req-1 GET /path` and `req-1 200 3 ms` instead of two nested objects; errors keep their stack.
 */
function prettyLog(): (line: string) => string {
  return prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { reqId, req, res, responseTime } = log as RequestLog;
      const id = reqId ? `${reqId} ` : '';
      if (req) return `${id}${req.method} ${req.url}`;
      if (res) return `${id}${res.statusCode} ${Math.round(responseTime ?? 0)} ms`;
      return `${id}${String(log[messageKey])}`;
    },
  });
}

/** The web is Next behind our own HTTP server (web-server.ts), under tsx like the backend. */
export function startWeb(port: number, env: Record<string, string | undefined>, logFd?: number): Started {
  return startProcess('web', process.execPath, ['--import', 'tsx', 'web-server.ts'], { ...env, PORT: String(port) }, logFd);
}

/**
 * Fails when something already listens on the port: the readiness check would otherwise be answered by
 * that other process (an earlier server left running), and everything after would talk to it.
 */
export async function assertPortFree(port: number, name: string): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (inUse) throw new Error(`port ${port} for the ${name} is already in use; stop what runs there first`);
}

/** Polls a URL until it answers 2xx; fails after `timeoutMs` or when the process died. */
export async function waitForHttp(
  url: string,
  started: Started,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${started.name} stopped before it was ready`);
    try {
      const res = await fetch(url, { headers, redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${started.name} was not ready at ${url} after ${timeoutMs} ms`);
}

export async function stopAll(processes: Started[]): Promise<void> {
  await Promise.all(
    processes.map(
      (started) =>
        new Promise<void>((resolve) => {
          const { child } = started;
          started.stopping = true;
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          // 'close' comes after the piped output is read, so the backend's last log lines are not lost.
          child.once('close', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

const WEB_SOURCES = [
  'app',
  'components',
  'lib',
  'stores',
  'contracts',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
];

function newestMtime(p: string): number {
  const full = path.join(ROOT, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when there is no production build, or a web source file changed after it was made. */
export function webBuildIsStale(): boolean {
  const buildId = path.join(ROOT, '.next/BUILD_ID');
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return WEB_SOURCES.some((p) => newestMtime(p) > builtAt);
}

export function run(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

export async function buildWebIfStale(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('Building the web (next build)…');
  const code = await run(NEXT_BIN, ['build']);
  if (code !== 0) throw new Error(`next build failed with code ${code}`);
}
