import type { Storage } from '../storage';

/**
 * The seed's pictures (ARCHITECTURE "Data": generated, stored through the storage module, never hot-linked):
 * stylised room photos per room type and colour scheme, floor plans per room count, agent avatars and
 * community covers. A few dozen files, shared by all listings.
 */
export const ROOM_TYPES = ['客厅', '卧室', '厨房', '卫生间', '餐厅', '阳台'] as const;
const PALETTES = [
  { wall: '#f3ede4', floor: '#c8a27a', accent: '#5b7f95' },
  { wall: '#e8eef2', floor: '#9c7b5b', accent: '#c0584b' },
  { wall: '#f6f1e7', floor: '#b9b2a6', accent: '#4f8a6a' },
  { wall: '#efe7f0', floor: '#a88463', accent: '#d49a3a' },
];

export interface SeedImages {
  /** room type → variant urls */
  rooms: Record<(typeof ROOM_TYPES)[number], string[]>;
  /** index rooms-1 (1..6) → floor plan url */
  floorPlans: string[];
  avatars: string[];
  covers: string[];
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${body}</svg>`;

function roomPicture(room: (typeof ROOM_TYPES)[number], p: (typeof PALETTES)[number]): string {
  const furniture: Record<string, string> = {
    客厅: `<rect x="180" y="330" width="340" height="110" rx="18" fill="${p.accent}"/><rect x="200" y="300" width="300" height="50" rx="14" fill="${p.accent}" opacity=".8"/><rect x="560" y="200" width="140" height="90" fill="#333"/>`,
    卧室: `<rect x="220" y="300" width="360" height="160" rx="10" fill="#fff"/><rect x="220" y="270" width="360" height="40" rx="8" fill="${p.accent}"/><rect x="250" y="310" width="110" height="40" rx="10" fill="#eee"/>`,
    厨房: `<rect x="80" y="330" width="640" height="140" fill="${p.accent}"/><rect x="80" y="310" width="640" height="24" fill="#ddd"/><rect x="120" y="120" width="560" height="90" fill="${p.accent}" opacity=".7"/>`,
    卫生间: `<rect x="140" y="320" width="260" height="110" rx="40" fill="#fff" stroke="#bbb"/><rect x="500" y="160" width="150" height="300" fill="#dfeaf0" stroke="#9ab"/><circle cx="575" cy="200" r="16" fill="${p.accent}"/>`,
    餐厅: `<rect x="250" y="330" width="300" height="24" fill="${p.accent}"/><rect x="270" y="354" width="16" height="110" fill="${p.accent}"/><rect x="514" y="354" width="16" height="110" fill="${p.accent}"/><circle cx="400" cy="150" r="40" fill="#ffd97a"/>`,
    阳台: `<rect x="100" y="100" width="600" height="260" fill="#bfe3f5"/><rect x="100" y="300" width="600" height="12" fill="#999"/><rect x="150" y="380" width="80" height="80" rx="8" fill="${p.accent}"/>`,
  };
  return svg(
    `<rect width="800" height="460" fill="${p.wall}"/><rect y="460" width="800" height="140" fill="${p.floor}"/>` +
      `<rect x="600" y="60" width="150" height="170" fill="#cfe8f7" stroke="#fff" stroke-width="8"/>` +
      (furniture[room] ?? '') +
      `<text x="40" y="70" font-size="40" fill="#666" font-family="sans-serif">${room}</text>`,
  );
}

function floorPlan(rooms: number): string {
  const cells: string[] = [];
  const cols = Math.min(rooms + 1, 4);
  const w = 640 / cols;
  for (let i = 0; i <= rooms; i++) {
    const x = 80 + (i % cols) * w;
    const y = 80 + Math.floor(i / cols) * 220;
    const label = i === 0 ? '客厅' : `卧室${i}`;
    cells.push(`<rect x="${x}" y="${y}" width="${w}" height="220" fill="#fff" stroke="#333" stroke-width="6"/>`);
    cells.push(`<text x="${x + 20}" y="${y + 50}" font-size="28" fill="#333" font-family="sans-serif">${label}</text>`);
  }
  return svg(
    `<rect width="800" height="600" fill="#f7f7f7"/>${cells.join('')}<text x="80" y="570" font-size="30" fill="#555" font-family="sans-serif">${rooms}室户型图</text>`,
  );
}

function avatar(i: number): string {
  const hue = (i * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue},45%,85%)"/><circle cx="100" cy="80" r="40" fill="hsl(${hue},35%,45%)"/><rect x="40" y="130" width="120" height="80" rx="60" fill="hsl(${hue},35%,45%)"/></svg>`;
}

function cover(i: number): string {
  const hue = (i * 61) % 360;
  const towers = Array.from({ length: 5 }, (_, k) => {
    const h = 180 + ((k * 73 + i * 29) % 220);
    return `<rect x="${70 + k * 140}" y="${520 - h}" width="100" height="${h}" fill="hsl(${hue},20%,${55 + k * 5}%)"/>`;
  }).join('');
  return svg(
    `<rect width="800" height="600" fill="hsl(${hue},60%,88%)"/>${towers}<rect y="520" width="800" height="80" fill="#7fae6b"/>`,
  );
}

export async function writeSeedImages(storage: Storage): Promise<SeedImages> {
  const store = async (key: string, body: string) => {
    await storage.put(key, Buffer.from(body, 'utf8'), 'image/svg+xml');
    return storage.publicUrl(key);
  };
  const rooms = {} as SeedImages['rooms'];
  for (const [r, room] of ROOM_TYPES.entries()) {
    rooms[room] = await Promise.all(PALETTES.map((p, v) => store(`seed/room/${r + 1}-${v + 1}.svg`, roomPicture(room, p))));
  }
  const floorPlans = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => store(`seed/plan/${n}.svg`, floorPlan(n))));
  const avatars = await Promise.all(Array.from({ length: 8 }, (_, i) => store(`seed/avatar/${i + 1}.svg`, avatar(i))));
  const covers = await Promise.all(Array.from({ length: 8 }, (_, i) => store(`seed/cover/${i + 1}.svg`, cover(i))));
  return { rooms, floorPlans, avatars, covers };
}
