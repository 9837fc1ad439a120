import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { ApiPath } from '@contracts/paths';
import { buildApp } from '../backend/src/app';
import { loadConfig } from '../backend/src/config';
import { openDatabase } from '../backend/src/db/client';
import { subwayStations } from '../backend/src/db/schema';
import { commuteGraphOf } from '../backend/src/modules/map/commute';
import { reachWithin, startsOfPoint } from '../backend/src/modules/map/commute-graph';
import { isSeeded, seedDatabase } from '../backend/src/db/seed';
import { openStorage } from '../backend/src/storage';

/**
 * 通勤找房's query time (docs/performance.md "Map"): `npx tsx scripts/bench-commute.ts [--data-dir DIR] [--runs N]`
 * seeds the default size (SEED_SIZE, 6,000) into DIR once (default `.data/bench-commute`), then asks
 * `POST /v1/ditu/commute` N times (default 200) in process through the app (Fastify inject: validation, the query and
 * the answer's serialisation, no network): 北京, every channel and time in turn, from a station or a point beside one.
 * Prints p50, p95 and the slowest. The graph is built by a first query, outside the measurement.
 */
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, runs: { type: 'string' } } });
const config = loadConfig({
  ...process.env,
  DATA_DIR: values['data-dir'] ?? '.data/bench-commute',
  LOG_LEVEL: 'silent',
});
const runs = Number(values.runs ?? 200);
const database = await openDatabase(config);
await database.migrate();
const storage = openStorage(config);
if (!(await isSeeded(database.db))) {
  const r = await seedDatabase(database.db, storage, config.SEED_SIZE);
  console.log(`seeded ${r.listings} listings, ${r.rentals} rentals, ${r.projects} projects in ${(r.ms / 1000).toFixed(1)} s`);
}
const app = await buildApp({ db: database.db, config, storage });
const BJ = '110000';
const stations = await database.db.select().from(subwayStations).where(eq(subwayStations.cityCode, BJ));
const ask = async (i: number) => {
  const s = stations[(i * 37) % stations.length]!;
  const where = i % 2 ? { stationId: s.id } : { lng: s.lng + 0.003, lat: s.lat + 0.002 };
  const res = await app.inject({
    method: 'POST',
    url: ApiPath.mapCommute,
    payload: { cityCode: BJ, channelCode: (['esf', 'rent', 'new'] as const)[i % 3], minutes: [15, 30, 45][i % 3], ...where },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  return (JSON.parse(res.body) as { data: { total: number; stations: unknown[] } }).data;
};
await ask(1);
const times: number[] = [];
const byKind = new Map<string, number[]>();
let homes = 0;
let reached = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const d = await ask(i);
  const ms = performance.now() - t0;
  times.push(ms);
  const kind = `${(['esf', 'rent', 'new'] as const)[i % 3]} ${[15, 30, 45][i % 3]} min`;
  byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  homes += d.total;
  reached += d.stations.length;
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
console.log(
  `commute (${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, SEED_SIZE ${config.SEED_SIZE}, ${stations.length} stations in 北京, ${runs} queries): ` +
    `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms; ` +
    `on average ${(reached / runs).toFixed(0)} stations reached and ${(homes / runs).toFixed(0)} homes`,
);
for (const [kind, ms] of byKind) {
  ms.sort((a, b) => a - b);
  console.log(
    `  ${kind}: p50 ${ms[Math.ceil(0.5 * ms.length) - 1]!.toFixed(1)} ms, p95 ${ms[Math.ceil(0.95 * ms.length) - 1]!.toFixed(1)} ms`,
  );
}
// The graph's share: Dijkstra alone (45 minutes, from a point beside each station), without the database.
const graph = await commuteGraphOf(database.db, BJ);
const pure: number[] = [];
for (let i = 0; i < runs; i++) {
  const s = stations[(i * 37) % stations.length]!;
  const t0 = performance.now();
  reachWithin(graph, startsOfPoint(graph, { lng: s.lng + 0.003, lat: s.lat + 0.002 }), 45);
  pure.push(performance.now() - t0);
}
pure.sort((a, b) => a - b);
console.log(`of which the graph (Dijkstra, 45 min): p95 ${pure[Math.ceil(0.95 * pure.length) - 1]!.toFixed(2)} ms`);
// For scale on the same machine and moment: the 二手房 list of a line (the list call the map's side list makes).
const list: number[] = [];
for (let i = 0; i < runs; i++) {
  const s = stations[(i * 37) % stations.length]!;
  const t0 = performance.now();
  await app.inject({ method: 'POST', url: ApiPath.esfList, payload: { cityCode: BJ, lineId: s.lineId, pageSize: 20 } });
  list.push(performance.now() - t0);
}
list.sort((a, b) => a - b);
console.log(
  `the 二手房 list by line, for comparison: p50 ${list[Math.ceil(0.5 * list.length) - 1]!.toFixed(1)} ms, p95 ${list[Math.ceil(0.95 * list.length) - 1]!.toFixed(1)} ms`,
);
await app.close();
await database.close();
