import { z } from 'zod';
import { cityCodeField } from './city';
import { id, int } from './fields';

/**
 * 帮我找房 (spec §2 /lookhouse, /lookhouse/opts, /lookhouse/result): a visitor's answers to a short questionnaire,
 * and the real listings that fit them best, with the answers each one meets. The answers are the pages' query
 * (lib/lookhouse/lookhouse-query.ts) and this request alike.
 */

/** 买房 looks among 二手房 and 新房, 租房 among rentals. */
export const LOOKHOUSE_DEALS = ['buy', 'rent'] as const;
export type LookhouseDeal = (typeof LOOKHOUSE_DEALS)[number];

/**
 * Must-haves: 近地铁 (a station within 1 km on foot), 电梯, 随时看房, and for a rent 随时入住 (or by the move-in day).
 * 学区 is not offered: the portal holds no school data to answer it truthfully.
 */
export const LOOKHOUSE_NEEDS = ['subway', 'elevator', 'viewing'] as const;
export type LookhouseNeed = (typeof LOOKHOUSE_NEEDS)[number];

/** Walking metres that make a home 近地铁 for the questionnaire (the seed's 近地铁 tag uses the same kilometre). */
export const LOOKHOUSE_SUBWAY_METRES = 1000;
/** How many homes a result lists. */
export const LOOKHOUSE_RESULT_MAX = 20;
/** The most districts one may choose. */
export const LOOKHOUSE_DISTRICTS_MAX = 5;
/** Budget bounds: 万元 for 买房, 元/月 for 租房. */
export const LOOKHOUSE_BUDGET_MAX = { buy: 100_000, rent: 999_999 } as const;

const idList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
    z.array(id()).max(max),
  );
const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(z.enum(values, { message: '没有这个选项' })).max(values.length),
  );

export const lookhouseRequestSchema = z
  .strictObject({
    cityCode: cityCodeField(),
    deal: z.enum(LOOKHOUSE_DEALS, { message: '请选择买房或租房' }),
    /** Budget, 万元 (buy) or 元/月 (rent); either end may be absent. */
    budgetFrom: int(0, LOOKHOUSE_BUDGET_MAX.rent).optional(),
    budgetTo: int(1, LOOKHOUSE_BUDGET_MAX.rent).optional(),
    districtIds: idList(LOOKHOUSE_DISTRICTS_MAX).optional(),
    /** The commute point: a subway station of the city; results are ranked nearer first among equals. */
    stationId: id().optional(),
    /** Bedrooms wanted: 1–4, 4 meaning four or more. */
    rooms: z
      .preprocess(
        (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
        z.array(int(1, 4)).max(4),
      )
      .optional(),
    needs: enumList(LOOKHOUSE_NEEDS).optional(),
    /** 租房: the day one wants to move in (YYYY-MM-DD): a rental free by then fits. */
    moveIn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '入住日期格式为 年-月-日')
      .optional(),
  })
  .refine((r) => r.budgetFrom === undefined || r.budgetTo === undefined || r.budgetFrom <= r.budgetTo, {
    message: '最低预算不能高于最高预算',
    path: ['budgetFrom'],
  })
  .refine((r) => r.deal === 'rent' || (r.budgetTo ?? 0) <= LOOKHOUSE_BUDGET_MAX.buy, {
    message: '预算超出范围',
    path: ['budgetTo'],
  });
export type LookhouseRequest = z.infer<typeof lookhouseRequestSchema>;

/** Which answer a home meets: the web names each (lib/messages.ts lookhouse.meets). */
export const LOOKHOUSE_MEETS = ['budget', 'district', 'rooms', 'subway', 'elevator', 'viewing', 'moveIn'] as const;
export type LookhouseMeet = (typeof LOOKHOUSE_MEETS)[number];

export const lookhouseItemSchema = z.object({
  /** 'esf' 二手房, 'new' 新房, 'rent' 租房: the channel whose detail page it is. */
  channel: z.enum(['esf', 'new', 'rent']),
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  districtName: z.string(),
  /** 万元 (二手房), 元/月 (租房); a 新房 project's cheapest layout, null while 价格待定. */
  price: z.number().nullable(),
  /** ㎡; null for a project. */
  area: z.number().nullable(),
  rooms: z.number().int().nullable(),
  /** The answers it meets, in LOOKHOUSE_MEETS order; and those it does not. */
  meets: z.array(z.enum(LOOKHOUSE_MEETS)),
  misses: z.array(z.enum(LOOKHOUSE_MEETS)),
  /** Straight-line metres from the commute point, when one was given. */
  distance: z.number().int().nullable(),
});
export type LookhouseItem = z.infer<typeof lookhouseItemSchema>;

export const lookhouseResultSchema = z.object({
  /** How many homes fit the budget and districts (the hard answers), before ranking. */
  total: z.number().int(),
  list: z.array(lookhouseItemSchema),
  /** The commute point's name, when one was given. */
  stationName: z.string().nullable(),
});
export type LookhouseResult = z.infer<typeof lookhouseResultSchema>;
