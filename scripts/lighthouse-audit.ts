/**
 * Lighthouse's four categories (performance, accessibility, best practices, SEO) on the home, a list and a detail page
 * of a running portal, on the mobile and the desktop preset: the table docs/performance.md keeps, and every audit that fails
 * in a category under 1.0, so a reader sees what to mend. Performance here is one run on whatever the machine is
 * doing; its speed targets are the bench's (`npm run bench -- --lighthouse`, on a quiet machine).
 *
 *   npx tsx scripts/lighthouse-audit.ts [--base http://bj.localhost:3000]
 *
 * Lighthouse 12.8 drives Debian's Chromium through chrome-launcher (scripts/bench-lighthouse.ts): nothing is downloaded.
 */
import * as chromeLauncher from 'chrome-launcher';
import http from 'node:http';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH } from './bench-lighthouse';

const base = (() => {
  const i = process.argv.indexOf('--base');
  return (i > 0 ? process.argv[i + 1] : undefined) ?? 'http://bj.localhost:3000';
})();

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The first link on `path` into `prefix` (a list's first card): the detail page audited is a real one. */
async function firstLink(path: string, prefix: string): Promise<string> {
  // Node does not resolve `*.localhost` as Chromium does: asked on 127.0.0.1 with the city's Host.
  const url = new URL(path, base);
  const html = await new Promise<string>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: url.port || 80, path: url.pathname, headers: { host: url.host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
  const href = new RegExp(`href="(${prefix}[^"]+)"`).exec(html)?.[1];
  if (!href) throw new Error(`no link to ${prefix}… on ${path}`);
  return href;
}

function failing(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1)
    .map((a) => `${a.id}: ${a.title}`);
}

async function main(): Promise<void> {
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'list', url: `${base}/ershoufang/` },
    { name: 'detail', url: `${base}${await firstLink('/ershoufang/', '/ershoufang/xiangqing/')}` },
  ];
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows: Record<string, string | number>[] = [];
  const findings: string[] = [];
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const page of pages) {
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
        const run = await lighthouse(page.url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
        if (!run) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        const { lhr } = run;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
        const row: Record<string, string | number> = { preset: formFactor, page: page.name };
        for (const c of CATEGORIES) {
          const score = lhr.categories[c]?.score ?? NaN;
          row[c] = score.toFixed(2);
          if (c !== 'performance' && score < 1)
            findings.push(...failing(lhr, c).map((f) => `${formFactor} ${page.name} ${c}: ${f}`));
        }
        rows.push(row);
      }
    }
  } finally {
    chrome.kill();
  }
  console.log(`Lighthouse 12.8 on ${base} (performance: one run on this machine as it is, not the bench's figure)`);
  console.table(rows);
  for (const f of findings) console.log(`  - ${f}`);
}

await main();
