import { chatWidgetMessages } from './chat/chat-messages';
import type { ResidentialFilterKey } from '@contracts/residential';
import { BRAND, messages as clientMessages } from './client/messages';
import { alertMessages } from './client/alert-messages';
import { listMessages } from './client/list-messages';
import { formMessages } from './client/form-messages';
import { listingMessages } from './client/listing-messages';
import { loginMessages } from './client/login-messages';
import { photoMessages } from './client/photo-messages';
import { viewingMessages } from './client/viewing-messages';

/**
 * The ONE catalogue of interface strings (docs/behaviour.md "Copy"). Server code imports `messages` from here,
 * so a copy change is one edit and tests can assert the exact text. The strings client islands show live in
 * ./client/messages.ts, the client forms' in ./client/form-messages.ts, the list and detail islands' in
 * ./client/listing-messages.ts (the photo viewer's ./client/photo-messages.ts) and the list's in ./client/list-messages.ts, 预约看房's dialog in ./client/viewing-messages.ts, 我的订阅's in ./client/alert-messages.ts (all spread in below): a client
 * component that imported this whole table would put it in every page's first-load JavaScript.
 */
export { BRAND };

export const messages = {
  ...clientMessages,
  ...formMessages,
  ...listingMessages,
  ...loginMessages,
  ...photoMessages,
  ...listMessages,
  ...alertMessages,
  ...viewingMessages,
  /** The heading of 全部城市's second block: every city under the initial of its pinyin. */
  citiesByLetter: '按拼音首字母查找',
  titleSuffix: '找房',
  pageTitle: (page: string, city: string) => `${page} - ${city}找房 - ${BRAND}`,

  brandUpgrade: '优居品牌已全新升级，请访问新网站',
  visitNewSite: '访问新网站',

  /** The chat widget's own strings, which load with the widget. */
  chatWidget: chatWidgetMessages,
  tooManyChatImages: '一次最多发送9张图片',
  sensitiveWords: '包含敏感词',

  uploadBadFormat: (list: string) => `文件格式仅限${list}格式！`,
  uploadTooLarge: (n: number) => `图片大小不能超过${n}MB！`,
  uploadTooMany: (n: number) => `文件数量不能超过${n}`,
  uploadUnfinished: '图片未上传完成，请稍候...',
  uploadFailed: '上传失败',

  // Relative time (spec §9: justNow, minutesAgo, today, yesterday) is in ./client/messages.ts: review times render in the browser.

  phoneAgreed: '已同意',
  phoneRefused: '已拒绝',

  loginOrRegister: '登录/注册',
  owner: '我是业主',
  sellHome: '我要卖房',
  rentOutHome: '我要出租',
  downloadApp: '下载APP',
  mapSearch: '地图找房',

  menu: {
    index: '首页',
    ershoufang: '二手房',
    loupan: '新房',
    zufang: '租房',
    xiaoqu: '小区',
    sp: '商铺',
    xzl: '写字楼',
    news: '资讯',
    map: '地图找房',
  },
  bannerTabs: { esf: '二手房', new: '新房', rent: '租房', estate: '小区' },
  footerTabs: {
    hotCity: '热门城市',
    hotEsfCity: '热门二手房',
    hotNewCity: '热门新房',
    hotRentCity: '热门租房',
    outSideLink: '友情链接',
  },
  personalMenu: {
    account: '账户设置',
    sell: '卖房管理',
    rent: '租房管理',
    record: '看房记录',
    entrust: '委托管理',
    subscribe: '我的订阅',
  },
  newsCategories: {
    loushikuaixun: '楼市快讯',
    shichangzhengce: '市场政策',
    loupingdaogou: '楼盘导购',
    zhishifenxiang: '知识分享',
  },
  loupanSubPages: {
    dynamic: '楼盘动态',
    dongtai: '楼盘动态',
    xinxi: '楼盘信息',
    huxing: '户型',
    dianping: '点评',
    'dianping/add': '写点评',
    xiangce: '相册',
    zhoubian: '周边',
  },

  // Strings of our own screens that copy.md does not list (kept here so every string has one home).
  /** `共找到 90 个北京小区`: homes are counted in 套, communities in 个 (listWords). */
  resultCount: (n: number, city: string, channel: string, word = '套') => `共找到 ${n} ${word}${city}${channel}`,
  emptyList: '没有找到符合条件的房源，换个条件试试吧',
  clearFilters: '清空条件',
  /** An empty result of a keyword search says what was searched (`没有找到与“望京xyz”相关的二手房`). */
  emptyFor: (keyword: string, noun: string) => `没有找到与“${keyword}”相关的${noun}，换个条件试试吧`,
  /** The similar searches an empty result offers, each with what it finds. */
  similarSearches: '您可以试试',
  // The chosen conditions above a list's results (components/listing/chosen-conditions.tsx).
  chosenConditions: '已选条件',
  removeCondition: (label: string) => `删除条件：${label}`,
  chosenEstate: '已选小区',
  rangeAbove: '以上',
  rangeBelow: '以下',
  // A detail page's block of records like it (components/detail/similar-listings.tsx).
  similar: { homes: '相似房源', estates: '相似小区', projects: '相似楼盘' },
  /**
   * The filter bar's row names: places, then every residential filter by its declared key (contracts/residential.ts);
   * the type makes a declared filter without its name a compile error.
   */
  filterLabels: {
    district: '区域',
    subway: '地铁',
    unlimited: '不限',
    price: '价格',
    area: '面积',
    rooms: '房型',
    rentType: '方式',
    rent: '租金',
    unitPrice: '均价',
    totalPrice: '总价',
    saleStatus: '状态',
    propertyType: '类型',
    avgPrice: '均价',
    buildAge: '楼龄',
    elevator: '电梯',
    orientation: '朝向',
    floorLevel: '楼层',
    decoration: '装修',
    homeAge: '房龄',
    tag: '标签',
    priceCut: '降价',
    priceFrom: '最低价格',
    priceTo: '最高价格',
    rentFrom: '最低租金',
    rentTo: '最高租金',
    areaFrom: '最小面积',
    areaTo: '最大面积',
    more: '更多',
  } satisfies Record<'district' | 'subway' | 'unlimited' | 'more' | ResidentialFilterKey, string>,
  rentTypes: { 1: '整租', 2: '合租' } as Record<number, string>,
  rentUnit: '元/月',
  rentFacts: {
    rentType: '租赁方式',
    checkIn: '入住',
    leaseTerm: '租期',
    viewing: '看房',
    payment: '付款方式',
    deposit: '押金',
    utilities: '用水用电',
  },
  facilities: '配套设施',
  prevPage: '上一页',
  nextPage: '下一页',
  detailFacts: {
    layout: '户型',
    area: '面积',
    orientation: '朝向',
    floor: '楼层',
    decoration: '装修',
    buildYear: '年代',
    elevator: '电梯',
    listedAt: '挂牌时间',
    tags: '房源标签',
    propertyType: '房屋用途',
    ownership: '交易权属',
    ladderRatio: '梯户比例',
    heating: '供暖方式',
    listingNo: '房源编号',
  },
  /** The line under a listing's facts: its 房源核验码 and the links to check and to share it. */
  listingProof: { code: '房源核验码', check: '去核验', share: '分享房源' },
  hasElevator: '有',
  noElevator: '无',
  totalPriceUnit: '万',
  unitPriceUnit: '元/㎡',
  community: '小区',
  communityInfo: '小区信息',
  avgPrice: '参考均价',
  onSale: (n: number) => `在售${n}套`,
  agentCard: '经纪人',
  describe: '房源描述',
  homeStats: { esfCount: '在售二手房', communityCount: '小区', agentCount: '经纪人', avgUnitPrice: '二手房均价' },
  newestListings: '最新二手房',
  newestRentals: '最新租房',
  hotCommunities: '热门小区',
  viewMore: '查看更多',
  about: '关于优居',
  contactUs: '联系我们',
  agreement: '用户服务协议',
  privacy: '隐私政策',
  disclaimer: '本站房源信息由经纪机构及业主提供，仅供参考，请以实际交易为准。',
  /** spec §2 Footer "disclaimers per tab": what the links of each tab lead to, and how far to trust it. */
  footerDisclaimers: {
    hotCity: '各城市频道的房源、小区与资讯由当地经纪机构、业主及公开资料提供，各城市开通的频道不同，以城市站点实际展示为准。',
    hotEsfCity:
      '二手房房源由经纪机构及业主提供，价格、面积、楼层等仅供参考，以不动产权证书及实际成交为准；交易前请核实房屋权属及抵押情况。',
    hotNewCity: '新房楼盘的价格、户型、面积及交付时间来自开发商及公开资料，仅供参考，以政府备案信息及开发商最终公示为准。',
    hotRentCity:
      '租房房源由经纪机构及房东提供，租金与房屋状况以实地查看及租赁合同为准；签约前请核实出租人身份，勿提前向他人支付定金。',
    outSideLink: '友情链接指向第三方网站，其内容与服务由该网站负责，与优居无关；请自行判断其信息的可靠性。',
  },
  greeting: (hour: number) =>
    hour >= 5 && hour < 9
      ? '早上好'
      : hour >= 9 && hour < 12
        ? '上午好'
        : hour >= 12 && hour < 14
          ? '中午好'
          : hour >= 14 && hour < 18
            ? '下午好'
            : '晚上好',
  displayName: '昵称',
  mobile: '手机号',
  sorts: '排序',
  defaultSort: '默认排序',
  unknownCity: '暂未开通该城市，请选择其他城市',
  aboutPages: {
    '': {
      title: '关于优居',
      body: '优居是一家以城市为单位的房产信息平台，提供二手房、新房、租房、小区、商铺和写字楼信息，帮助每一位用户安心找到家。',
    },
    aboutuj: { title: '优居简介', body: '优居聚合真实房源与专业经纪人服务，覆盖全国主要城市。' },
    ujcontact: { title: '联系我们', body: '客服邮箱：service@youju.example · 工作时间：9:00-21:00' },
    ujculture: { title: '企业文化', body: '真实、专业、高效、温暖。' },
    ujevents: { title: '大事记', body: '2026年 优居品牌全新升级。' },
    agreement: {
      title: '用户服务协议',
      body: '使用优居即表示您同意：房源、小区与经纪人信息由经纪机构及业主提供，仅供参考，请以实际交易为准；您以手机号登录，账户仅供本人使用；请勿发布虚假房源或冒用他人信息，否则我们有权暂停相关账户。',
    },
    privacy: {
      title: '隐私政策',
      body: '我们收集的信息：登录手机号（仅您本人可见完整号码，页面展示为打码形式）、设置密码时的加密摘要（不保存明文）、短信验证码的加密摘要（5分钟内有效）、登录凭证（约30小时后失效，退出即作废）以及用于识别设备的随机编码。我们按访问IP判断您所在城市，用于推荐城市站点，不用于其他目的。',
    },
  },
  basicInfo: '基本信息',
  regionLabel: '区域',
  communityFacts: {
    buildYear: '建成年代',
    buildingType: '建筑类型',
    propertyFee: '物业费',
    developer: '开发商',
    onSale: '在售房源',
  },
  loginPromo: '真实房源 · 专业经纪人 · 安心交易',

  // 新房 (楼盘): the list, its card, the detail page and the home block.
  newHome: {
    saleStatus: { 1: '在售', 2: '待售', 3: '售罄' } as Record<number, string>,
    avgPrice: '均价',
    priceTbd: '价格待定',
    totalPrice: '总价',
    /** `438-1173万/套` */
    totalRange: (min: string, max: string) => (min === max ? `${min}万/套` : `${min}-${max}万/套`),
    layoutPrice: (wan: string) => `约${wan}万/套`,
    /** A layout of 0 rooms: an office floor or a shop unit. */
    studio: '开间',
    layouts: '户型',
    builtArea: '建面',
    aliasLabel: '备案名',
    facts: {
      avgPrice: '参考均价',
      totalPrice: '参考总价',
      saleStatus: '销售状态',
      propertyTypes: '物业类型',
      buildingType: '建筑类型',
      decoration: '装修标准',
      developer: '开发商',
      propertyCompany: '物业公司',
      openingDate: '开盘时间',
      deliveryDate: '交房时间',
      plotRatio: '容积率',
      greenRatio: '绿化率',
      households: '规划户数',
      parkingSpaces: '车位数',
      parkingRatio: '车位比',
      rightsYears: '产权年限',
      address: '楼盘地址',
      region: '所在区域',
      subway: '交通',
    },
    years: (n: number) => `${n}年`,
    planned: (date: string) => `预计${date}`,
    householdsValue: (n: number) => `${n.toLocaleString('zh-CN')}户`,
    parkingValue: (n: number) => `${n.toLocaleString('zh-CN')}个`,
    noSubwayNearby: '1.5公里内暂无地铁站',
    nearestStation: (line: string, station: string, metres: number) => `距${line}${station}站约${metres}米`,
    sections: { info: '楼盘信息', layouts: '户型介绍', album: '楼盘相册', location: '位置交通', describe: '楼盘简介' },
    layoutColumns: {
      plan: '户型图',
      name: '户型',
      rooms: '居室',
      area: '建筑面积',
      orientation: '朝向',
      price: '参考总价',
      status: '状态',
    },
    consultant: '置业顾问',
    photoCount: (n: number) => `（${n}张）`,
    nearbyEsf: (area: string) => `${area}二手房`,
    nearbyProjects: (area: string) => `${area}新盘`,
    homeBlock: '新房楼盘',
    /** A sub-page's title (spec §2 "New-home detail"): `楼盘动态 - 远洋天著`. */
    tabsLabel: '楼盘导航',
    projectHome: '楼盘首页',
    subPageTitle: (label: string, project: string) => `${label} - ${project}`,
    subPageTitleOnPage: (label: string, project: string, page: number) => `${label} - ${project} - 第${page}页`,
  },
  /** A list that counts something other than homes (套): its measure word, noun (楼盘, not 新房) and empty-list text, by channel code. */
  listWords: {
    new: { count: '个', noun: '楼盘', empty: '没有找到符合条件的楼盘，换个条件试试吧' },
    estate: { count: '个', empty: '没有找到符合条件的小区，换个条件试试吧' },
  } as Partial<Record<string, { count: string; noun?: string; empty: string }>>,
  /** 小区 (CHANNELS.estate): list, card, detail and the home block. */
  /** 资讯 (components/news/): the front page, categories, articles and their other layouts. */
  news: {
    title: '资讯',
    front: '资讯首页',
    frontTitle: (city: string) => `${city}房产资讯`,
    latest: '最新资讯',
    more: '更多',
    categoryCount: (n: number) => `共${n}篇`,
    empty: '该栏目暂无文章',
    byline: (author: string, date: string) => `${author} · ${date}`,
    cards: '文中提到的房源',
    cardKinds: { esf: '二手房', rent: '租房', new: '新房', estate: '小区' },
    related: '相关阅读',
    latestOfCity: (city: string) => `${city}最新资讯`,
    onPage: (title: string, page: number) => `${title} 第${page}页`,
    cardPrice: {
      esf: (wan: string) => `${wan}万`,
      rent: (yuan: string) => `${yuan}元/月`,
      new: (perSqm: string) => `均价${perSqm}元/㎡`,
      estate: (perSqm: string) => `参考均价${perSqm}元/㎡`,
      none: '价格待定',
    },
    houseCardTitle: (title: string) => `${title}：文中房源`,
    houseCardIntro: (n: number) => `这篇文章提到了以下${n}处房源、小区或楼盘，价格为当前在售信息。`,
    houseCardEmpty: '这篇文章没有提到具体的房源。',
    readArticle: '阅读全文',
    wxAccount: (city: string) => `优居${city}`,
    wxOriginal: '原创',
    wxReadOriginal: '阅读原文',
    wxFooter: '长按识别二维码，在手机上打开',
    qrAlt: (what: string) => `${what}的二维码`,
  },
  /** 下载APP (/download). */
  download: {
    title: '下载优居APP',
    headline: '优居APP，随时随地找好房',
    intro: (esf: string, communities: string, city: string) =>
      `${city}在售二手房${esf}套、小区${communities}个，新房、租房、商铺、写字楼一个APP全部看到。`,
    features: [
      ['海量真房源', '二手房、新房、租房、商铺写字楼，与网站同一套房源数据，价格变动即时同步。'],
      ['地图找房', '按区域、地铁线和站点找房，看清房子周边的学校、医院和商场。'],
      ['在线咨询', '与经纪人在线沟通，房源卡片、图片一键发送，消息不漏接。'],
      ['预约看房', '选好时间一键预约，看房记录随时查看。'],
      ['资讯与工具', '楼市快讯、政策解读和买房知识，随时掌握市场动态。'],
      ['业主委托', '我要卖房、我要出租，手机上即可提交委托。'],
    ] as const,
    ios: 'iPhone版',
    android: 'Android版',
    comingSoon: '即将上架',
    scan: (platform: string) => `扫码下载${platform}`,
    openStore: (platform: string) => `前往下载${platform}`,
    mobileSite: '手机访问本站',
    mobileSiteHint: '用手机扫码，直接打开当前城市的网站',
  },
  /** `/share` and `/share.html`: the landing page of a shared item. */
  share: {
    title: (what: string) => `分享：${what}`,
    siteTitle: (city: string) => `分享${BRAND}${city}`,
    agent: '经纪人',
    article: '资讯',
    avgPrice: (price: string) => `均价${price}`,
    priceTbd: '价格待定',
    agentYears: (years: number) => `从业${years}年`,
    scan: '微信或手机浏览器扫码，在手机上打开',
    open: '查看详情',
    copyHint: '复制下面的链接发给好友',
    siteIntro: (city: string, esf: string, communities: string, agents: string) =>
      `${BRAND}${city}：在售二手房${esf}套，小区${communities}个，经纪人${agents}位。扫码在手机上打开，或把链接发给好友。`,
    latest: '最新房源',
    gone: '要分享的内容不存在，可能已下架或已删除。',
    goneTitle: '内容不存在',
    description: (kind: string, title: string, facts: string) => `${kind}：${title}，${facts}。扫码在手机上打开。`,
  },
  /** `/validate` (房源核验). */
  validate: {
    title: '房源核验',
    intro: (city: string, esf: string) =>
      `${BRAND}每一套在售、在租房源都有唯一的房源核验码，显示在房源详情页的基本信息下方。输入核验码，即可确认它是否为本站真实、当前有效的房源。${city}目前在售二手房${esf}套。`,
    label: '核验码或房源ID',
    placeholder: '如 YJ112345692，或房源ID',
    channelLabel: '房源类型（输入ID时）',
    submit: '立即核验',
    yourCode: (code: string) => `核验码：${code}`,
    ok: '核验通过：这是本站真实、当前有效的房源',
    okDetail: (city: string) => `房源位于${city}，信息以详情页为准。`,
    invalid: '这不是有效的核验码',
    invalidDetail:
      '核验码以 YJ 开头，后面是数字，例如 YJ112345692，最后两位是校验位：输错任何一位都无法通过核验，请对照房源详情页重新输入；也可以输入房源ID并选择房源类型。',
    facts: { kind: '房源类型', listingNo: '房源编号', listedAt: '挂牌时间', agent: '经纪人', price: '价格', facts: '房屋信息' },
    viewListing: '查看房源详情',
    again: '核验其他房源',
    description: (city: string) => `${BRAND}${city}房源核验：输入房源核验码或房源ID，确认房源是否真实有效，查看房源关键信息。`,
  },
  /** `/sitemap`: the city's site map for people. */
  siteMap: {
    title: '网站地图',
    heading: (city: string) => `${BRAND}${city}网站地图`,
    channels: '频道导航',
    options: '筛选条件',
    dictionary: '区域小区',
    districts: '区域与商圈',
    lines: '地铁线路',
    communities: '小区（按首字母）',
    communitiesMore: (n: number) => `全部${n}个小区 >`,
    hot: '热门搜索',
    news: '资讯',
    services: '服务',
    description: (city: string, districts: number, lines: number, communities: number) =>
      `${BRAND}${city}网站地图：二手房、新房、租房、小区、商铺、写字楼各频道，${districts}个区域的商圈，${lines}条地铁线路，${communities}个小区按首字母索引，以及热门搜索和资讯。`,
  },
  estate: {
    referencePrice: '参考均价',
    /** `11月参考均价`: the month the price is of. */
    monthPrice: (month: number) => `${month}月参考均价`,
    builtIn: (year: number) => `${year}年建成`,
    onSale: (n: number) => `在售${n}套`,
    onRent: (n: number) => `在租${n}套`,
    noneOnSale: '暂无在售',
    noneOnRent: '暂无在租',
    homesForSaleTitle: '在售二手房',
    homesForRentTitle: '在租房源',
    viewAllForSale: (n: number) => `查看全部在售${n}套 >`,
    viewAllForRent: (n: number) => `查看全部在租${n}套 >`,
    noHomesForSale: '该小区暂无在售二手房',
    noHomesForRent: '该小区暂无在租房源',
    overview: '小区概况',
    introduction: '小区简介',
    location: '小区位置',
    trendTitle: '均价走势',
    trendCaption: (from: string, to: string) => `近12个月参考均价走势（${from} 至 ${to}），单位：元/㎡`,
    monthOnMonth: '环比上月',
    overYear: '近一年',
    nearStation: (line: string, station: string, metres: number) => `距${line}${station}站${metres}米`,
    noStation: '1.5公里内暂无地铁站',
    facts: {
      buildYear: '建成年代',
      buildingType: '建筑类型',
      propertyFee: '物业费',
      developer: '开发商',
      propertyCompany: '物业公司',
      buildingCount: '楼栋总数',
      households: '房屋总数',
      plotRatio: '容积率',
      greenRatio: '绿化率',
      address: '小区地址',
      region: '所在区域',
      subway: '附近地铁',
    },
    propertyFeeUnit: '元/㎡/月',
    buildings: (n: number) => `${n}栋`,
    households: (n: number) => `${n}户`,
    hotTitle: '热门小区',
    viewMore: '更多小区',
  },
  // A channel's /dictionary and /options pages (spec §2), titled by city and channel.
  /** What a dictionary lists, by kind (the channel's named places: contracts/dictionary.ts `named`). */
  placeKinds: { districts: '区域', businessAreas: '商圈', community: '小区', project: '楼盘' },
  /** `北京二手房小区大全`, `北京新房楼盘大全`, `北京小区大全`, `北京商铺出售区域大全`. */
  dictionaryTitle: (city: string, channel: string, named: 'community' | 'project' | null) => {
    const places = named === 'community' ? '小区' : named === 'project' ? '楼盘' : '区域';
    return `${city}${channel === places ? '' : channel}${places}大全`;
  },
  dictionaryIntro: (city: string, channel: string, named: 'community' | 'project' | null) =>
    `按拼音首字母查找${city}的区域、商圈${named === 'community' ? '和小区' : named === 'project' ? '和楼盘' : ''}，点击名称即可查看当地的${channel}。`,
  dictionaryEmpty: '暂无可查找的地点',
  letterIndex: '按首字母查找',
  /** `北京二手房找房条件`: every filter option of the channel as a link. */
  optionsTitle: (city: string, channel: string) => `${city}${channel}找房条件`,
  optionsIntro: (city: string, channel: string) => `${city}${channel}的全部筛选条件，点击任一条件即可查看符合的房源。`,
  optionsSorts: '排序方式',
  stations: '站点',
  /** Links under a list to its channel's dictionary and options pages. */
  moreWays: '更多找房方式',
  /** `二手房地名大全`: a list's link to its dictionary, whatever places the channel has. */
  dictionaryLink: (channel: string) => `${channel}地名大全`,
  /** 商铺 and 写字楼 (shop_sale, shop_rent, offices_sale, offices_rent): their filters, price words and facts. */
  commercial: {
    /** Filter rows, by the request field of CHANNELS[code].filters. */
    filterLabels: { shopType: '类型', grade: '级别', totalPrice: '总价', dailyPrice: '单价', area: '面积' } as Record<
      string,
      string
    >,
    totalPrice: '总价',
    unitPrice: '单价',
    monthlyRent: '月租',
    wan: '万',
    yuanPerSqm: '元/㎡',
    yuanPerMonth: '元/月',
    yuanPerSqmDay: '元/㎡·天',
    workstations: (n: number) => `可容纳${n}工位`,
    basement: (n: number) => `地下${n}层`,
    floorOf: (floor: string, total: number) => `${floor}/共${total}层`,
    floorLevels: { low: '低楼层', middle: '中楼层', high: '高楼层' },
    facts: {
      shopType: '商铺类型',
      grade: '写字楼级别',
      area: '建筑面积',
      floor: '所在楼层',
      frontage: '面宽',
      depth: '进深',
      floorHeight: '层高',
      trades: '适合经营',
      operatingStatus: '经营状态',
      transferFee: '转让费',
      workstations: '可容纳工位',
      propertyFee: '物业费',
      propertyCompany: '物业公司',
      divisible: '可否分割',
      decoration: '装修情况',
      listedAt: '挂牌时间',
      listingNo: '房源编号',
    },
    metres: (m: number) => `${m}米`,
    transferFee: (wan: number) => `${wan}万元`,
    noTransferFee: '无转让费',
    workstationCount: (n: number) => `约${n}个`,
    propertyFee: (fee: number) => `${fee}元/㎡·月`,
    divisible: '可分割',
    notDivisible: '不可分割',
    project: '项目',
    region: '区域',
    address: '地址',
    // The facts of the place; the map below it is 位置及周边 (components/detail/detail-map.tsx).
    location: '位置交通',
    subway: '交通',
    nearStation: (line: string, station: string, metres: number) => `距${line}${station}站约${metres}米`,
    noStation: '1.5公里内暂无地铁站',
    projectUnits: (project: string) => `查看${project}全部房源`,
    areaUnits: (area: string, channel: string) => `${area}更多${channel}`,
    /** Home-page blocks, one per channel the city has. */
    homeTitles: {
      shop_sale: '精选商铺出售',
      shop_rent: '精选商铺出租',
      offices_sale: '精选写字楼出售',
      offices_rent: '精选写字楼出租',
    },
  },
  /** An agent's pages: `/agent/{id}`, its esf and zufang lists, and the `/h5/agent` business card. */
  agentPage: {
    agents: '经纪人',
    title: (name: string) => `经纪人${name}`,
    tabTitle: (name: string, tab: string) => `${name}的${tab}`,
    onPage: (title: string, page: number) => `${title} 第${page}页`,
    esf: '二手房',
    rent: '租房',
    tab: (label: string, n: number) => `${label} (${n})`,
    tabsLabel: '经纪人的房源',
    serviceArea: '服务区域',
    years: '从业年限',
    yearsValue: (n: number) => `${n}年`,
    since: (year: number) => `${year}年入行`,
    brand: '所属品牌',
    branch: '所属门店',
    statusLabel: '状态',
    statuses: { 1: '在职', 2: '已离职', 3: '暂时无法联系' } as Record<number, string>,
    emptyEsf: '该经纪人暂无在售二手房',
    emptyRent: '该经纪人暂无出租房源',
    /** The link from a listing's agent card to the agent's page. */
    profileOf: (name: string) => `查看经纪人${name}的主页`,
    mobileCard: '手机名片',
    h5Title: (name: string) => `${name}的名片`,
    h5Listings: 'TA的房源',
    h5More: (n: number) => `查看全部${n}套`,
    h5Empty: '暂无房源',
  },
  /**
   * 楼盘点评: the dianping page, the detail page's block and the add page. The rating labels and the
   * form's strings are `reviews` (./client/form-messages.ts, spread in above: the form is a client island).
   */
  reviewPages: {
    count: (n: number) => `共${n}条点评`,
    score: (avg: number) => avg.toFixed(1),
    noScore: '暂无评分',
    outOf: '分',
    write: '写点评',
    empty: '还没有人点评这个楼盘，来写第一条点评吧',
    distributionLabel: '总评星级分布',
    newest: '最新点评',
    viewAll: (n: number) => `查看全部${n}条点评`,
    photo: (i: number) => `点评图片${i}`,
    formTitle: (project: string) => `点评${project}`,
    formNote: '请根据您的真实看房或居住体验发表点评；一个楼盘只能点评一次。',
    alreadyReviewed: '您已点评过该楼盘',
    viewMine: '查看我的点评',
    backToReviews: '返回点评列表',
  },
  /** A project's sub-pages (楼盘动态, 楼盘信息, 户型, 相册, 周边; lib/project-pages.ts). */
  projectPages: {
    newsKinds: { 1: '开盘', 2: '加推', 3: '交房', 4: '价格变动' } as Record<number, string>,
    newsCount: (n: number) => `共${n}条动态`,
    noNews: '暂无楼盘动态',
    more: '更多',
    infoGroups: { basic: '基本信息', sales: '销售信息', building: '建筑信息', property: '物业信息' },
    facts: {
      name: '楼盘名称',
      district: '所在区域',
      salesOffice: '售楼处地址',
      permits: '预售许可证',
      propertyFee: '物业费',
      heating: '供暖方式',
      households: '规划户数',
      buildingCount: '楼栋',
      layouts: '主力户型',
      areaRange: '建面范围',
    },
    propertyFeeValue: (fee: number) => `${fee}元/㎡·月`,
    permitColumns: { number: '预售许可证号', issuedAt: '发证日期', buildings: '绑定楼栋' },
    noPermits: '暂未取得预售许可证',
    layoutCount: (n: number) => `共${n}个户型`,
    allRooms: '全部',
    roomsLabel: (rooms: number) => (rooms === 0 ? '开间' : `${rooms}室`),
    filterLabel: '按居室筛选',
    albumCount: (n: number) => `共${n}张图片`,
    aroundIntro: (metres: number) => `以下为楼盘周边${metres / 1000}公里内的配套，距离为直线距离`,
    aroundKinds: { stations: '交通', schools: '学校', hospitals: '医院', shopping: '购物' },
    aroundEmpty: {
      stations: '3公里内暂无地铁站',
      schools: '3公里内暂无学校',
      hospitals: '3公里内暂无医院',
      shopping: '3公里内暂无购物场所',
    },
    stationLines: (lines: string[]) => lines.join('、'),
    /** `850米`, `1.2公里`. */
    distance: (metres: number) => (metres < 1000 ? `${metres}米` : `${(metres / 1000).toFixed(1)}公里`),
  },
  /** 看房记录: the user's viewings, /personal/record/ershoufang|zufang. */
  viewings: {
    tabs: { ershoufang: '二手房', zufang: '租房' },
    statuses: { 1: '待确认', 2: '已确认', 3: '已完成', 4: '已取消' } as Record<number, string>,
    slots: { 1: '上午', 2: '下午', 3: '晚上' } as Record<number, string>,
    intro: '在二手房、租房详情页点击“预约看房”，经纪人确认后会联系您。',
    empty: (channel: string) => `您还没有预约过${channel}看房`,
    browse: (channel: string) => `去看看${channel}`,
    total: (n: number) => `共${n}条预约`,
    when: '看房时间',
    contact: '联系人',
    agent: '经纪人',
    community: '小区',
    bookedAt: '预约于',
    esfPrice: (wan: number) => `${wan}万`,
    rentPrice: (yuan: number) => `${yuan}元/月`,
  },
  /** 委托管理 and the pages around the entrust form: /personal/entrust/manage, company, sell, rental. */
  entrust: {
    manageTitle: '委托管理',
    companyTitle: '经纪公司',
    tabs: { all: '全部', sell: '卖房', rental: '出租' },
    intro: '提交的委托经审核后发布为房源；审核中、已下架或已撤回的委托可以修改。',
    total: (n: number) => `共${n}条委托`,
    empty: '您还没有委托过房源',
    emptyOf: (kind: string) => `您还没有${kind}委托`,
    sellHome: '我要卖房',
    rentOutHome: '我要出租',
    kinds: { 1: '卖房', 2: '出租' } as Record<number, string>,
    address: (building: string, unit: string, room: string) => [building, unit, room].filter(Boolean).join(' '),
    layout: (rooms: number, halls: number, baths: number) => `${rooms}室${halls}厅${baths}卫`,
    area: (area: number) => `${area}㎡`,
    floor: (floor: number, total: number) => `${floor}/${total}层`,
    sellPrice: (wan: number) => `${wan}万`,
    rentPrice: (yuan: number) => `${yuan}元/月`,
    rentTypes: { 1: '整租', 2: '合租' } as Record<number, string>,
    brands: '委托公司',
    agent: '经纪人',
    createdAt: '提交于',
    edit: '修改',
    viewListing: '查看房源',
    photoAlt: (community: string) => `${community}的房源照片`,
    backToManage: '返回委托管理',
    companyIntro: (community: string) => `以下经纪公司在${community}所在商圈设有门店，可接受您的委托。`,
    companyNone: '该小区所在商圈暂无可委托的经纪公司',
    companyPick: '请先在卖房或出租表单中选择小区，再查看服务该小区的经纪公司。',
    branch: '门店',
    agents: (n: number) => `${n}位经纪人在岗`,
    toSell: '去填写卖房委托',
    toRent: '去填写出租委托',
    notEditable: '该委托已发布或已成交，不能修改；已发布的房源请在房源管理中操作。',
  },
  /** The personal centre's account pages: the left menu, 账户设置's overview, info and changePass. */
  account: {
    menu: { overview: '账户概览', info: '个人资料', changePass: '修改密码', setPass: '设置密码' },
    menuLabel: '个人中心菜单',
    overviewTitle: '账户概览',
    nickname: '昵称',
    noNickname: '未设置',
    mobile: '手机号',
    sex: '性别',
    sexNames: { '1': '男', '2': '女', '': '保密' } as Record<string, string>,
    password: '登录密码',
    passwordSet: '已设置',
    passwordUnset: '未设置',
    editInfo: '修改资料',
    changePass: '修改密码',
    setPass: '设置密码',
    infoTitle: '个人资料',
    avatarTitle: '头像',
    avatarDefaultNote: '未上传头像时，默认头像随性别显示',
    profileTitle: '基本资料',
    changePassTitle: '修改密码',
    setPassTitle: '设置密码',
    setPassIntro: '您还没有设置登录密码。设置后可使用手机号和密码登录。',
    changePassIntro: '修改成功后，您在其他设备上的登录将全部退出，本设备保持登录。',
  },
  /** 卖房管理 / 租房管理 (/personal/house/ershoufang|zufang) and a taken-down home in 看房记录. */
  house: {
    titles: { ershoufang: '卖房管理', zufang: '租房管理' },
    tabs: { ershoufang: '出售的房源', zufang: '出租的房源' },
    intro: '委托审核通过后，房源会发布到网站上；在这里可以看到浏览、关注和预约看房的人数，修改价格或下架房源。',
    total: (n: number) => `共${n}套房源`,
    empty: { ershoufang: '您还没有已发布的出售房源', zufang: '您还没有已发布的出租房源' },
    emptyHint: '提交委托并审核通过后，房源会显示在这里。',
    entrust: { ershoufang: '我要卖房', zufang: '我要出租' },
    manage: '查看委托进度',
    offlineNote: '房源已下架，如需重新发布，可在委托管理中修改后再次提交。',
    community: '小区',
    agent: '经纪人',
    noAgent: '暂无',
    views: '浏览',
    followers: '关注',
    viewingRequests: '预约看房',
    publishedAt: '发布于',
    view: '查看房源',
    esfPrice: (wan: number) => `${wan}万`,
    unitPrice: (yuan: number) => `${yuan.toLocaleString('zh-CN')}元/㎡`,
    rentPrice: (yuan: number) => `${yuan}元/月`,
    layout: (rooms: number, halls: number, area: number) => `${rooms}室${halls}厅 · ${area}㎡`,
    /** 看房记录: a booking whose home is no longer on the site. */
    gone: '房源已下架',
  },
  /**
   * 经纪人工作台 (on its own host `desk.{root}`, app/(desk)/desk). Plain strings only: the server page hands this group to the
   * desk's client app as a prop, so it is in no other page's JavaScript. `{n}` and `{name}` are filled in there.
   */
  /** 调价记录 on a listing's detail page (components/detail/price-history.tsx). */
  priceHistory: {
    title: '调价记录',
    listedAt: '挂牌时间',
    daysOnMarket: '上架天数',
    days: (n: number) => `${n}天`,
    changes: '调价次数',
    times: (n: number) => `${n}次`,
    none: '挂牌以来未调过价',
    columns: { date: '调价日期', from: '调价前', to: '调价后', change: '涨跌幅' },
    down: (pct: string) => `降${pct}%`,
    up: (pct: string) => `涨${pct}%`,
    chartLabel: (from: string, to: string) => `挂牌以来价格走势：从${from}到${to}`,
    recentCuts: '近期降价',
  },

  /** 购房工具 (/tool): 房贷计算器, 税费计算器, 购房能力评估 (docs/tools.md). */
  lookhouse: {
    title: '帮我找房',
    optsTitle: '说说您的需求',
    resultTitle: '为您找到的房源',
    intro: '回答几个问题：预算、区域或通勤地点、户型和必备条件，我们从本城真实在售、在租的房源里按符合程度为您排序。',
    start: { buy: '我要买房', rent: '我要租房' },
    startNote: { buy: (n: number) => `从${n}套二手房和新楼盘中挑选`, rent: (n: number) => `从${n}套租房中挑选` },
    deal: '找房类型',
    deals: { buy: '买房', rent: '租房' },
    budget: { buy: '总价预算（万元）', rent: '月租金预算（元/月）' },
    budgetFrom: '最低',
    budgetTo: '最高',
    districts: (max: number) => `意向区域（最多选${max}个）`,
    commute: '通勤地点（地铁站）',
    commuteNone: '不限',
    rooms: '户型',
    roomNames: { 1: '一室', 2: '二室', 3: '三室', 4: '四室及以上' } as Record<number, string>,
    needs: '必备条件',
    needNames: { subway: '近地铁（1公里内）', elevator: '有电梯', viewing: '随时看房' },
    moveIn: '最晚入住日期',
    schoolNote: '暂不提供学区筛选：本站还没有学校数据。',
    submit: '查看结果',
    edit: '修改条件',
    total: (n: number) => `符合预算和区域的房源共${n}套，以下按符合条件的多少排序`,
    nearTo: (station: string) => `，同等条件下离${station}站近的在前`,
    none: '没有符合预算和区域的房源，试试放宽预算或区域。',
    meets: {
      budget: '预算内',
      district: '在意向区域',
      rooms: '户型符合',
      subway: '近地铁',
      elevator: '有电梯',
      viewing: '随时看房',
      moveIn: '可按时入住',
    },
    missPrefix: '不符合：',
    distance: (station: string, metres: number) =>
      metres < 1000 ? `距${station}站约${Math.round(metres / 10) * 10}米` : `距${station}站约${(metres / 1000).toFixed(1)}公里`,
    channelNames: { esf: '二手房', new: '新房', rent: '租房' },
    priceTbd: '价格待定',
    fromPrice: (wan: string) => `${wan}万起`,
    listLink: { buy: '在二手房列表中查看', rent: '在租房列表中查看' },
  },

  tool: {
    title: '购房工具',
    tabs: { mortgage: '房贷计算器', tax: '税费计算器', afford: '购房能力评估' },
    rejected: (fields: string) => `以下输入不在可计算的范围内，已按默认值计算：${fields}`,
    fields: {
      price: '房屋总价（万元）',
      loan: '贷款金额（万元）',
      fundLoan: '公积金贷款金额（万元）',
      down: '首付比例（%）',
      years: '贷款年限',
      rate: '商业贷款利率（%）',
      fundRate: '公积金贷款利率（%）',
      bp: 'LPR加点（基点）',
      area: '建筑面积（㎡）',
      orig: '卖方原购价（万元）',
      income: '家庭月收入（元）',
      debt: '每月已有负债（元）',
      savings: '可用于首付的存款（万元）',
    },
    kind: '贷款类型',
    kinds: { commercial: '商业贷款', fund: '公积金贷款', combo: '组合贷款' },
    fundHome: '公积金利率档',
    fundHomes: { 1: '首套', 2: '二套' },
    repay: '还款方式',
    repays: { equal: '等额本息', principal: '等额本金' },
    yearsOption: (n: number) => `${n}年（${n * 12}期）`,
    loanHint: '填写贷款金额时按贷款金额计算；不填时按房屋总价和首付比例计算。',
    rateHint: (lpr: number, date: string) => `不填利率时按5年期以上LPR ${lpr}%（${date}起）加点计算。`,
    calculate: '开始计算',
    result: '计算结果',
    monthly: '每月月供',
    firstMonth: '首月月供',
    decrease: '每月递减',
    loanTotal: '贷款总额',
    interestTotal: '支付利息',
    repaidTotal: '还款总额',
    months: '还款月数',
    rateUsed: '贷款利率',
    yuan: '元',
    wan: '万元',
    rateOf: (kind: string, rate: number) => `${kind} ${rate}%`,
    lprPlus: (lpr: number, bp: number) => `LPR ${lpr}% ${bp >= 0 ? '加' : '减'} ${Math.abs(bp)} 基点`,
    byYearTitle: '按年还款计划',
    byMonthTitle: '按月还款明细',
    columns: { year: '年份', month: '期数', payment: '月供/还款额', principal: '本金', interest: '利息', balance: '剩余本金' },
    yearLabel: (n: number) => `第${n}年`,
    chartLabel: '每年还款构成与剩余本金图',
    chartYear: '第{n}年',
    chartSeries: { principal: '本金', interest: '利息', balance: '剩余本金' },
    ratesNote: (lpr: string, fund: string) => `利率：5年期以上LPR ${lpr}；公积金 ${fund}。结果仅供参考，以银行审批为准。`,
    tax: {
      buyerHome: '买方家庭购房套数',
      buyerHomes: { 1: '首套', 2: '二套', 3: '三套及以上' },
      held: '卖方持有年限',
      helds: { 1: '不满2年', 2: '满2年不满5年', 5: '满5年' },
      only: '是否卖方家庭唯一住房',
      onlyOptions: { 1: '是', 0: '否' },
      origHint: '不知道原购价时填0，个人所得税按成交价的1%核定。',
      names: { deed: '契税（买方）', vat: '增值税（卖方）', vatSurcharge: '增值税附加（卖方）', income: '个人所得税（卖方）' },
      kind: '税种',
      rule: '税率/规则',
      amount: '金额（元）',
      exempt: '免征',
      total: '税费合计',
      note: '按全国现行政策估算（契税自2024年12月1日起，增值税自2026年1月1日起）；各地核定价和执行口径可能不同，以税务部门为准。',
    },
    afford: {
      maxPayment: '可承受月供',
      maxLoan: '可贷款额度',
      range: '可购房总价',
      rangeValue: (from: number, to: number) => `约${from}万–${to}万元`,
      listLink: (from: number, to: number) => `查看${from}万–${to}万的二手房`,
      nothing: '按当前收入、负债和存款，暂无可承受的房价区间。',
      note: '按月供不超过月收入的50%（含已有负债）、存款用作首付估算。',
    },
    estimate: (down: string, monthly: string) => `首付约${down}万，月供约${monthly}元`,
    estimateTerms: (down: number, years: number) => `按首付${down}%、商业贷款${years}年等额本息估算`,
    estimateLink: '房贷计算器',
  },

  desk: {
    title: '经纪人工作台',
    loginTitle: '口令登录',
    loginIntro: '请输入运营人员发给您的工作台口令。口令只显示一次，请妥善保管。',
    tokenLabel: '工作台口令',
    tokenPlaceholder: '粘贴口令',
    loginButton: '进入工作台',
    loggingIn: '正在验证…',
    logout: '退出工作台',
    sessionEnded: '工作台登录已失效，请重新输入口令',
    conversations: '咨询会话',
    emptyList: '还没有用户向您咨询',
    emptyListHint: '用户在房源详情页点击“在线咨询”后，会话会出现在这里。',
    pickConversation: '请从左侧选择一个会话',
    noMessages: '暂无消息',
    connected: '在线',
    reconnecting: '连接中断，正在重连…',
    placeholder: '输入消息，Enter 发送，Shift+Enter 换行',
    send: '发送',
    counter: '{n}/140',
    image: '图片',
    sendListing: '发送房源',
    sendCard: '发送名片',
    requestPhone: '请求电话',
    pickListing: '选择要发送的房源',
    noListings: '您名下暂无在售或在租房源',
    close: '关闭',
    uploading: '图片上传中…',
    autoReply: '自动回复',
    phoneRequestFromUser: '对方想获取您的电话号码',
    phoneRequestFromMe: '您请求获取对方的电话号码',
    waiting: '等待对方回复',
    agree: '同意',
    refuse: '拒绝',
    agreed: '已同意',
    refused: '已拒绝',
    phoneOf: '电话：{n}',
    agentCard: '经纪人名片',
    imageAlt: '聊天图片',
    unreadMore: '99+',
    networkError: '网络繁忙，请稍后再试',
    imageFormats: 'jpg、jpeg、png',
    listing: '房源',
  },
  /**
   * Meta descriptions written from a page's data (lib/server/seo.ts decides which page says which). Prices in the
   * units the pages show them in: 万 for a sale, 元/月 for a rent, 元/㎡ for a unit price.
   */
  seo: {
    home: (city: string, s: { esfCount: number; communityCount: number; agentCount: number; avgUnitPrice: number }) =>
      `${BRAND}${city}房产网：${s.esfCount}套${city}二手房在售，${s.communityCount}个小区，${s.agentCount}位经纪人，挂牌均价${s.avgUnitPrice}元/㎡。找二手房、新房、租房、小区、商铺、写字楼，房源真实，信息及时。`,
    onPage: (name: string, page: number) => `${name} 第${page}页`,
    list: (city: string, what: string, total: number, word: string, channel: string) =>
      `${BRAND}${city}${what}：共${total}${word}，真实房源，价格、面积、户型、位置一目了然，按区域、地铁、价格筛选${city}${channel}。`,
    esf: (
      city: string,
      d: {
        communityName: string;
        districtName: string;
        businessAreaName: string;
        rooms: number;
        halls: number;
        area: number;
        totalPrice: number;
        unitPrice: number;
        orientation: string;
        floorLevel: string;
        totalFloors: number;
        buildYear: number;
      },
    ) =>
      `${city}${d.districtName}${d.businessAreaName}${d.communityName}二手房：${d.rooms}室${d.halls}厅，${d.area}㎡，总价${d.totalPrice}万，单价${d.unitPrice}元/㎡，朝${d.orientation}，${d.floorLevel}/共${d.totalFloors}层，${d.buildYear}年建成。`,
    rent: (
      city: string,
      d: {
        communityName: string;
        districtName: string;
        businessAreaName: string;
        rooms: number;
        halls: number;
        area: number;
        monthlyRent: number;
        rentType: number;
        orientation: string;
        payment: string;
        checkIn: string;
      },
    ) =>
      `${city}${d.districtName}${d.businessAreaName}${d.communityName}${d.rentType === 2 ? '合租' : '整租'}：${d.rooms}室${d.halls}厅，${d.area}㎡，月租${d.monthlyRent}元，${d.payment}，朝${d.orientation}，${d.checkIn === '随时入住' ? d.checkIn : `${d.checkIn}起可入住`}。`,
    estate: (
      city: string,
      d: {
        name: string;
        districtName: string;
        businessAreaName: string;
        address: string;
        buildYear: number;
        avgPrice: number;
        onSaleCount: number;
        onRentCount: number;
      },
    ) =>
      `${city}${d.districtName}${d.businessAreaName}${d.name}小区，位于${d.address}，${d.buildYear}年建成，参考均价${d.avgPrice}元/㎡，在售二手房${d.onSaleCount}套，在租房源${d.onRentCount}套。`,
    project: (
      city: string,
      d: {
        name: string;
        districtName: string;
        businessAreaName: string;
        address: string;
        avgPrice: number | null;
        areaMin: number;
        areaMax: number;
        openingDate: string;
        developer: string;
      },
    ) =>
      `${city}${d.districtName}${d.businessAreaName}新楼盘${d.name}，${d.avgPrice === null ? '价格待定' : `均价${d.avgPrice}元/㎡`}，建面${d.areaMin}-${d.areaMax}㎡，开盘${d.openingDate}，开发商${d.developer}，地址${d.address}。`,
    commercial: (
      city: string,
      channel: string,
      d: { projectName: string; districtName: string; businessAreaName: string; area: number; address: string } & (
        { deal: 'sale'; totalPrice: number; unitPrice: number } | { deal: 'rent'; monthlyRent: number; dailyRent: number }
      ),
    ) =>
      `${city}${d.districtName}${d.businessAreaName}${d.projectName}${channel}：${d.area}㎡，${d.deal === 'sale' ? `总价${d.totalPrice}万，单价${d.unitPrice}元/㎡` : `月租${d.monthlyRent}元，${d.dailyRent}元/㎡·天`}，地址${d.address}。`,
    agent: (
      city: string,
      a: {
        agentName: string;
        brandName: string;
        branchName: string;
        districtName: string;
        businessAreaName: string;
        years: number;
        esfCount: number;
        rentCount: number;
      },
    ) =>
      `${city}经纪人${a.agentName}，${a.brandName}${a.branchName}，主营${a.districtName}${a.businessAreaName}，从业${a.years}年，在售二手房${a.esfCount}套，在租房源${a.rentCount}套。`,
    site: (city: string) => `${BRAND}${city}房产网：${city}二手房、新房、租房、小区、商铺、写字楼，房源真实，信息及时。`,
    newsFront: (city: string, total: number, categories: readonly string[]) =>
      `${BRAND}${city}房产资讯：共${total}篇文章，${categories.join('、')}，每周楼市报告、楼盘导购与购房政策知识。`,
    newsCategory: (city: string, category: string, total: number, newest: string) =>
      `${BRAND}${city}${category}：共${total}篇${newest ? `，最新：${newest}` : ''}。`,
    houseCards: (title: string, n: number) => `${title}：文中提到的${n}处房源、小区或楼盘，价格为当前在售信息。`,
    cities: (count: number, hot: readonly string[]) =>
      `${BRAND}已开通${count}个城市：${hot.join('、')}等，选择城市查看当地二手房、新房、租房、小区、商铺和写字楼。`,
    options: (city: string, channel: string, districts: number, lines: number, filters: readonly string[]) =>
      `${city}${channel}找房条件：${districts}个区域${lines > 0 ? `、${lines}条地铁线路` : ''}，按${filters.join('、')}筛选${city}${channel}。`,
    download: (intro: string) => `${BRAND}APP：${intro}扫码下载，随时随地找好房。`,
    tool: (city: string, calc: string) =>
      `${BRAND}${city}${calc}：房贷月供（商业贷款、公积金、组合贷款）、买房税费和购房能力，按现行利率与税费政策计算，结果可分享。`,
    lookhouse: (city: string, buy: number, rent: number) =>
      `${BRAND}${city}帮我找房：回答预算、区域、户型、通勤等几个问题，从${buy}套在售二手房和${rent}套在租房源中找出最合适的。`,
    lookhouseStep: (city: string, step: string) => `${BRAND}${city}${step}：按预算、区域、户型与通勤筛选真实房源。`,
    compare: (city: string, channel: string) =>
      `${BRAND}${city}${channel}对比：最多4套房源的价格、面积、户型、楼层与位置并排比较。`,
    map: (city: string, channels: readonly string[]) =>
      `${BRAND}${city}地图找房：在地图上按区域、商圈、小区查看${city}${channels.join('、')}的数量与均价，画圈找房，点选小区看房源。`,
    brandUpgrade: (city: string) => `${BRAND}品牌升级：${city}房产网已启用新域名，请前往新地址继续找房。`,
    dictionary: (title: string, districts: number, areas: number, places: number, placeWord: string) =>
      `${title}：${districts}个区域、${areas}个商圈${places > 0 ? `、${places}个${placeWord}` : ''}，按拼音首字母查找。`,
  },
} as const;
