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
import { createSuggestionIndex, findMatches, type Place, type PlaceKind, type SuggestionIndex } from './suggestion-index';

/** How long any cache may keep a keystroke's suggestions (docs/api.md). */
export const SUGGESTIONS_SHARED_SECONDS = 30;

const LIMIT = 10;
const ANGLE_NAMES: Record<number, string> = { 1: '小区', 2: '区域', 3: '商圈', 4: '地铁线', 5: '地铁站', 6: '楼盘' };

/**
 * spec §3 / §5 suggestions: the keyword matches a name (contains), its full pinyin (prefix) or its initials
 * (prefix), case-insensitively. Rank: 0 exact, 1 prefix, 2 contains; then shorter names. Answered from the
 * city's places and the channel's counts kept in memory (suggestion-index.ts), not SQL per keystroke.
 *
 * Each tab suggests what its own channel has: a place is offered with the count of the channel's records in it
 * (在售12套, 3个楼盘, 35个小区), as the channel's list filtered by it finds them, and left out when it has none (a
 * suggestion that leads to an empty list leads nowhere). A named place that is itself a record of the channel (a
 * project on 新房, a community on 小区) is always offered, with its own line.
 */
export async function suggest(
  index: SuggestionIndex,
  cityCode: string,
  keyword: string,
  stock: ChannelStock,
): Promise<Suggestion[]> {
  const [places, counts] = await Promise.all([index.places(cityCode), index.counts(cityCode, stock)]);
  const countOf = (p: Place) => (p.countedBy === null ? 0 : (counts[p.countedBy].get(p.id) ?? 0));
  const hasStock = (p: Place) => countOf(p) > 0;
  const best = (kind: PlaceKind, keep: (p: Place) => boolean = hasStock) =>
    findMatches(places[kind], keyword, LIMIT, keep).map((r) => ({ ...r, isRecord: false }));
  const named =
    stock.named === null
      ? []
      : stock.namedIsRecord
        ? findMatches(places[stock.named], keyword, LIMIT).map((r) => ({ ...r, isRecord: true }))
        : best(stock.named);
  // This order is the tie order within a rank: places (district, area) before projects and communities, then
  // lines and stations.
  const candidates = [...best('district'), ...best('area'), ...named, ...best('line'), ...best('station')];
  return candidates
    .sort((a, b) => a.rank - b.rank)
    .slice(0, LIMIT)
    .map(({ place, isRecord }) =>
      suggestionSchema.parse({
        id: place.id,
        name: place.name,
        parentId: place.parentId,
        address: place.address,
        describe: isRecord ? place.describe : stock.describe(countOf(place)),
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
