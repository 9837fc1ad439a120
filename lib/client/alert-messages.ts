import { listMessages } from './list-messages';

/**
 * 我的订阅 in the personal centre and 优居找房助手's messages in the chat: apart from the list's 订阅 button
 * (./list-messages.ts), so that a list page's first load carries only the button's words (docs/performance.md
 * "First-load JavaScript"). lib/messages.ts spreads this object in too; a client module reads them from here.
 */
export const alertMessages = {
  /** 我的订阅 in the personal centre, 优居找房助手's messages in the chat (contracts/alerts.ts). */
  alerts: {
    title: '我的订阅',
    intro: (max: number) => `保存搜索条件，有新房源时优居找房助手会在在线咨询中通知您（最多${max}个）。`,
    empty: '暂无订阅。在任意列表页点击“订阅”即可保存当前搜索条件。',
    newCount: (n: number) => (n > 0 ? `${n}套新房源` : '暂无新房源'),
    open: '查看列表',
    pause: '暂停提醒',
    resume: '恢复提醒',
    paused: '已暂停',
    remove: '删除',
    confirmRemove: '确定删除这个订阅吗？',
    count: (n: number, max: number) => `${n}/${max}`,
    turnOff: '关闭提醒',
    turnedOff: '已关闭提醒',
    unfollow: '取消关注',
    unfollowed: '已取消关注',
    digestTitle: (n: number) => `为您找到${n}套新房源`,
    more: (n: number) => `还有${n}套，查看全部`,
    events: { price_down: '降价', price_up: '涨价', sold: '已成交', offline: '已下架' } as Record<string, string>,
    priceLine: (from: string, to: string, percent: number) => `${from} → ${to}（${percent > 0 ? '+' : ''}${percent}%）`,
    failed: listMessages.subscribe.failed,
    assistantNote: '优居找房助手只发送提醒，不能回复。订阅可在“我的订阅”中管理。',
    preview: { 301: '[新房源提醒]', 302: '[关注房源变动]' } as Record<number, string>,
    oldPrice: '原价',
    newPrice: '现价',
  },
} as const;
