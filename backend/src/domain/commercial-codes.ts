/**
 * The codes of the 商铺 and 写字楼 columns (shops.shop_type, offices.grade, shops.suitable_trades): the list calls
 * filter by them (contracts/commercial-filters.ts names them in the same order) and the seed writes them.
 */

/** shops.shop_type (the lx filter). */
export const SHOP_TYPE = { RESIDENTIAL_BASE: 1, STREET: 2, MALL: 3, FRONTAGE: 4, OFFICE_PODIUM: 5 } as const;
export type ShopType = (typeof SHOP_TYPE)[keyof typeof SHOP_TYPE];
export const SHOP_TYPE_OPTIONS: { code: ShopType; label: string }[] = [
  { code: SHOP_TYPE.RESIDENTIAL_BASE, label: '住宅底商' },
  { code: SHOP_TYPE.STREET, label: '商业街' },
  { code: SHOP_TYPE.MALL, label: '购物中心' },
  { code: SHOP_TYPE.FRONTAGE, label: '临街门面' },
  { code: SHOP_TYPE.OFFICE_PODIUM, label: '写字楼配套' },
];

/** offices.grade (the jb filter). */
export const OFFICE_GRADE = { A: 1, B: 2, C: 3 } as const;
export type OfficeGrade = (typeof OFFICE_GRADE)[keyof typeof OFFICE_GRADE];
export const OFFICE_GRADE_OPTIONS: { code: OfficeGrade; label: string }[] = [
  { code: OFFICE_GRADE.A, label: '甲级' },
  { code: OFFICE_GRADE.B, label: '乙级' },
  { code: OFFICE_GRADE.C, label: '丙级' },
];

/** 适合经营 (shops.suitable_trades): the trades a shop is let or sold for. */
export const SHOP_TRADES = [
  '餐饮',
  '零售',
  '美容美发',
  '教育培训',
  '便利超市',
  '服装鞋包',
  '生鲜果蔬',
  '药店',
  '咖啡茶饮',
  '健身',
  '休闲娱乐',
  '母婴',
] as const;
export type ShopTrade = (typeof SHOP_TRADES)[number];
