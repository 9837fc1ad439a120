import { homeDealOf } from './channel-sections';
import { UPLOAD_MAX_FILES } from './constants';

/**
 * The entrust form's choices, bounds, messages and cross-field rules without zod: the backend's schemas
 * (contracts/entrust.ts, which re-exports all of this) and the page's own check in the browser share them, and
 * no schema library reaches the browser bundle.
 */

/** contracts/channels.ts businessType: 1 二手房 (我要卖房), 2 租房 (我要出租). */
export const ENTRUST_BUSINESS_TYPES = [1, 2] as const;
export type EntrustBusinessType = (typeof ENTRUST_BUSINESS_TYPES)[number];

/**
 * entrusts.status: 审核中 until an operator accepts it (`npm run ops -- entrust accept`), 已发布 while its listing is
 * on the site, 已下架 once the owner took it down, 已成交 once an operator marked it sold, 已撤回 when the owner
 * withdrew it before it was published. The one list of them: the backend's schema types the column with it and builds
 * its one-open-entrust index from ENTRUST_OPEN_STATUSES.
 */
export const ENTRUST_STATUSES = { REVIEWING: 1, PUBLISHED: 2, OFFLINE: 3, SOLD: 4, WITHDRAWN: 5 } as const;
export type EntrustStatus = (typeof ENTRUST_STATUSES)[keyof typeof ENTRUST_STATUSES];
/** An entrust still open (审核中 or 已发布): a second submission of the same flat is refused. */
export const ENTRUST_OPEN_STATUSES = [ENTRUST_STATUSES.REVIEWING, ENTRUST_STATUSES.PUBLISHED] as const;
export const ENTRUST_STATUS_NAMES: Record<number, string> = { 1: '审核中', 2: '已发布', 3: '已下架', 4: '已成交', 5: '已撤回' };

/** The choices the form offers; the seed's homes use the same words. */
export const ENTRUST_ORIENTATIONS = ['南北', '南', '东南', '西南', '东', '西', '东西', '北'] as const;
export const ENTRUST_DECORATIONS = ['精装', '简装', '毛坯'] as const;
export const ENTRUST_PAYMENTS = ['押一付三', '押一付一', '押二付一', '押一付二', '半年付', '年付'] as const;
/**
 * What a rental has (配套设施), in the order its detail page lists them: the owner ticks them on 我要出租, the listing
 * shows each as present or absent. The backend's rent channel reads the list from here.
 */
export const RENT_FACILITIES = [
  '洗衣机',
  '空调',
  '冰箱',
  '热水器',
  '宽带',
  '床',
  '衣柜',
  '沙发',
  '燃气',
  '暖气',
  '电视',
  '可做饭',
] as const;
export type RentFacility = (typeof RENT_FACILITIES)[number];
/** 1 整租, 2 合租 (rentals.rentType). */
export const ENTRUST_RENT_TYPES = [1, 2] as const;

/**
 * Bounds of the form's numbers. Area, price and the price per ㎡ are bounded on their own (no home of 5 ㎡ sells
 * for 100000万), and the price per ㎡ again against the community's reference (ENTRUST_PRICE_BAND).
 */
export const ENTRUST_LIMITS = {
  /** ㎡: a room of a shared flat (合租) may be small; a home for sale is at least sellAreaMin. */
  areaMin: 5,
  sellAreaMin: 15,
  areaMax: 1000,
  roomsMax: 9,
  floorMin: -3,
  floorMax: 99,
  /** 万元, two decimals at most. */
  sellPriceMin: 10,
  sellPriceMax: 30_000,
  /** 元/㎡ of a sale (total ÷ area). */
  sellUnitPriceMin: 1_000,
  sellUnitPriceMax: 300_000,
  /** 元/月, whole yuan. */
  rentPriceMin: 300,
  rentPriceMax: 300_000,
  /** 元/㎡ a month of a rental (rent ÷ area). */
  rentUnitPriceMin: 2,
  rentUnitPriceMax: 1_000,
  photosMin: 1,
  photosMax: UPLOAD_MAX_FILES,
  brandsMax: 5,
  addressMax: 10,
  contactMax: 20,
  descriptionMax: 500,
} as const;

export const ENTRUST_PAGE_SIZE = 10;
export const ENTRUST_MAX_PAGE = 9999;
/** Entrusts a user may submit (new or edited) per hour. */
export const ENTRUST_SUBMIT_LIMIT = 10;
export const ENTRUST_WITHDRAW_LIMIT = 30;

/** Answers' messages (HTTP 400 and 409). */
export const ENTRUST_MESSAGES = {
  duplicate: '该房屋已在委托中，请在委托管理中查看',
  notEditable: '已发布或已成交的委托不能修改',
  notWithdrawable: '只有审核中的委托可以撤回，已发布的房源请在房源管理中下架',
  community: '请选择小区',
  brands: '请选择要委托的经纪公司',
  brandNotServing: '所选经纪公司不服务该小区',
  photosMin: '请至少上传1张房源照片',
  photosNotOwn: '照片须为本人上传',
  floor: '所在楼层不能高于总楼层',
  area: `建筑面积须在${ENTRUST_LIMITS.areaMin}-${ENTRUST_LIMITS.areaMax}㎡之间，最多两位小数`,
  sellArea: `出售房屋的建筑面积须在${ENTRUST_LIMITS.sellAreaMin}-${ENTRUST_LIMITS.areaMax}㎡之间，最多两位小数`,
  sellPrice: `期望售价须为${ENTRUST_LIMITS.sellPriceMin}-${ENTRUST_LIMITS.sellPriceMax}万元，最多两位小数`,
  rentPrice: `期望租金须为${ENTRUST_LIMITS.rentPriceMin}-${ENTRUST_LIMITS.rentPriceMax}元/月的整数`,
  sellUnitPrice: `单价（售价÷面积）须在${ENTRUST_LIMITS.sellUnitPriceMin}-${ENTRUST_LIMITS.sellUnitPriceMax}元/㎡之间，请核对面积和售价`,
  rentUnitPrice: `每平方米月租（租金÷面积）须在${ENTRUST_LIMITS.rentUnitPriceMin}-${ENTRUST_LIMITS.rentUnitPriceMax}元之间，请核对面积和租金`,
  rentFields: '出租须选择出租方式和付款方式',
  facilities: '配套设施只能从列出的项目中选择，且不重复',
  contact: `联系人须为1-${ENTRUST_LIMITS.contactMax}个字`,
  address: `楼栋、门牌须为1-${ENTRUST_LIMITS.addressMax}个字`,
} as const;

/** The cross-field rules of the form (the backend and the page's own check share them). */
/** Exactly `x` written with at most `decimals` decimals: 560.5 is, 1e-9 and 560.000000001 are not (no tolerance). */
export const hasDecimals = (x: number, decimals: number) => Number.isFinite(x) && Number(x.toFixed(decimals)) === x;

export interface EntrustProblem {
  path: string;
  message: string;
}

/** 元/㎡ of a sale (price in 万元), or 元/㎡ a month of a rental (price 元/月), as the listing will show it. */
export const entrustUnitPrice = (businessType: number, price: number, area: number) =>
  homeDealOf(businessType) === 'sale' ? Math.round((price * 10_000) / area) : Math.round((price / area) * 10) / 10;

/**
 * Area, price and price per ㎡ on their own, without the community (the form can check these before sending).
 * The same bounds are checked again when an operator publishes (backend/src/modules/house/publish.ts).
 */
export function entrustBoundsProblem(input: { businessType: number; area: number; price: number }): EntrustProblem | null {
  const L = ENTRUST_LIMITS;
  const sale = homeDealOf(input.businessType) === 'sale';
  if (!(input.area >= (sale ? L.sellAreaMin : L.areaMin) && input.area <= L.areaMax && hasDecimals(input.area, 2)))
    return { path: 'area', message: sale ? ENTRUST_MESSAGES.sellArea : ENTRUST_MESSAGES.area };
  if (sale) {
    if (!(input.price >= L.sellPriceMin && input.price <= L.sellPriceMax && hasDecimals(input.price, 2)))
      return { path: 'price', message: ENTRUST_MESSAGES.sellPrice };
    const unit = entrustUnitPrice(1, input.price, input.area);
    if (unit < L.sellUnitPriceMin || unit > L.sellUnitPriceMax) return { path: 'price', message: ENTRUST_MESSAGES.sellUnitPrice };
  } else {
    if (!(Number.isInteger(input.price) && input.price >= L.rentPriceMin && input.price <= L.rentPriceMax))
      return { path: 'price', message: ENTRUST_MESSAGES.rentPrice };
    const unit = input.price / input.area;
    if (unit < L.rentUnitPriceMin || unit > L.rentUnitPriceMax) return { path: 'price', message: ENTRUST_MESSAGES.rentUnitPrice };
  }
  return null;
}

/**
 * The band the price per ㎡ must keep around the community's reference (communities.avgPrice 元/㎡ for a sale,
 * communities.avgRent 元/㎡ a month for a whole flat to let): 0.3× to 3×, wide enough for every seeded home
 * (backend/test/price-band.test.ts walks them) and narrow enough that a typo of a digit or two stands out.
 */
export const ENTRUST_PRICE_BAND = { low: 0.3, high: 3 } as const;
/** A room of a shared flat (合租) lets for more per ㎡ than a whole flat: kitchen and living room come with it. */
export const SHARED_ROOM_PREMIUM = 1.7;

export interface CommunityReference {
  /** 元/㎡; 0 when the community has none. */
  avgPrice: number;
  /** 元/㎡ a month of a whole flat; 0 when the community has none. */
  avgRent: number;
}

/** The allowed price per ㎡ of a home in the community, or null when the community has no reference. */
export function referenceBand(
  input: { businessType: number; rentType?: number | null },
  reference: CommunityReference,
): { reference: number; low: number; high: number } | null {
  const sale = homeDealOf(input.businessType) === 'sale';
  const base = sale ? reference.avgPrice : reference.avgRent * (input.rentType === 2 ? SHARED_ROOM_PREMIUM : 1);
  if (!(base > 0)) return null;
  const round = (x: number) => (sale ? Math.round(x) : Math.round(x * 10) / 10);
  return { reference: round(base), low: round(base * ENTRUST_PRICE_BAND.low), high: round(base * ENTRUST_PRICE_BAND.high) };
}

/** The price per ㎡ against the community's reference: a problem of `price` when outside the band. */
export function referenceBandProblem(
  input: { businessType: number; area: number; price: number; rentType?: number | null },
  reference: CommunityReference,
): EntrustProblem | null {
  const band = referenceBand(input, reference);
  if (!band || !(input.area > 0)) return null;
  const unit = entrustUnitPrice(input.businessType, input.price, input.area);
  if (unit >= band.low && unit <= band.high) return null;
  const message =
    homeDealOf(input.businessType) === 'sale'
      ? `单价约${unit}元/㎡，与小区参考均价${band.reference}元/㎡相差过大（应在${band.low}-${band.high}元/㎡之间），请核对面积和售价`
      : `每平方米月租约${unit}元，与小区参考租金${band.reference}元/㎡·月相差过大（应在${band.low}-${band.high}元之间），请核对面积和租金`;
  return { path: 'price', message };
}

export function entrustFormProblem(input: {
  businessType: number;
  floor: number;
  totalFloors: number;
  price: number;
  area?: number;
  rentType?: number;
  payment?: string;
  facilities?: readonly string[];
}): EntrustProblem | null {
  if (input.area !== undefined && !hasDecimals(input.area, 2)) return { path: 'area', message: ENTRUST_MESSAGES.area };
  if (input.floor > input.totalFloors || input.floor === 0) return { path: 'floor', message: ENTRUST_MESSAGES.floor };
  if (input.area !== undefined) {
    const bounds = entrustBoundsProblem({ businessType: input.businessType, area: input.area, price: input.price });
    if (bounds) return bounds;
  }
  if (homeDealOf(input.businessType) === 'sale') {
    if (!(
      input.price >= ENTRUST_LIMITS.sellPriceMin &&
      input.price <= ENTRUST_LIMITS.sellPriceMax &&
      hasDecimals(input.price, 2)
    ))
      return { path: 'price', message: ENTRUST_MESSAGES.sellPrice };
    if (input.rentType !== undefined || input.payment !== undefined)
      return { path: 'rentType', message: 'rentType and payment are for a rental only' };
    if (input.facilities && input.facilities.length > 0)
      return { path: 'facilities', message: 'facilities are for a rental only' };
  } else {
    if (!(
      Number.isInteger(input.price) &&
      input.price >= ENTRUST_LIMITS.rentPriceMin &&
      input.price <= ENTRUST_LIMITS.rentPriceMax
    ))
      return { path: 'price', message: ENTRUST_MESSAGES.rentPrice };
    if (input.rentType === undefined || input.payment === undefined)
      return { path: 'rentType', message: ENTRUST_MESSAGES.rentFields };
    const known: readonly string[] = RENT_FACILITIES;
    const facilities = input.facilities ?? [];
    if (facilities.some((f) => !known.includes(f)) || new Set(facilities).size !== facilities.length)
      return { path: 'facilities', message: ENTRUST_MESSAGES.facilities };
  }
  return null;
}
