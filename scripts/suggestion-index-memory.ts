/**
 * What the in-memory suggestion index costs for one city of the bench data: heap before and after
 * loading 北京's places and every channel's counts, load times, and the time of a keystroke from memory.
 * Run after `npm run bench` has seeded .bench-data, with no bench running (PGlite opens the directory alone):
 *   node --expose-gc --import tsx scripts/suggestion-index-memory.ts [cityCode]
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHANNEL_CODES } from '@contracts/constants';
import { configWith } from '../backend/src/config';
import { openDatabase } from '../backend/src/db/client';
import { CHANNEL_STOCK } from '../backend/src/modules/listings/stock';
import {
  bestMatches,
  createSuggestionIndex,
  findMatches,
  matcher,
  type Place,
} from '../backend/src/modules/portal/suggestion-index';
import { suggest } from '../backend/src/modules/portal/suggestions';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const cityCode = process.argv[2] ?? '110000';
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const database = await openDatabase(
  configWith({ DATA_DIR: path.join(process.cwd(), '.bench-data'), DATABASE_URL: process.env.DATABASE_URL ?? '' }),
);
try {
  const index = createSuggestionIndex(database.db);
  // Warm the database and the query builders first, so the heap difference is the index's.
  const warm = createSuggestionIndex(database.db);
  await warm.places(cityCode === '310000' ? '110000' : '310000');
  await warm.counts(cityCode === '310000' ? '110000' : '310000', CHANNEL_STOCK.esf);
  const before = heap();
  let t0 = performance.now();
  const places = await index.places(cityCode);
  const placesMs = performance.now() - t0;
  const afterPlaces = heap();
  t0 = performance.now();
  for (const code of CHANNEL_CODES) await index.counts(cityCode, CHANNEL_STOCK[code]);
  const countsMs = performance.now() - t0;
  const afterCounts = heap();
  const sizes = Object.entries(places).map(([kind, list]) => `${kind} ${(list as unknown[]).length}`);
  console.log(`city ${cityCode}: ${sizes.join(', ')}`);
  console.log(`places: ${mb(afterPlaces - before)} heap, loaded in ${placesMs.toFixed(0)} ms`);
  console.log(
    `counts of all ${CHANNEL_CODES.length} channels: ${mb(afterCounts - afterPlaces)} heap, loaded in ${countsMs.toFixed(0)} ms`,
  );

  const keywords = [
    'wj',
    'wangjing',
    '望京',
    'zgc',
    '中关村',
    'gm',
    '国贸',
    'h',
    'hl',
    '回龙观',
    'tty',
    '13号线',
    'x',
    'xz',
    '西直门',
    'cy',
    '朝阳',
    'sl',
    'huayuan',
    '花园',
  ];
  // The binary-search answer must be the scan's on real data too.
  for (const k of keywords)
    for (const list of Object.values(places) as Place[][])
      if (JSON.stringify(findMatches(list, k, 10)) !== JSON.stringify(bestMatches(list, matcher(k), 10)))
        throw new Error(`findMatches differs from the scan for ${k}`);
  const rounds = 50;
  t0 = performance.now();
  for (let i = 0; i < rounds; i++) for (const k of keywords) await suggest(index, cityCode, k, CHANNEL_STOCK.esf);
  console.log(
    `a keystroke from memory (esf): ${((performance.now() - t0) / (rounds * keywords.length)).toFixed(3)} ms on average`,
  );
} finally {
  await database.close();
}
