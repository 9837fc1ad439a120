/**
 * The strings of the list and detail pages' own client islands (订阅 and 优居找房助手's messages, 关注, 预约看房, the photo
 * viewer, a filter row's own range): apart from lib/client/messages.ts, which every page's first load carries (the home
 * and login load none of these). lib/messages.ts spreads this object in too, so server code keeps reading `messages.x`;
 * a client module reads them from here, never from lib/messages.ts (tests/unit/messages.test.ts).
 */
export const listingMessages = {
  /** 相册's photo viewer (components/project/photo-viewer.tsx). */
  projectViewer: {
    viewerLabel: '查看大图',
    prev: '上一张',
    next: '下一张',
    close: '关闭',
    position: (n: number, total: number) => `${n}/${total}`,
  },
  /** 预约看房: the detail page's button and dialog, 看房记录's cancel (components/viewing/). */
  viewingForm: {
    book: '预约看房',
    checking: '请稍候…',
    title: '预约看房',
    dateLabel: '看房日期',
    slotLabel: '看房时段',
    slots: { 1: '上午', 2: '下午', 3: '晚上' } as Record<number, string>,
    today: '今天',
    tomorrow: '明天',
    weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
    nameLabel: '联系人',
    namePlaceholder: '您的称呼，如 王女士',
    mobileLabel: '手机号',
    mobilePlaceholder: '不填则使用账号绑定的手机号',
    pickDate: '请选择看房日期',
    pickSlot: '请选择看房时段',
    nameRequired: '请填写联系人',
    nameTooLong: (max: number) => `联系人不能超过${max}个字`,
    badMobile: '请输入正确的11位手机号',
    submit: '提交预约',
    submitting: '提交中…',
    cancelDialog: '取消',
    close: '关闭',
    success: '预约成功，经纪人确认后会与您联系。',
    toRecords: '查看看房记录',
    failed: '预约失败，请稍后再试',
    cancel: '取消预约',
    cancelling: '取消中…',
    confirmCancel: '确定取消这次看房预约吗？',
    cancelFailed: '取消失败，请稍后再试',
  },
  /** 关注 on a second-hand or rental detail page (components/engage/follow-button.tsx). */
  follow: {
    follow: '关注',
    followed: '已关注',
    unfollow: '取消关注',
    followers: (n: number) => `${n}人关注`,
  },
  /** 订阅 on a list page, 我的订阅 in the personal centre, 优居找房助手's messages in the chat (contracts/alerts.ts). */
  alerts: {
    subscribe: '订阅',
    subscribed: '已订阅',
    hint: '有新房源符合条件时，优居找房助手会在消息中通知您',
    toMine: '查看我的订阅',
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
    failed: '操作失败，请稍后再试',
    assistantNote: '优居找房助手只发送提醒，不能回复。订阅可在“我的订阅”中管理。',
    preview: { 301: '[新房源提醒]', 302: '[关注房源变动]' } as Record<number, string>,
    oldPrice: '原价',
    newPrice: '现价',
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
