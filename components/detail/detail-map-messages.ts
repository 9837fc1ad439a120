/**
 * The detail map's strings that show before the section nears the viewport (the title, the frame, the waiting and
 * loading words): the detail pages' first load carries only these. The nearby list's come with its code
 * (detail-map-nearby-messages.ts).
 */
export const detailMapMessages = {
  title: '位置及周边',
  mapLabel: (name: string) => `${name}的位置地图`,
  loading: '正在加载周边…',
  waiting: '滚动到这里时显示地图和周边',
} as const;
