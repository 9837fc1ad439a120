/**
 * The strings of a list page's own islands: 订阅's button (我的订阅 and 优居找房助手's messages in the chat are ./alert-messages.ts) and a filter
 * row's own range. Apart from the detail islands' (./listing-messages.ts), so that neither page's first load carries
 * the other's (docs/performance.md "First-load JavaScript"). lib/messages.ts spreads this object in too; a client module reads them from here.
 */
export const listMessages = {
  /** 订阅 on a list page (components/alerts/subscribe-button.tsx); 我的订阅 and the chat's are ./alert-messages.ts. */
  subscribe: {
    subscribe: '订阅',
    subscribed: '已订阅',
    hint: '有新房源符合条件时，优居找房助手会在消息中通知您',
    toMine: '查看我的订阅',
    failed: '操作失败，请稍后再试',
  },

  // A list row's own range (components/listing/range-form.tsx): 自定义价格 / 面积 / 租金.
  rangeForm: {
    from: (row: string) => `${row}最低`,
    to: (row: string) => `${row}最高`,
    submit: '确定',
    empty: '请填写最低或最高值',
    bad: (max: number) => `请输入1至${max}的整数`,
  },
} as const;
