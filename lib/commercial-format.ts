import type { CommercialListItem } from '@contracts/commercial';
import { formatTotalPrice } from './format';
import { messages } from './messages';

/**
 * How 商铺 and 写字楼 say their price and floor, in one place for the card, the detail page and the home block:
 * a sale is 总价 N万 · 单价 N元/㎡, a let is 月租 N元/月 · N元/㎡·天 (what tenants compare).
 */
const M = messages.commercial;

export interface CommercialPrice {
  /** The big figure and its unit: `573.3` `万`, or `17,820` `元/月`. */
  value: string;
  unit: string;
  /** The second line: `单价76,595元/㎡`, or `8.2元/㎡·天`. */
  detail: string;
}

export function commercialPrice(item: CommercialListItem): CommercialPrice {
  if (item.deal === 'sale') {
    return {
      value: formatTotalPrice(item.totalPrice),
      unit: M.wan,
      detail: `${M.unitPrice}${item.unitPrice.toLocaleString('en-US')}${M.yuanPerSqm}`,
    };
  }
  return { value: item.monthlyRent.toLocaleString('en-US'), unit: M.yuanPerMonth, detail: `${item.dailyRent}${M.yuanPerSqmDay}` };
}

/**
 * A shop shows its storey (`1层/共3层`, `地下1层`): the ground floor is worth most. An office shows low / middle /
 * high as the portals do (`高楼层/共52层`), not the exact floor.
 */
export function commercialFloor(item: Pick<CommercialListItem, 'kind' | 'floor' | 'totalFloors'>): string {
  if (item.floor < 0) return M.basement(-item.floor);
  if (item.kind === 'shop') return M.floorOf(`${item.floor}层`, item.totalFloors);
  const level =
    item.floor <= item.totalFloors / 3
      ? M.floorLevels.low
      : item.floor <= (item.totalFloors * 2) / 3
        ? M.floorLevels.middle
        : M.floorLevels.high;
  return M.floorOf(level, item.totalFloors);
}
