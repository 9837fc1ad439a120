/**
 * The strings that client islands show (copy.md), and only those: this module is in the first-load JavaScript
 * of every page, while the rest of the catalogue (lib/messages.ts, ≈5.7 kB gzip) stays on the server (first-load JS: at most +25 kB gzip a route).
 * lib/messages.ts spreads this object into `messages`, so every string still has exactly one home and server
 * code keeps reading `messages.x` for all of them. A `'use client'` module, or anything it imports, reads
 * strings from here, never from lib/messages.ts (tests/unit/messages.test.ts walks the imports to check). The
 * strings of forms no first load carries (account, entrust, upload, reviews, 改价) are ./form-messages.ts.
 */
export const BRAND = '优居';

export const messages = {
  brand: BRAND,
  /** Site title pattern (copy.md): `{城市名}找房 - 优居`; the 404 page sets it in the browser. */
  siteTitle: (city: string) => `${city}找房 - ${BRAND}`,
  /** The channels of contracts/channels.ts by code, as list headings, breadcrumbs and the header's logo name them. */
  channelNames: {
    esf: '二手房',
    new: '新房',
    rent: '租房',
    estate: '小区',
    shop_sale: '商铺出售',
    shop_rent: '商铺出租',
    offices_sale: '写字楼出售',
    offices_rent: '写字楼出租',
  },

  // The 404 and 500 views (app/not-found.tsx, error.tsx).
  notFound: '抱歉，您访问的页面不存在',
  countdown: (n: number) => `${n}秒后自动跳转`,
  serverBusy: '网络繁忙，请稍后再试',
  retry: '重试',
  backHome: '返回首页',

  // A listing's agent card: 拨打电话 asks for the number (components/detail/agent-call.tsx); spec §3 statuses.
  callAgent: '拨打电话',
  /** Under a virtual number (contracts/virtual-number.ts): what the line and the extension are, and for how long. */
  virtualNumberNote: (extension: string, days: number) =>
    `为保护经纪人隐私，此为虚拟号码：拨通后按提示输入分机号${extension}即可接通经纪人，${days}天内有效`,
  agentLeft: '经纪人已离职，请联系其他经纪人',
  agentUnreachable: '暂时无法联系，请联系其他经纪人',
  callAgentFailed: '网络繁忙，请稍后再试',

  // City picker and the located-city prompt.
  locatedCityPrompt: (city: string) => `当前定位城市为${city}，是否切换？`,
  switchConfirm: '切换',
  switchCancel: '取消',
  switched: '切换成功！',
  switchCancelled: '已取消切换',
  hotCities: '热门城市',
  allCities: '全部城市',
  pickCity: '切换城市',
  citiesLoading: '城市列表加载中…',
  /** The 关闭 (×) of the city picker's dialog and the chat panel. */
  closeDialog: '关闭',

  // Search box and its suggestion dropdown.
  suggestionSale: '售',
  suggestionRent: '租',
  searchPlaceholder: {
    esf: '请输入区域、商圈或小区名开始找房',
    new: '请输入楼盘名或地址',
    rent: '请输入区域、商圈或小区名开始找房',
    estate: '请输入小区名或地址',
    shop_sale: '请输入区域、商圈或商铺项目名',
    shop_rent: '请输入区域、商圈或商铺项目名',
    offices_sale: '请输入区域、商圈或写字楼名',
    offices_rent: '请输入区域、商圈或写字楼名',
  },
  search: '搜索',
  /** The home's search box: its channel choice and the banner tabs' name (spec §2 Home). */
  searchChannel: '搜索类别',
  bannerTabsLabel: '找房频道',
  /** The dropdown's name for screen readers (role=listbox). */
  suggestionsLabel: '搜索建议',

  // The header's user box.
  login: '登录',
  register: '注册',
  logout: '退出',

  backToTop: '回到顶部',

  // spec §9 relative time (lib/relative-time.ts): a review's time is written in the browser, at the moment it is read.
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n}分钟前`,
  today: '今天',
  yesterday: '昨天',

  // The login form.
  loginTabs: { sms: '验证码登录', password: '密码登录' },
  mobilePlaceholder: '请输入手机号',
  codePlaceholder: '请输入验证码',
  passwordPlaceholder: '请输入密码',
  getCode: '获取验证码',
  resendIn: (n: number) => `${n}秒后重新获取`,
  loginButton: '登录',
  /** The consent beside the login button: ticked before a code is sent or a login made; each document a link. */
  loginAgreement: { before: '我已阅读并同意', agreement: '《优居用户服务协议》', and: '和', privacy: '《隐私政策》' },
  mustAgree: '请先阅读并勾选同意《优居用户服务协议》和《隐私政策》',
  invalidMobile: '请输入正确的手机号',
  invalidCode: '请输入6位验证码',
  invalidPassword: '密码为6-32位',
  codeSent: '验证码已发送',

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
  /**
   * 在线咨询: what every page shows before the widget loads (the dock's header, 在线咨询 buttons). The
   * widget's own strings load with it (lib/chat/chat-messages.ts): a visitor's first load stays as it was.
   */
  chat: {
    title: '在线咨询',
    messagesTab: '消息',
  },
  // A list row's own range (components/listing/range-form.tsx): 自定义价格 / 面积 / 租金.
  rangeForm: {
    from: (row: string) => `${row}最低`,
    to: (row: string) => `${row}最高`,
    submit: '确定',
    empty: '请填写最低或最高值',
    bad: (max: number) => `请输入1至${max}的整数`,
  },
  /** For the keyboard and screen readers: the skip link, and the names that tell a page's landmarks apart (WCAG 2.4.1). */
  a11y: {
    skipToMain: '跳到主要内容',
    mainNav: '主导航',
    breadcrumb: '当前位置',
    pagination: '分页',
  },
} as const;
