import { describe, expect, it } from 'vitest';
import type { CommercialListItem } from '@contracts/commercial';
import { commercialFloor, commercialPrice } from '@/lib/commercial-format';

const base = {
  id: 1,
  title: '',
  cityCode: '110000',
  projectName: '望京SOHO',
  districtName: '朝阳区',
  businessAreaName: '望京',
  address: '',
  area: 120,
  floor: 1,
  totalFloors: 3,
  decoration: '精装',
  tags: [],
  listedAt: '2026-11-01T00:00:00.000Z',
  coverUrl: '',
  nearestStation: null,
};
const shopSale = {
  ...base,
  kind: 'shop',
  shopType: 4,
  typeName: '临街门面',
  deal: 'sale',
  totalPrice: 1234.4,
  unitPrice: 102867,
} as CommercialListItem;
const officeRent = {
  ...base,
  kind: 'office',
  grade: 1,
  typeName: '甲级',
  workstations: 14,
  deal: 'rent',
  monthlyRent: 43200,
  dailyRent: 12,
  floor: 40,
  totalFloors: 45,
} as CommercialListItem;

describe('commercial price and floor words', () => {
  it('says a sale as 总价 万 and 单价 元/㎡, a let as 元/月 and 元/㎡·天', () => {
    expect(commercialPrice(shopSale)).toEqual({ value: '1234', unit: '万', detail: '单价102,867元/㎡' });
    expect(commercialPrice(officeRent)).toEqual({ value: '43,200', unit: '元/月', detail: '12元/㎡·天' });
  });

  it('gives a shop its storey and an office its level', () => {
    expect(commercialFloor(shopSale)).toBe('1层/共3层');
    expect(commercialFloor({ ...shopSale, floor: -1 })).toBe('地下1层');
    expect(commercialFloor(officeRent)).toBe('高楼层/共45层');
    expect(commercialFloor({ ...officeRent, floor: 10 })).toBe('低楼层/共45层');
    expect(commercialFloor({ ...officeRent, floor: 30 })).toBe('中楼层/共45层');
  });
});
