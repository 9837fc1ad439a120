/**
 * The photo viewer's strings (a detail's gallery and large view, 相册's viewer): apart from ./listing-messages.ts, since
 * a detail page's first load has none of them (the gallery's first render is the server's; docs/performance.md
 * "First-load JavaScript"). lib/messages.ts spreads this object in too; a client module reads them from here.
 */
export const photoMessages = {
  /** 相册's photo viewer (components/project/photo-viewer.tsx). */
  projectViewer: {
    viewerLabel: '查看大图',
    prev: '上一张',
    next: '下一张',
    close: '关闭',
    position: (n: number, total: number) => `${n}/${total}`,
  },
} as const;
