import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dictionaryRequestSchema, dictionarySchema, type Dictionary, type DictionaryGroup } from '@contracts/dictionary';
import { ApiPath } from '@contracts/paths';
import type { Db } from '../../db/client';
import { businessAreas, communities, districts, newProjects } from '../../db/schema';
import { portalRoute } from '../../http/portal-route';
import { CHANNEL_STOCK } from '../listings/stock';
import { requireChannelCity } from '../cities/cities';

/** Names that start with something other than a letter in pinyin (a digit) are filed last, under `#`. */
const OTHER = '#';

interface Named {
  id: number;
  name: string;
  pinyin: string;
  initials: string;
}

/** The letter a place is filed under: the first of its stored initials (`望京` → `wj` → W). */
export function letterOf(place: Pick<Named, 'initials'>): string {
  const first = place.initials.charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : OTHER;
}

/** Pinyin order, then the name itself so that homophones keep one order on every run. */
function byPinyin(a: Named, b: Named): number {
  return a.pinyin < b.pinyin ? -1 : a.pinyin > b.pinyin ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

const letterOrder = (a: string, b: string) => (a === OTHER ? 1 : b === OTHER ? -1 : a < b ? -1 : a > b ? 1 : 0);

/** Places of three kinds into letter groups, each kind in pinyin order within its letter. */
export function groupByLetter(kinds: {
  districts: Named[];
  businessAreas: (Named & { districtId: number })[];
  places: Named[];
}): DictionaryGroup[] {
  const groups = new Map<string, DictionaryGroup>();
  const groupOf = (place: Named) => {
    const letter = letterOf(place);
    let g = groups.get(letter);
    if (!g) groups.set(letter, (g = { letter, districts: [], businessAreas: [], places: [] }));
    return g;
  };
  for (const d of [...kinds.districts].sort(byPinyin)) groupOf(d).districts.push({ id: d.id, name: d.name });
  for (const a of [...kinds.businessAreas].sort(byPinyin))
    groupOf(a).businessAreas.push({ id: a.id, name: a.name, districtId: a.districtId });
  for (const p of [...kinds.places].sort(byPinyin)) groupOf(p).places.push({ id: p.id, name: p.name });
  return [...groups.values()].sort((a, b) => letterOrder(a.letter, b.letter));
}

/**
 * GET/POST /v1/dictionary (contracts/dictionary.ts): the places of a city a channel's list can be filtered to,
 * by initial letter, for the channel's /dictionary page. Which named places a channel has is the stock
 * description's (modules/listings/stock.ts): communities, new-home projects, or none. A channel the city does
 * not have is a 404, as its list is. Every community of the city is listed, also one without stock today: the
 * dictionary is of places, and an empty list there says so.
 */
export function registerDictionary(app: FastifyInstance, db: Db): void {
  portalRoute(app, {
    path: ApiPath.dictionary,
    summary:
      "A channel's place dictionary of a city: districts, business areas and its communities or new-home projects, by pinyin initial",
    tags: ['portal'],
    input: dictionaryRequestSchema,
    output: dictionarySchema,
    handler: async ({ cityCode, channelCode }): Promise<Dictionary> => {
      const city = await requireChannelCity(db, cityCode, channelCode);
      const named = CHANNEL_STOCK[channelCode].named;
      const columns = <T extends typeof districts | typeof businessAreas | typeof communities | typeof newProjects>(t: T) => ({
        id: t.id,
        name: t.name,
        pinyin: t.pinyin,
        initials: t.initials,
      });
      const [districtRows, areaRows, placeRows] = await Promise.all([
        db.select(columns(districts)).from(districts).where(eq(districts.cityCode, city.cityCode)),
        db
          .select({ ...columns(businessAreas), districtId: businessAreas.districtId })
          .from(businessAreas)
          .where(eq(businessAreas.cityCode, city.cityCode)),
        named === 'community'
          ? db.select(columns(communities)).from(communities).where(eq(communities.cityCode, city.cityCode))
          : named === 'project'
            ? db.select(columns(newProjects)).from(newProjects).where(eq(newProjects.cityCode, city.cityCode))
            : [],
      ]);
      return { named, groups: groupByLetter({ districts: districtRows, businessAreas: areaRows, places: placeRows }) };
    },
  });
}
