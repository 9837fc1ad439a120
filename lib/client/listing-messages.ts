/**
 * The strings of the list and detail pages' own client islands (关注, 预约看房, the photo
 * viewer; the list's 订阅 and a row's own range are ./list-messages.ts): apart from lib/client/messages.ts, which every page's first load carries (the home
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
} as const;
