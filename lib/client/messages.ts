/**
 * The strings that client islands show (copy.md), and only those: this module is in the first-load JavaScript
 * of every page, while the rest of the catalogue (lib/messages.ts, ≈5.7 kB gzip) stays on the server (first-load JS: at most +25 kB gzip a route).
 * lib/messages.ts spreads this object into `messages`, so every string still has exactly one home and server
 * code keeps reading `messages.x` for all of them. A `'use client'` module, or anything it imports, reads
 * strings from here, never from lib/messages.ts (tests/unit/messages.test.ts walks the imports to check). The
 * strings of forms no first load carries (account, entrust, upload, reviews, 改价) are ./form-messages.ts, those of
 * the list and detail pages' own islands (订阅, 关注, 预约看房, the photo viewer, a row's range) ./listing-messages.ts, the
 * login form's (the login page, the personal centre's password form) ./login-messages.ts.
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

  // The 404 and 500 views (app/global-not-found.tsx, error.tsx).
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

  /**
   * 在线咨询: what every page shows before the widget loads (the dock's header, 在线咨询 buttons). The
   * widget's own strings load with it (lib/chat/chat-messages.ts): a visitor's first load stays as it was.
   */
  chat: {
    title: '在线咨询',
    messagesTab: '消息',
  },
  /** For the keyboard and screen readers: the skip link, and the names that tell a page's landmarks apart (WCAG 2.4.1). */
  a11y: {
    skipToMain: '跳到主要内容',
    mainNav: '主导航',
    breadcrumb: '当前位置',
    pagination: '分页',
  },
} as const;
