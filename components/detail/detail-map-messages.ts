/**
 * The detail map's strings that show before the section nears the viewport (the title, the frame, the waiting and
 * loading words): rendered on the server (./detail-map.tsx), and read again by the map's body when it loads. The
 * nearby list's come with its code (detail-map-nearby-messages.ts).
 */
export const detailMapMessages = {
  title: '位置及周边',
  mapLabel: (name: string) => `${name}的位置地图`,
  loading: '正在加载周边…',
  waiting: '滚动到这里时显示地图和周边',
} as const;
