import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { channelIsOn } from '@contracts/channels';
import { CHANNEL_CODES } from '@contracts/constants';
import { ApiPath } from '@contracts/paths';
import { recommendsRequestSchema, suggestionSchema, type Suggestion } from '@contracts/search';
import type { Db } from '../../db/client';
import { portalRoute } from '../../http/portal-route';
import { CHANNEL_STOCK, type ChannelStock } from '../listings/stock';
import { cityTable, requireCity } from '../cities/cities';
import { createSuggestionIndex, findMatches, type PlaceKind, type SuggestionIndex } from './suggestion-index';

/** How long any cache may keep a keystroke's suggestions (docs/api.md). */
export const SUGGESTIONS_SHARED_SECONDS = 30;

const LIMIT = 10;
const ANGLE_NAMES: Record<number, string> = { 1: '小区', 2: '区域', 3: '商圈', 4: '地铁线', 5: '地铁站', 6: '楼盘' };

/**
 * spec §3 / §5 suggestions: the keyword matches a name (contains), its full pinyin (prefix) or its initials
 * (prefix), case-insensitively. Rank: 0 exact, 1 prefix, 2 contains; then shorter names. Answered from the
 * city's places and the channel's counts kept in memory (suggestion-index.ts), not SQL per keystroke.
 */
export async function suggest(
  index: SuggestionIndex,
  cityCode: string,
  keyword: string,
  stock: ChannelStock,
): Promise<Suggestion[]> {
  const [places, counts] = await Promise.all([index.places(cityCode), index.counts(cityCode, stock)]);
  const best = (kind: PlaceKind) => findMatches(places[kind], keyword, LIMIT);
  // This order is the tie order within a rank: places (district, area) before projects and communities, then
  // lines and stations.
  const candidates = [
    ...best('district'),
    ...best('area'),
    ...(stock.named === 'project' ? best('project') : []),
    ...(stock.named === 'community' ? best('community') : []),
    ...best('line'),
    ...best('station'),
  ];
  return candidates
    .sort((a, b) => a.rank - b.rank)
    .slice(0, LIMIT)
    .map(({ place }) =>
      suggestionSchema.parse({
        id: place.id,
        name: place.name,
        parentId: place.parentId,
        address: place.address,
        // Every kind says how many of the channel's homes are there (在售 / 在租); a project describes itself.
        describe: place.countedBy === null ? place.describe : stock.describe(counts[place.countedBy].get(place.id) ?? 0),
        angle: place.angle,
        angleName: ANGLE_NAMES[place.angle]!,
        propertyTypeName: stock.propertyTypeName,
      }),
    );
}

/**
 * Loads the places and every open channel's counts of the hot cities (cities.hot_rank), one load after
 * another, so that no visitor's first keystroke waits for them; stops between loads once `stopped` says so.
 */
export async function warmHotCities(db: Db, index: SuggestionIndex, stopped: () => boolean = () => false): Promise<void> {
  const { hot } = await cityTable(db).snapshot();
  for (const city of hot) {
    if (stopped()) return;
    await index.places(city.cityCode);
    for (const code of CHANNEL_CODES) {
      if (stopped()) return;
      if (channelIsOn(city, code)) await index.counts(city.cityCode, CHANNEL_STOCK[code]);
    }
  }
}

export function registerSuggestions(
  app: FastifyInstance,
  db: Db,
  index: SuggestionIndex = createSuggestionIndex(db, {
    onError: (err) => app.log.error({ err }, 'suggestion index reload failed'),
  }),
): void {
  let closing = false;
  let warming: Promise<void> = Promise.resolve();
  // Once the server listens (after seeding; never in tests, which inject), the hot cities load in the
  // background. Not awaited: the server answers meanwhile, a call for a city still loading joins its load.
  app.addHook('onListen', (done) => {
    warming = warmHotCities(db, index, () => closing).catch((err: unknown) =>
      app.log.error({ err }, 'warming the suggestion index failed'),
    );
    done();
  });
  // A load still under way must not query a database that is being closed.
  app.addHook('onClose', async () => {
    closing = true;
    await warming;
    await index.settled();
  });
  portalRoute(app, {
    path: ApiPath.recommends,
    summary: 'Keyword suggestions: Chinese name, full pinyin or initials (wj / wangjing / 望京)',
    tags: ['search'],
    input: recommendsRequestSchema,
    output: z.array(suggestionSchema),
    // The same for everyone who types the same: the web keeps it, so a keystroke most people type (w, wa, wan…)
    // costs the backend nothing; a new place shows within this.
    sharedFor: SUGGESTIONS_SHARED_SECONDS,
    handler: async (input) => {
      // The city and the places from memory: a keystroke makes no database query.
      const city = await requireCity(db, input.cityCode);
      // A channel the city does not have (租房 in 厦门) suggests nothing.
      return channelIsOn(city, input.channelCode)
        ? suggest(index, city.cityCode, input.keyword, CHANNEL_STOCK[input.channelCode])
        : [];
    },
  });
}
