import { CHANNELS } from '@contracts/channels';
import {
  LOOKHOUSE_BUDGET_MAX,
  LOOKHOUSE_DEALS,
  LOOKHOUSE_DISTRICTS_MAX,
  LOOKHOUSE_NEEDS,
  type LookhouseDeal,
  type LookhouseNeed,
  type LookhouseRequest,
} from '@contracts/lookhouse';
import { formatListPath } from '@/lib/search-path';

/**
 * 帮我找房's answers as the address carries them (/lookhouse/opts and /lookhouse/result read the same query):
 * `deal=buy&bf=300&bt=600&d=1,2&st=15&l=2,3&n=subway,elevator&mi=2026-12-20`. Read leniently: an answer that does
 * not parse is dropped (the questionnaire offers it again), never an error page.
 */
export interface LookhouseAnswers {
  deal: LookhouseDeal;
  budgetFrom?: number;
  budgetTo?: number;
  districtIds: number[];
  stationId?: number;
  rooms: number[];
  needs: LookhouseNeed[];
  moveIn?: string;
}

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const whole = (v: string | undefined, max: number) =>
  v !== undefined && /^\d{1,7}$/.test(v) && Number(v) <= max ? Number(v) : undefined;
const list = (v: string | undefined) => (v ? v.split(',') : []);
/** A list answer: `d=1,2` (our links) or `d=1&d=2` (the questionnaire's checkboxes). */
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

export function parseLookhouse(params: Params): LookhouseAnswers {
  const dealText = one(params.deal);
  const deal: LookhouseDeal = (LOOKHOUSE_DEALS as readonly string[]).includes(dealText ?? '')
    ? (dealText as LookhouseDeal)
    : 'buy';
  const max = LOOKHOUSE_BUDGET_MAX[deal];
  let budgetFrom = whole(one(params.bf), max);
  let budgetTo = whole(one(params.bt), max);
  if (budgetTo === 0) budgetTo = undefined;
  if (budgetFrom !== undefined && budgetTo !== undefined && budgetFrom > budgetTo)
    [budgetFrom, budgetTo] = [budgetTo, budgetFrom];
  const ids = (v: string | undefined) => [
    ...new Set(
      list(v)
        .map((x) => whole(x, 2_147_483_647))
        .filter((x): x is number => x !== undefined && x > 0),
    ),
  ];
  const moveIn = one(params.mi);
  return {
    deal,
    ...(budgetFrom !== undefined && budgetFrom > 0 ? { budgetFrom } : {}),
    ...(budgetTo !== undefined ? { budgetTo } : {}),
    districtIds: ids(many(params.d)).slice(0, LOOKHOUSE_DISTRICTS_MAX),
    ...(whole(one(params.st), 2_147_483_647) ? { stationId: whole(one(params.st), 2_147_483_647)! } : {}),
    rooms: ids(many(params.l)).filter((n) => n <= 4),
    needs: LOOKHOUSE_NEEDS.filter((n) => list(many(params.n)).includes(n)),
    ...(deal === 'rent' && moveIn && /^\d{4}-\d{2}-\d{2}$/.test(moveIn) ? { moveIn } : {}),
  };
}

/** The query string of the answers, in one order (so one set of answers is one address). */
export function lookhouseQuery(a: LookhouseAnswers): string {
  const q = new URLSearchParams({ deal: a.deal });
  if (a.budgetFrom !== undefined) q.set('bf', String(a.budgetFrom));
  if (a.budgetTo !== undefined) q.set('bt', String(a.budgetTo));
  if (a.districtIds.length) q.set('d', a.districtIds.join(','));
  if (a.stationId !== undefined) q.set('st', String(a.stationId));
  if (a.rooms.length) q.set('l', a.rooms.join(','));
  if (a.needs.length) q.set('n', a.needs.join(','));
  if (a.moveIn) q.set('mi', a.moveIn);
  return q.toString().replaceAll('%2C', ',');
}

/** The backend request of the answers in a city. */
export const toLookhouseRequest = (cityCode: string, a: LookhouseAnswers): LookhouseRequest => ({
  cityCode,
  deal: a.deal,
  ...(a.budgetFrom !== undefined ? { budgetFrom: a.budgetFrom } : {}),
  ...(a.budgetTo !== undefined ? { budgetTo: a.budgetTo } : {}),
  ...(a.districtIds.length ? { districtIds: a.districtIds } : {}),
  ...(a.stationId !== undefined ? { stationId: a.stationId } : {}),
  ...(a.rooms.length ? { rooms: a.rooms } : {}),
  ...(a.needs.length ? { needs: a.needs } : {}),
  ...(a.moveIn ? { moveIn: a.moveIn } : {}),
});

/**
 * The channel list with the same answers, as far as its filters say them (the path codec): the budget as 自定义
 * price bounds, one district, rooms, 近地铁 and 随时看房 as tags, 电梯. Several districts or a commute point have no
 * list filter; the list then shows the whole city for them.
 */
export function lookhouseListPath(a: LookhouseAnswers): string {
  const channel = a.deal === 'buy' ? CHANNELS.esf : CHANNELS.rent;
  const [from, to] = a.deal === 'buy' ? ['priceFrom', 'priceTo'] : ['rentFrom', 'rentTo'];
  // Tag codes by their option's position (contracts/residential.ts ESF and RENT `tag`).
  const tagCodes = a.deal === 'buy' ? { subway: 3, viewing: 4 } : { subway: 1, viewing: 2 };
  const tags = a.needs.flatMap((n) => (n === 'subway' || n === 'viewing' ? [tagCodes[n]] : []));
  const filters: Record<string, number[]> = {
    ...(a.budgetFrom !== undefined ? { [from]: [a.budgetFrom] } : {}),
    ...(a.budgetTo !== undefined ? { [to]: [a.budgetTo] } : {}),
    // 四室及以上: 二手房 counts four, five and more apart.
    ...(a.rooms.length ? { rooms: a.deal === 'buy' ? a.rooms.flatMap((r) => (r === 4 ? [4, 5, 6] : [r])) : a.rooms } : {}),
    ...(tags.length ? { tag: tags } : {}),
    ...(a.needs.includes('elevator') ? { elevator: [1] } : {}),
  };
  return formatListPath(channel, {
    ...(a.districtIds.length === 1 ? { districtId: a.districtIds[0] } : {}),
    filters,
  });
}
