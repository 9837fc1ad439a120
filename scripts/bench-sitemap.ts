/**
 * `npx tsx scripts/bench-sitemap.ts [--pg]`: seconds per XML sitemap file of 北京 on the bench's data (200k
 * second-hand listings and every other channel at its ratio, `npm run bench` seeds it into .bench-data; `--pg` uses
 * the bench's PostgreSQL database youju_bench, which `npm run bench -- --pg` seeds). Each file is read whole through the backend's route, gunzipped and its
 * addresses counted; printed beside the goal in docs/performance.md "Sitemaps" (≤ 2 s a file).
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { ApiPath } from '../contracts/paths';
import { parseSitemapFileName } from '../contracts/sitemap';
import { buildApp } from '../backend/src/app';
import { configWith } from '../backend/src/config';
import { openDatabase } from '../backend/src/db/client';
import { localStorage } from '../backend/src/storage/local-storage';

const { values } = parseArgs({ options: { pg: { type: 'boolean' }, city: { type: 'string' } } });
const ROOT = path.resolve(import.meta.dirname, '..');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/youju_bench';
const GOAL_S = 2;

async function main() {
  const config = configWith({
    DATA_DIR: path.join(ROOT, '.bench-data'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: values.pg ? PG_URL : '',
  });
  const database = await openDatabase(config);
  // The bench's data may predate the sitemap's indexes (migration 0018).
  await database.migrate();
  const app = await buildApp({ db: database.db, config, storage: localStorage(path.join(ROOT, '.bench-data', 'oss')) });
  const cityCode = values.city ?? '110000';
  try {
    let t = performance.now();
    const indexCpu0 = process.cpuUsage();
    const index = await app.inject({ url: ApiPath.sitemapIndex, query: { cityCode } });
    const indexCpu = process.cpuUsage(indexCpu0);
    if (index.statusCode !== 200) throw new Error(`index: ${index.statusCode} ${index.body.slice(0, 200)}`);
    const files = [...index.body.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
    console.log(
      `${values.pg ? 'PostgreSQL' : 'PGlite'}, city ${cityCode}: index of ${files.length} files in ${((performance.now() - t) / 1000).toFixed(2)} s (CPU ${((indexCpu.user + indexCpu.system) / 1e6).toFixed(2)} s)`,
    );
    // Each file twice: first as the database just opened has it (cold: its pages not yet read since the start), then
    // again, as a running backend answers a crawler that comes back (warm).
    let worst = 0;
    for (const name of files) {
      const { kind, part } = parseSitemapFileName(name)!;
      const runs: string[] = [];
      let urls = 0;
      let gzipKiB = 0;
      for (const pass of ['cold', 'warm']) {
        t = performance.now();
        const cpu0 = process.cpuUsage();
        const res = await app.inject({ url: ApiPath.sitemapFile, query: { cityCode, kind, part: String(part) } });
        const s = (performance.now() - t) / 1000;
        // CPU of this process (on PGlite the database's work too): the figure a busy shared machine does not inflate.
        const cpu = process.cpuUsage(cpu0);
        const cpuS = (cpu.user + cpu.system) / 1e6;
        worst = Math.max(worst, s);
        urls = gunzipSync(res.rawPayload).toString('utf8').split('<url>').length - 1;
        gzipKiB = res.rawPayload.length / 1024;
        runs.push(`${pass} ${s.toFixed(2)} s (CPU ${cpuS.toFixed(2)} s)`);
      }
      console.log(
        `  ${name.padEnd(24)} ${String(urls).padStart(6)} URLs  ${gzipKiB.toFixed(0).padStart(5)} KiB gzip  ${runs.join(', ')}`,
      );
    }
    console.log(`slowest file ${worst.toFixed(2)} s (goal ≤ ${GOAL_S} s): ${worst <= GOAL_S ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
