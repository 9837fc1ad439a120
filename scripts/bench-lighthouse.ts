/**
 * Lighthouse for the bench (the speed targets: "Lighthouse (desktop, Chromium) on home, a list and a detail page:
 * performance ≥ 0.95, CLS ≤ 0.02, reported by the bench"). Lighthouse 12.8 (13 needs Node 22; TOOLCHAIN.md) drives
 * Debian's Chromium through chrome-launcher: nothing is downloaded. Desktop preset, performance category only,
 * one page after the other in one browser (Lighthouse resets storage and cache before each page).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { writeFileSync } from 'node:fs';

export const LIGHTHOUSE_SCORE_TARGET = 0.95;
export const LIGHTHOUSE_CLS_TARGET = 0.02;

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // City sub-domains of the bench's root (bj.localhost:3200) reach the local web whatever the resolver says.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

export interface LighthousePage {
  name: string;
  url: string;
}

export interface LighthouseFigures {
  name: string;
  url: string;
  score: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Why a page loses points, from the report: the LCP element, layout-shift sources, opportunities with savings. */
  findings: string[];
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** Table rows of a details block (`table` / `list` / `opportunity` details), flattened one level. */
function detailItems(details: Result['audits'][string]['details']): Record<string, unknown>[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items.flatMap((item) => {
    if (item && typeof item === 'object' && 'items' in item && Array.isArray((item as { items: unknown[] }).items))
      return (item as { items: Record<string, unknown>[] }).items;
    return [item as Record<string, unknown>];
  });
}

function nodeLabel(item: Record<string, unknown>): string | null {
  const node = item.node as { snippet?: string; selector?: string } | undefined;
  if (node?.selector || node?.snippet) return `${node.selector ?? ''} ${node.snippet ? node.snippet.slice(0, 100) : ''}`.trim();
  return null;
}

/** What a reader needs to see why a page scored as it did, shortest first. */
function findingsOf(lhr: Result): string[] {
  const out: string[] = [];
  const lcp = detailItems(lhr.audits['largest-contentful-paint-element']?.details).map(nodeLabel).find(Boolean);
  if (lcp) out.push(`LCP element: ${lcp}`);
  for (const item of detailItems(lhr.audits['layout-shifts']?.details).slice(0, 5)) {
    const label = nodeLabel(item);
    if (label) out.push(`layout shift ${Number(item.score ?? 0).toFixed(3)}: ${label}`);
  }
  // Every other audit of the performance category that fails (the metrics are in the table; the hidden group
  // repeats the others as "insights"), with the time it would save where Lighthouse estimates one.
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === 'metrics' || ref.group === 'hidden' || audit.score === null || audit.score >= 0.9) continue;
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0;
    out.push(`${ref.id}: ${audit.displayValue || audit.title}${savings >= 10 ? ` (≈${Math.round(savings)} ms)` : ''}`);
  }
  return out;
}

/**
 * Lighthouse desktop/performance on each page in turn. `reportPath(name)` gives where the full JSON report of a
 * page is written (test-results/), for a look at everything the summary leaves out.
 */
export async function runLighthouse(pages: LighthousePage[], reportPath: (name: string) => string): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const run = await lighthouse(
        page.url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        desktopConfig,
      );
      if (!run) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      const lhr = run.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      writeFileSync(reportPath(page.name), typeof run.report === 'string' ? run.report : JSON.stringify(lhr));
      figures.push({
        name: page.name,
        url: page.url,
        score: lhr.categories.performance?.score ?? NaN,
        cls: numeric(lhr, 'cumulative-layout-shift'),
        fcpMs: numeric(lhr, 'first-contentful-paint'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        speedIndexMs: numeric(lhr, 'speed-index'),
        findings: findingsOf(lhr),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** Prints the figures beside the speed targets (score ≥ 0.95, CLS ≤ 0.02), then each page's findings. */
export function reportLighthouse(figures: LighthouseFigures[]): void {
  console.log(
    `Lighthouse ${'12.8'} desktop, performance (targets: score ≥ ${LIGHTHOUSE_SCORE_TARGET}, CLS ≤ ${LIGHTHOUSE_CLS_TARGET}):`,
  );
  console.table(
    figures.map((f) => ({
      page: f.name,
      score: f.score.toFixed(2),
      CLS: f.cls.toFixed(3),
      'FCP ms': Math.round(f.fcpMs),
      'LCP ms': Math.round(f.lcpMs),
      'TBT ms': Math.round(f.tbtMs),
      'SI ms': Math.round(f.speedIndexMs),
      within: f.score >= LIGHTHOUSE_SCORE_TARGET && f.cls <= LIGHTHOUSE_CLS_TARGET ? 'yes' : 'NO',
    })),
  );
  for (const f of figures) {
    if (f.findings.length === 0) continue;
    console.log(`  ${f.name} (${f.url}):`);
    for (const line of f.findings) console.log(`    - ${line}`);
  }
}
