/** The detail map's strings: the detail pages' client code carries only these, not the whole messages file. */
export const detailMapMessages = {
  title: '位置及周边',
  mapLabel: (name: string) => `${name}的位置地图`,
  loading: '正在加载周边…',
  failed: '周边信息加载失败，请稍后再试',
  retry: '重试',
  waiting: '滚动到这里时显示地图和周边',
  intro: (radius: number) => `直线距离${radius / 1000}公里内，由近及远`,
  kinds: { stations: '地铁站', schools: '学校', hospitals: '医院', shopping: '购物' },
  empty: { stations: '附近暂无地铁站', schools: '附近暂无学校', hospitals: '附近暂无医院', shopping: '附近暂无商场' },
  lines: (lines: string[]) => lines.join('、'),
  /** `850米`, `1.2公里`: as 周边 says it. */
  distance: (metres: number) => (metres < 1000 ? `${metres}米` : `${(metres / 1000).toFixed(1)}公里`),
  more: (n: number) => `另有${n}处`,
} as const;
