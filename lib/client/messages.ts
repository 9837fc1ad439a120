/**
 * The strings that client islands show (copy.md), and only those: this module is in the first-load JavaScript
 * of every page, while the rest of the catalogue (lib/messages.ts, ≈5.7 kB gzip) stays on the server (first-load JS: at most +25 kB gzip a route).
 * lib/messages.ts spreads this object into `messages`, so every string still has exactly one home and server
 * code keeps reading `messages.x` for all of them. A `'use client'` module, or anything it imports, reads
 * strings from here, never from lib/messages.ts (tests/unit/messages.test.ts walks the imports to check).
 */
import { ACCOUNT_MESSAGES } from '@contracts/account-rules';

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

  /** 楼盘点评: the write form and its delete button (components/project/review-form.tsx). */
  reviews: {
    /** 总评 and the five parts, in the order of contracts/project-review.ts REVIEW_RATING_KEYS. */
    ratingLabels: {
      overall: '总评',
      location: '地段',
      transport: '交通',
      amenities: '配套',
      environment: '环境',
      value: '性价比',
    },
    stars: (n: number) => `${n}星`,
    starWords: ['', '很差', '较差', '一般', '不错', '很好'],
    pickStars: (label: string) => `请为${label}打分`,
    bodyLabel: '点评内容',
    bodyPlaceholder: '说说您对这个楼盘的看法：位置、交通、配套、环境、价格……',
    bodyCount: (n: number, max: number) => `${n}/${max}`,
    bodyLimits: (min: number, max: number) => `${min}-${max}个字`,
    tooShort: (min: number) => `点评内容至少${min}个字`,
    tooLong: (max: number) => `点评内容不能超过${max}个字`,
    submit: '发表点评',
    submitting: '提交中…',
    deleteMine: '删除我的点评',
    deleting: '删除中…',
    confirmDelete: '确定删除这条点评吗？删除后可以重新点评。',
  },
  /**
   * The personal centre's account forms (components/account/). The rules' own messages are the backend's
   * (contracts/account-rules.ts): the form and the answer say the same thing.
   */
  accountForms: {
    nicknameLabel: '昵称',
    nicknamePlaceholder: '请输入昵称',
    nicknameHint: '2-16个字，可用中文、字母、数字、下划线和短横线',
    nickname: ACCOUNT_MESSAGES.nickname,
    sexLabel: '性别',
    /** spec §3 values: `1` 男, `2` 女, empty 保密. */
    sexOptions: [
      { value: '1', label: '男' },
      { value: '2', label: '女' },
      { value: '', label: '保密' },
    ],
    save: '保存',
    saving: '保存中…',
    saved: '保存成功',
    proofTabs: { password: '验证当前密码', sms: '验证手机短信' },
    currentPasswordLabel: '当前密码',
    currentPasswordPlaceholder: '请输入当前密码',
    currentPasswordRequired: '请输入当前密码',
    codeLabel: '验证码',
    codeSentTo: (mobile: string) => `验证码将发送至${mobile}`,
    newPasswordLabel: '新密码',
    newPasswordPlaceholder: '请输入新密码',
    confirmPasswordLabel: '确认新密码',
    confirmPasswordPlaceholder: '请再次输入新密码',
    passwordRule: `密码规则：${ACCOUNT_MESSAGES.passwordRule}`,
    password: ACCOUNT_MESSAGES.password,
    mismatch: '两次输入的新密码不一致',
    submitChange: '确认修改',
    submitSet: '设置密码',
    submitting: '提交中…',
    changed: (ended: number) => (ended > 0 ? `密码已修改，其他${ended}处登录已退出` : '密码已修改'),
    set: '密码设置成功，现在可以使用手机号和密码登录',
  },
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
  /** Photos of a 楼盘 review: the 写点评 form's upload and the 点评 list's thumbnails. */
  reviewPhotos: {
    label: '上传图片',
    hint: (max: number, mb: number) => `选填，最多${max}张，支持jpg、jpeg、png格式，单张不超过${mb}MB`,
    open: (n: number) => `查看第${n}张点评图片原图`,
  },
  /** 我要卖房 / 我要出租 (components/entrust/*): the form, its draft and the 撤回 button of 委托管理. */
  entrustForm: {
    titles: { 1: '我要卖房', 2: '我要出租' } as Record<number, string>,
    editTitles: { 1: '修改卖房委托', 2: '修改出租委托' } as Record<number, string>,
    facilities: '配套设施',
    intro: {
      1: '填写房屋信息并委托经纪公司，审核通过后房源将在二手房频道发布。',
      2: '填写房屋信息并委托经纪公司，审核通过后房源将在租房频道发布。',
    } as Record<number, string>,
    sections: { house: '房屋信息', price: '价格与联系人', photos: '房源照片', brands: '委托经纪公司' },
    community: '所在小区',
    communityPlaceholder: '请输入小区名称',
    communityChosen: (name: string) => `已选择：${name}`,
    communityChange: '重新选择',
    communityNone: '没有找到该小区，请换个关键词',
    building: '楼栋',
    buildingPlaceholder: '如 3号楼',
    unit: '单元',
    unitPlaceholder: '如 2单元（选填）',
    room: '门牌',
    roomPlaceholder: '如 1201',
    area: '建筑面积',
    areaUnit: '㎡',
    layout: '户型',
    rooms: '室',
    halls: '厅',
    baths: '卫',
    floor: '所在楼层',
    totalFloors: '总楼层',
    floorUnit: '层',
    orientation: '朝向',
    decoration: '装修',
    choose: '请选择',
    sellPrice: '期望售价',
    sellPriceUnit: '万元',
    rentPrice: '期望租金',
    rentPriceUnit: '元/月',
    rentType: '出租方式',
    rentTypes: { 1: '整租', 2: '合租' } as Record<number, string>,
    payment: '付款方式',
    contactName: '联系人',
    description: '房源描述',
    descriptionPlaceholder: '介绍一下房子的亮点，如户型、采光、交通、配套（选填）',
    descriptionCount: (n: number, max: number) => `${n}/${max}`,
    brandsHint: '可多选，最多5家；经纪公司的经纪人会联系您核实房源',
    brandsPickCommunity: '请先选择小区，再选择经纪公司',
    brandsLoading: '正在查询服务该小区的经纪公司…',
    brandsNone: '该小区暂无可委托的经纪公司',
    brandsFailed: '经纪公司加载失败，请重试',
    brandAgents: (branch: string, n: number) => `${branch} · ${n}位经纪人`,
    aboutCompanies: '了解经纪公司',
    required: (label: string) => `请填写${label}`,
    pick: (label: string) => `请选择${label}`,
    // 至, not -: a range from a negative number (所在楼层须为-3至99) would read as a minus sign otherwise.
    wholeNumber: (label: string, min: number, max: number) => `${label}须为${min}至${max}的整数`,
    brandsMax: (n: number) => `最多委托${n}家经纪公司`,
    submit: '提交委托',
    resubmit: '保存并重新提交审核',
    submitting: '提交中…',
    failed: '提交失败，请稍后再试',
    fixErrors: '请按提示修改后再提交',
    draftRestored: '已恢复上次未提交的内容',
    clearDraft: '清空重填',
    manage: '委托管理',
    withdraw: '撤回',
    withdrawing: '撤回中…',
    confirmWithdraw: '确定撤回这条委托吗？撤回后可修改再次提交。',
    withdrawFailed: '撤回失败，请稍后再试',
    /** 委托管理 after a submit (components/entrust/entrust-submitted.tsx). */
    submitted: {
      new: '委托已提交，正在审核。审核通过后将发布为房源，所选经纪公司的经纪人会联系您核实房屋信息。',
      edit: '修改已提交，正在重新审核。审核通过后将按新的信息发布。',
    },
    dismiss: '知道了',
  },
  /** Photo upload (components/upload/photo-upload.tsx) and the avatar (components/personal/avatar-upload.tsx). */
  upload: {
    // copy.md, exactly.
    badFormat: (list: string) => `文件格式仅限${list}格式！`,
    tooLarge: (n: number) => `图片大小不能超过${n}MB！`,
    tooMany: (n: number) => `文件数量不能超过${n}`,
    notFinished: '图片未上传完成，请稍候...',
    failed: '上传失败',
    add: '上传图片',
    hint: (max: number, mb: number) => `最多${max}张，支持jpg、jpeg、png格式，单张不超过${mb}MB`,
    count: (n: number, max: number) => `${n}/${max}`,
    uploading: (percent: number) => `上传中 ${percent}%`,
    checking: '处理中…',
    moveLeft: '左移',
    moveRight: '右移',
    remove: '删除',
    retry: '重试',
    photoAlt: (n: number) => `第${n}张图片`,
    avatarTitle: '头像',
    avatarCurrent: '当前头像',
    avatarPick: '更换头像',
    avatarHint: '支持jpg、jpeg、png格式，不超过5MB',
    avatarSaved: '头像已更新',
  },
  /**
   * 在线咨询: what every page shows before the widget loads (the dock's header, 在线咨询 buttons). The
   * widget's own strings load with it (lib/chat/chat-messages.ts): a visitor's first load stays as it was.
   */
  chat: {
    title: '在线咨询',
    messagesTab: '消息',
  },
  /** Answers to input the forms reject before any call: an empty file, a name too long. */
  hardening: {
    // copy.md's 上传失败 with the reason: an empty file (0 bytes) is neither too large nor of a wrong format.
    emptyFile: '上传失败，文件为空',
  },
  /** 卖房管理 / 租房管理's 改价 dialog and 下架 (components/house/*). */
  houseManage: {
    changePrice: '修改价格',
    dialogTitle: '修改价格',
    current: '当前价格',
    newPrice: '新价格',
    units: { 1: '万元', 2: '元/月' } as Record<number, string>,
    hint: { 1: '以万元计，最多两位小数', 2: '以元/月计，整数' } as Record<number, string>,
    required: '请输入新价格',
    notNumber: '请输入数字',
    submit: '确认修改',
    submitting: '提交中…',
    cancel: '取消',
    close: '关闭',
    failed: '修改失败，请稍后再试',
    offline: '下架',
    offlining: '下架中…',
    confirmOffline: '确定下架这套房源吗？下架后房源将从网站上移除，未完成的看房预约会被取消。',
    offlineFailed: '下架失败，请稍后再试',
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
