/** The map's strings (地图找房): only the map's chunk loads them, not every page's first-load JavaScript. */
export const mapMessages = {
  channels: { esf: '二手房', new: '新房', rent: '租房' },
  searchPlaceholder: '输入区域、商圈、小区或地铁站',
  count: (n: number, channel: 'esf' | 'new' | 'rent') => (channel === 'new' ? `${n}个楼盘` : `${n}套`),
  avgPrice: (v: number | null, channel: 'esf' | 'new' | 'rent') =>
    v === null ? '价格待定' : channel === 'rent' ? `${v}元/月` : `${(v / 10000).toFixed(1)}万/㎡`,
  saleStatus: { 1: '在售', 2: '待售', 3: '售罄' } as Record<number, string>,
  any: '不限',
  filterNames: { price: '总价', rent: '租金', rooms: '户型', area: '面积', unitPrice: '单价', totalPrice: '总价' } as Record<
    string,
    string
  >,
  draw: '画圈找房',
  drawHint: '在地图上依次点击画出区域，再点“完成”',
  drawDone: '完成',
  drawCancel: '取消',
  drawResult: (n: number) => `圈内共${n}套`,
  drawResultNew: (n: number) => `圈内共${n}个楼盘`,
  found: (n: number, channel: 'esf' | 'new' | 'rent') => (channel === 'new' ? `共${n}个楼盘` : `共找到${n}套`),
  close: '关闭',
  prev: '上一页',
  next: '下一页',
  empty: '暂无符合条件的房源',
  loading: '加载中…',
  failed: '加载失败，请稍后再试',
  zoomHint: (channel: 'esf' | 'new' | 'rent') => (channel === 'new' ? '放大地图查看楼盘' : '放大地图查看小区'),
  listTitle: '房源列表',
  chooser: '选择找房方式',
};
