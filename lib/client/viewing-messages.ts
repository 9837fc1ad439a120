/**
 * 预约看房's dialog and 看房记录's cancel: loaded with the dialog (components/viewing/viewing-dialog.tsx), not with the
 * detail page, whose first load has only the button's words (./listing-messages.ts `viewingButton`; docs/performance.md
 * "First-load JavaScript"). lib/messages.ts spreads this object in too; a client module reads them from here.
 */
export const viewingMessages = {
  /** 预约看房: the detail page's button and dialog, 看房记录's cancel (components/viewing/). */
  viewingForm: {
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
} as const;
