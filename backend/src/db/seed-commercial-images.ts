import type { Storage } from '../storage';

/**
 * Pictures of shops and offices (ARCHITECTURE "Data": generated, stored through the storage module): a shop's
 * front, inside, the street or mall around it; an office tower's facade, lobby, open-plan office and meeting
 * room; and a plan of either. Four colour schemes each, shared by every unit of the seed.
 */
export const SHOP_PHOTOS = ['门头', '店内', '周边街景', '商场中庭'] as const;
export const OFFICE_PHOTOS = ['外立面', '大堂', '办公区', '会议室'] as const;
export type CommercialPhotoTitle = (typeof SHOP_PHOTOS)[number] | (typeof OFFICE_PHOTOS)[number];
export const PLAN_TITLE = '平面图';

const PALETTES = [
  { sky: '#cfe6f5', wall: '#f2ede6', accent: '#c0584b', glass: '#8fb8d8' },
  { sky: '#dcebf3', wall: '#ece9f1', accent: '#2f7d6b', glass: '#7aa5c9' },
  { sky: '#e3eef0', wall: '#f5efe2', accent: '#d49a3a', glass: '#9cc1d6' },
  { sky: '#d6e4ee', wall: '#eef0f2', accent: '#4a6fa5', glass: '#86a9c4' },
];
type Palette = (typeof PALETTES)[number];

export interface CommercialImages {
  photos: Record<CommercialPhotoTitle, string[]>;
  shopPlans: string[];
  officePlans: string[];
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${body}</svg>`;
// Below the top band a 3:2 card crops off a 4:3 picture.
const label = (text: string) => `<text x="40" y="104" font-size="40" fill="#555" font-family="sans-serif">${text}</text>`;

function windows(x: number, y: number, cols: number, rows: number, w: number, h: number, fill: string): string {
  let out = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out += `<rect x="${x + c * (w + 8)}" y="${y + r * (h + 8)}" width="${w}" height="${h}" fill="${fill}"/>`;
  return out;
}

const PICTURES: Record<CommercialPhotoTitle, (p: Palette) => string> = {
  门头: (p) =>
    `<rect width="800" height="600" fill="${p.sky}"/><rect x="60" y="120" width="680" height="400" fill="${p.wall}"/>` +
    `<rect x="60" y="120" width="680" height="90" fill="${p.accent}"/><rect x="110" y="150" width="300" height="30" fill="#fff" opacity=".85"/>` +
    `<rect x="110" y="250" width="250" height="270" fill="${p.glass}"/><rect x="440" y="250" width="250" height="270" fill="${p.glass}"/>` +
    `<rect y="520" width="800" height="80" fill="#9a9a9a"/>`,
  店内: (p) =>
    `<rect width="800" height="460" fill="${p.wall}"/><rect y="460" width="800" height="140" fill="#c9c1b4"/>` +
    `<rect x="80" y="200" width="200" height="260" fill="${p.accent}" opacity=".7"/><rect x="520" y="200" width="200" height="260" fill="${p.accent}" opacity=".7"/>` +
    `<rect x="320" y="360" width="160" height="100" fill="#fff" stroke="#bbb"/>` +
    `<circle cx="250" cy="120" r="22" fill="#ffd97a"/><circle cx="550" cy="120" r="22" fill="#ffd97a"/>`,
  周边街景: (p) =>
    `<rect width="800" height="600" fill="${p.sky}"/>` +
    [0, 1, 2, 3]
      .map(
        (k) =>
          `<rect x="${20 + k * 195}" y="${180 - (k % 2) * 60}" width="180" height="${340 + (k % 2) * 60}" fill="${k % 2 ? p.wall : '#e0d8cc'}"/>`,
      )
      .join('') +
    [0, 1, 2, 3]
      .map(
        (k) =>
          `<rect x="${40 + k * 195}" y="430" width="140" height="90" fill="${p.glass}"/><rect x="${40 + k * 195}" y="400" width="140" height="24" fill="${p.accent}"/>`,
      )
      .join('') +
    `<rect y="520" width="800" height="80" fill="#8d8d8d"/><rect x="0" y="556" width="800" height="6" fill="#fff" opacity=".7"/>`,
  商场中庭: (p) =>
    `<rect width="800" height="600" fill="${p.wall}"/><polygon points="200,0 600,0 520,140 280,140" fill="${p.sky}"/>` +
    [0, 1, 2]
      .map(
        (k) =>
          `<rect x="60" y="${180 + k * 120}" width="680" height="14" fill="#bbb"/>` +
          windows(80, 196 + k * 120, 6, 1, 100, 90, p.glass),
      )
      .join('') +
    `<rect x="330" y="180" width="140" height="420" fill="${p.accent}" opacity=".25"/>`,
  外立面: (p) =>
    `<rect width="800" height="600" fill="${p.sky}"/><rect x="250" y="40" width="300" height="560" fill="#5d7388"/>` +
    windows(268, 60, 6, 18, 38, 20, p.glass) +
    `<rect x="60" y="300" width="160" height="300" fill="#7d8a96"/>${windows(74, 316, 3, 10, 38, 18, p.glass)}` +
    `<rect x="580" y="240" width="170" height="360" fill="#6b7d8f"/>${windows(594, 256, 3, 12, 42, 18, p.glass)}`,
  大堂: (p) =>
    `<rect width="800" height="600" fill="#e9e5de"/><rect y="440" width="800" height="160" fill="#b9b2a6"/>` +
    `<rect x="0" y="0" width="800" height="40" fill="#d7d1c6"/><rect x="280" y="330" width="240" height="110" fill="${p.accent}"/>` +
    `<rect x="300" y="150" width="200" height="60" fill="#fff" opacity=".8"/><rect x="60" y="80" width="40" height="360" fill="#cfc8bc"/><rect x="700" y="80" width="40" height="360" fill="#cfc8bc"/>`,
  办公区: (p) =>
    `<rect width="800" height="460" fill="${p.wall}"/><rect y="460" width="800" height="140" fill="#a9a9a9"/>` +
    windows(40, 60, 4, 1, 170, 160, p.glass) +
    [0, 1, 2]
      .map(
        (k) =>
          `<rect x="${80 + k * 230}" y="380" width="200" height="16" fill="#fff" stroke="#999"/><rect x="${110 + k * 230}" y="340" width="60" height="40" fill="#333"/><rect x="${190 + k * 230}" y="340" width="60" height="40" fill="#333"/>`,
      )
      .join(''),
  会议室: (p) =>
    `<rect width="800" height="460" fill="${p.wall}"/><rect y="460" width="800" height="140" fill="#9c8f80"/>` +
    `<rect x="200" y="120" width="400" height="200" fill="#333"/><rect x="220" y="140" width="360" height="160" fill="${p.glass}"/>` +
    `<ellipse cx="400" cy="470" rx="280" ry="60" fill="${p.accent}"/>`,
};

function plan(kind: 'shop' | 'office', n: number): string {
  const cells: string[] = [];
  if (kind === 'shop') {
    const depth = 300 + n * 30;
    cells.push(
      `<rect x="200" y="${560 - depth}" width="400" height="${depth - 40}" fill="#fff" stroke="#333" stroke-width="6"/>`,
    );
    cells.push(
      `<rect x="260" y="510" width="280" height="10" fill="#5b7f95"/><text x="330" y="560" font-size="26" fill="#333" font-family="sans-serif">门面</text>`,
    );
    cells.push(`<rect x="440" y="${580 - depth}" width="140" height="100" fill="#f2f2f2" stroke="#333" stroke-width="4"/>`);
  } else {
    const cols = 2 + (n % 3);
    const w = 640 / cols;
    for (let i = 0; i < cols; i++)
      cells.push(`<rect x="${80 + i * w}" y="80" width="${w}" height="160" fill="#fff" stroke="#333" stroke-width="5"/>`);
    cells.push(`<rect x="80" y="260" width="640" height="260" fill="#fff" stroke="#333" stroke-width="5"/>`);
    cells.push(`<text x="330" y="400" font-size="28" fill="#333" font-family="sans-serif">开放办公区</text>`);
  }
  return svg(`<rect width="800" height="600" fill="#f7f7f7"/>${cells.join('')}${label(PLAN_TITLE)}`);
}

export async function writeCommercialImages(storage: Storage): Promise<CommercialImages> {
  const store = async (key: string, body: string) => {
    await storage.put(key, Buffer.from(body, 'utf8'), 'image/svg+xml');
    return storage.publicUrl(key);
  };
  const photos = {} as CommercialImages['photos'];
  for (const [i, title] of [...SHOP_PHOTOS, ...OFFICE_PHOTOS].entries()) {
    photos[title] = await Promise.all(
      PALETTES.map((p, v) => store(`seed/commercial/${i + 1}-${v + 1}.svg`, svg(PICTURES[title](p) + label(title)))),
    );
  }
  const shopPlans = await Promise.all([0, 1, 2, 3].map((n) => store(`seed/commercial/plan-shop-${n + 1}.svg`, plan('shop', n))));
  const officePlans = await Promise.all(
    [0, 1, 2, 3].map((n) => store(`seed/commercial/plan-office-${n + 1}.svg`, plan('office', n))),
  );
  return { photos, shopPlans, officePlans };
}
