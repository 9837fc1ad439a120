import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { DEV_OPS_TOKEN } from './scripts/processes';

/**
 * Browser tests drive a real Chromium against both processes, started fresh on test ports so that a
 * running `npm start` (3000/4000) is left alone. The backend gets a new embedded database each run and
 * its log goes to test-results/e2e-backend.log, where the SMS-login test reads the code it "sent".
 */
// E2E_WEB_PORT / E2E_BACKEND_PORT move a run aside, so two checkouts can run their browser tests at once.
const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 4100);

export const E2E = {
  webPort,
  backendPort,
  root: `localhost:${webPort}`,
  oldDomain: `yjyz.localhost:${webPort}`,
  portlessOldDomain: 'oldportal.localhost',
  backendLog: `test-results/e2e-backend-${backendPort}.log`,
  dataDir: `.data/e2e-${backendPort}`,
} as const;

/**
 * Debian's Chromium: Playwright's own browser download does not work on these machines (TOOLCHAIN.md). Its headless
 * shell (package chromium-headless-shell, `.ci/run` installs it) is what Playwright itself runs headless: the same
 * engine without the full browser around it. The full browser in its new headless mode spent more CPU than the web and
 * the backend together on a suite run (its browser and GPU processes, 2026-11-28, docs/testing.md); the full one is the
 * fallback where the shell is missing.
 */
const executablePath = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Hang guards, not budgets: on a machine busy with other work (load 8-25 on two cores) a page that takes 1 s idle
  // takes 10-20 s, and a test that waits for conditions must not fail on that. Long tests set more of their own.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  outputDir: 'test-results/e2e',
  // The owners' path publishes homes into 北京's lists and takes them down again. Run beside the other files it would
  // hand them a home that is gone a moment later (the first of a list, a link the crawl follows), so it runs after.
  // `npm test` runs the two projects as two runs (`--project owners --no-deps` after `site`, scripts/test.ts), so a
  // failure in `site` does not keep `owners` from running; a bare `playwright test` keeps the order by the dependency.
  projects: [
    // 订阅's test publishes a home through the same operator path: it is an owners' test too.
    { name: 'site', testIgnore: /(entrust|alerts)\.spec\.ts$/ },
    { name: 'owners', testMatch: /(entrust|alerts)\.spec\.ts$/, dependencies: ['site'] },
  ],
  use: {
    baseURL: `http://bj.${E2E.root}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // A failed test keeps its trace: the DOM at each step, the network and the console. Without the screencast: its
    // frames kept Chromium's compositor drawing for every test, passed or not, and the DOM snapshots show the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf ${E2E.dataDir} && mkdir -p test-results && exec node --import tsx backend/src/server.ts > ${E2E.backendLog} 2>&1`,
      url: `http://127.0.0.1:${E2E.backendPort}/healthz`,
      env: {
        BACKEND_PORT: String(E2E.backendPort),
        DATA_DIR: E2E.dataDir,
        SEED_SIZE: '3000',
        PORTAL_ROOT_DOMAIN: E2E.root,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        // The browser tests change listings through the operator API (docs/operations.md).
        OPS_TOKEN: DEV_OPS_TOKEN,
      },
      timeout: 600_000,
      reuseExistingServer: false,
    },
    {
      command: 'exec node --import tsx web-server.ts',
      url: `http://127.0.0.1:${E2E.webPort}/robots.txt`,
      env: {
        PORT: String(E2E.webPort),
        BACKEND_URL: `http://127.0.0.1:${E2E.backendPort}`,
        PORTAL_ROOT_DOMAIN: E2E.root,
        // Both forms of an old domain: with its port, and without one (any port).
        PORTAL_OLD_DOMAINS: `${E2E.oldDomain},${E2E.portlessOldDomain}`,
        // The browser plays a load balancer: the last X-Forwarded-For entry it sends is the client address.
        TRUSTED_PROXY_HOPS: '1',
        // 下载APP shows a store page's QR code (news.spec.ts); the Android one stays unset (即将上架).
        APP_IOS_URL: 'https://apps.apple.com/cn/app/id6450000000',
      },
      timeout: 300_000,
      reuseExistingServer: false,
    },
  ],
});
