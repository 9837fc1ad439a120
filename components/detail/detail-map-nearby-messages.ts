/** The nearby list's strings (detail-map-body.tsx), loaded with it when the section nears the viewport. */
export const detailMapNearbyMessages = {
  failed: '周边信息加载失败，请稍后再试',
  retry: '重试',
  intro: (radius: number) => `直线距离${radius / 1000}公里内，由近及远`,
  kinds: { stations: '地铁站', schools: '学校', hospitals: '医院', shopping: '购物' },
  empty: { stations: '附近暂无地铁站', schools: '附近暂无学校', hospitals: '附近暂无医院', shopping: '附近暂无商场' },
  lines: (lines: string[]) => lines.join('、'),
  /** `850米`, `1.2公里`: as 周边 says it. */
  distance: (metres: number) => (metres < 1000 ? `${metres}米` : `${(metres / 1000).toFixed(1)}公里`),
  more: (n: number) => `另有${n}处`,
} as const;
