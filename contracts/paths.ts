/**
 * Every HTTP path of the contract, in one place (spec §7 and ARCHITECTURE "Two processes, one contract").
 * The web calls these through its API client; the backend registers its routes with them.
 */
export const PORTAL_API = '/yjyz.web.api';
export const SSO_API = '/sso';
export const OSS_PUBLIC = '/oss';
/**
 * Calls of our own processes and of operators, never of a browser: the web forwards only the prefixes of
 * lib/front/backend-paths.ts, so these answer on the backend's own address alone.
 */
export const INTERNAL_API = '/internal.api';
/** spec §7: the upload ticket and callback. */
export const CORE_API = '/common.core.api';
/** spec §7: tracking events (contracts/tracking.ts). */
export const STATS_API = '/common.stats.api';
/**
 * Without Aliyun settings the backend plays the OSS host here (PostObject, contracts/upload.ts): under the
 * `/oss/` prefix the web forwards, so the browser posts same-origin.
 */
export const OSS_POST_PATH = `${OSS_PUBLIC}/`;

export const ApiPath = {
  location: `${PORTAL_API}/v1/location`,
  pcBottomLink: `${PORTAL_API}/pcBottomLink`,
  menuIcon: `${PORTAL_API}/v1/menuIconV2`,
  cities: `${PORTAL_API}/v1/cities`,
  userInfo: `${PORTAL_API}/v1/userInfo`,
  recommends: `${PORTAL_API}/v1/recommends`,
  /** 地图找房 (contracts/map.ts): suggestions with coordinates, the base map, bubbles, the drawn-area search. */
  mapRecommends: `${PORTAL_API}/v1/ditu/recommends`,
  mapBasemap: `${PORTAL_API}/v1/ditu/basemap`,
  mapBubbles: `${PORTAL_API}/v1/ditu/bubbles`,
  mapArea: `${PORTAL_API}/v1/ditu/area`,
  /** 通勤找房 (contracts/map-commute.ts): stations and homes reached from a workplace in 15/30/45 minutes. */
  mapCommute: `${PORTAL_API}/v1/ditu/commute`,
  /** A detail page's map: the stations, schools, hospitals and shopping round a point. */
  mapNearby: `${PORTAL_API}/v1/ditu/nearby`,
  index: `${PORTAL_API}/v1/index`,
  conditionEsf: `${PORTAL_API}/v1/condition/esf`,
  agentStatus: `${PORTAL_API}/v1/agent/status`,
  /** POST only: an agent's number for the visitor who clicked 拨打电话 (contracts/agent.ts). */
  agentPhone: `${PORTAL_API}/v1/agent/phone`,
  /** `${agentDetail}/${id}`: an agent's page (contracts/agent.ts agentProfileSchema), never the mobile. */
  agentDetail: `${PORTAL_API}/v1/agent/detail`,
  /** An agent's second-hand homes and rentals, paged, newest first (agentListingsRequestSchema). */
  agentEsf: `${PORTAL_API}/v1/agent/esf`,
  agentRent: `${PORTAL_API}/v1/agent/rent`,
  esfList: `${PORTAL_API}/v1/esf/list`,
  /** `${esfDetail}/${id}` */
  esfDetail: `${PORTAL_API}/v1/esf/detail`,
  /** `${esfSimilar}/${id}`: homes like this one (相似房源, contracts/esf.ts esfSimilarSchema). */
  esfSimilar: `${PORTAL_API}/v1/esf/similar`,
  /** 调价记录 of a listing of any repriceable channel (contracts/price-history.ts). */
  priceHistory: `${PORTAL_API}/v1/priceHistory`,
  /** A community's 二手房 recently cut in price (contracts/price-history.ts priceCutsSchema). */
  priceCuts: `${PORTAL_API}/v1/priceCuts`,
  /** 帮我找房: listings ranked by a questionnaire's answers (contracts/lookhouse.ts). */
  lookhouse: `${PORTAL_API}/v1/lookhouse`,
  conditionRent: `${PORTAL_API}/v1/condition/rent`,
  rentList: `${PORTAL_API}/v1/rent/list`,
  /** `${rentDetail}/${id}` */
  rentDetail: `${PORTAL_API}/v1/rent/detail`,
  /** `${rentSimilar}/${id}`: rentals like this one (相似房源, contracts/rent.ts rentSimilarSchema). */
  rentSimilar: `${PORTAL_API}/v1/rent/similar`,
  conditionNewHome: `${PORTAL_API}/v1/condition/loupan`,
  newHomeList: `${PORTAL_API}/v1/loupan/list`,
  /** `${newHomeDetail}/${id}` */
  newHomeDetail: `${PORTAL_API}/v1/loupan/detail`,
  /** `${newHomeSimilar}/${id}`: projects like this one (相似楼盘, contracts/new-home.ts). */
  newHomeSimilar: `${PORTAL_API}/v1/loupan/similar`,
  /** A project's reviews (点评, contracts/project-review.ts): a page with the summary; add, delete, the caller's own. */
  projectReviews: `${PORTAL_API}/v1/loupan/dianping/list`,
  /** POST only, session. */
  projectReviewAdd: `${PORTAL_API}/v1/loupan/dianping/add`,
  /** POST only, session: one of the caller's own reviews. */
  projectReviewDelete: `${PORTAL_API}/v1/loupan/dianping/delete`,
  /** Session: the caller's review of a project, or null. */
  projectReviewMine: `${PORTAL_API}/v1/loupan/dianping/mine`,
  /** A project's news feed (楼盘动态), paged (contracts/project-pages.ts). */
  projectNews: `${PORTAL_API}/v1/loupan/news`,
  /** What is around a project (周边): stations, schools, hospitals, shopping by distance. */
  projectAround: `${PORTAL_API}/v1/loupan/around`,
  /** 资讯: a city's articles, paged, of one category or all (contracts/news.ts). */
  newsList: `${PORTAL_API}/v1/news/list`,
  /** `${newsDetail}/${id}`: an article with its cards and related articles. */
  newsDetail: `${PORTAL_API}/v1/news/detail`,
  /** 预约看房 (contracts/viewing.ts): POST only, session. */
  viewingBook: `${PORTAL_API}/v1/viewing/book`,
  /** Session: the caller's bookings of one channel (看房记录), newest first. */
  viewingMine: `${PORTAL_API}/v1/viewing/mine`,
  /** POST only, session: cancel one of the caller's own bookings. */
  viewingCancel: `${PORTAL_API}/v1/viewing/cancel`,
  conditionEstate: `${PORTAL_API}/v1/condition/estate`,
  estateList: `${PORTAL_API}/v1/estate/list`,
  /** `${estateDetail}/${id}` */
  estateDetail: `${PORTAL_API}/v1/estate/detail`,
  /** `${estateSimilar}/${id}`: communities like this one (相似小区, contracts/estate.ts). */
  estateSimilar: `${PORTAL_API}/v1/estate/similar`,
  /** GET: a city's sitemap index, XML (contracts/sitemap.ts). */
  sitemapIndex: `${PORTAL_API}/v1/sitemap/index`,
  /** GET: one sitemap file of a city, gzip XML streamed from the database (contracts/sitemap.ts). */
  sitemapFile: `${PORTAL_API}/v1/sitemap/file`,
  /** Every place of a city for a channel, by initial letter (contracts/dictionary.ts). */
  dictionary: `${PORTAL_API}/v1/dictionary`,
  // 商铺 and 写字楼 (contracts/commercial.ts COMMERCIAL_PATHS): conditions, list, `${detail}/${id}` and `${similar}/${id}` per channel.
  conditionShopSale: `${PORTAL_API}/v1/condition/shop_sale`,
  shopSaleList: `${PORTAL_API}/v1/shop_sale/list`,
  shopSaleDetail: `${PORTAL_API}/v1/shop_sale/detail`,
  shopSaleSimilar: `${PORTAL_API}/v1/shop_sale/similar`,
  conditionShopRent: `${PORTAL_API}/v1/condition/shop_rent`,
  shopRentList: `${PORTAL_API}/v1/shop_rent/list`,
  shopRentDetail: `${PORTAL_API}/v1/shop_rent/detail`,
  shopRentSimilar: `${PORTAL_API}/v1/shop_rent/similar`,
  conditionOfficesSale: `${PORTAL_API}/v1/condition/offices_sale`,
  officesSaleList: `${PORTAL_API}/v1/offices_sale/list`,
  officesSaleDetail: `${PORTAL_API}/v1/offices_sale/detail`,
  officesSaleSimilar: `${PORTAL_API}/v1/offices_sale/similar`,
  conditionOfficesRent: `${PORTAL_API}/v1/condition/offices_rent`,
  officesRentList: `${PORTAL_API}/v1/offices_rent/list`,
  officesRentDetail: `${PORTAL_API}/v1/offices_rent/detail`,
  officesRentSimilar: `${PORTAL_API}/v1/offices_rent/similar`,
  /** Session: a PostObject ticket for up to 9 keys under the user's prefix (contracts/upload.ts). */
  ossTicker: `${CORE_API}/common/oss/ticker`,
  /** POST only, session: what the browser posted; checked, thumbnailed, recorded; answers the URLs. */
  ossCallback: `${CORE_API}/common/oss/callback`,
  /** POST only, session: one of the user's own uploads becomes their avatar. */
  userAvatar: `${PORTAL_API}/v1/user/avatar`,
  /** POST only, session: 我要卖房 / 我要出租, a new entrust (contracts/entrust.ts). */
  entrustAdd: `${PORTAL_API}/v1/entrust/add`,
  /** POST only, session: edit one's own entrust. */
  entrustUpdate: `${PORTAL_API}/v1/entrust/update`,
  /** POST only, session: withdraw one's own entrust while 审核中. */
  entrustWithdraw: `${PORTAL_API}/v1/entrust/withdraw`,
  /** Session: one's own entrust. */
  entrustDetail: `${PORTAL_API}/v1/entrust/detail`,
  /** Session: 委托管理, the caller's entrusts. */
  entrustMine: `${PORTAL_API}/v1/entrust/mine`,
  /** Public: the brands serving a community, to entrust. */
  entrustCompany: `${PORTAL_API}/v1/entrust/company`,
  /** Session: 卖房管理 / 租房管理, the caller's published homes with their counts (contracts/house.ts). */
  houseMine: `${PORTAL_API}/v1/house/mine`,
  /** POST only, session: a new price for one's own published home. */
  housePrice: `${PORTAL_API}/v1/house/price`,
  /** POST only, session: take one's own home off the site. */
  houseOffline: `${PORTAL_API}/v1/house/offline`,
  /** POST only, public: a listing's detail page was opened (浏览). */
  listingView: `${PORTAL_API}/v1/listing/view`,
  /** Session: whether the caller follows a listing (关注). */
  listingFollowStatus: `${PORTAL_API}/v1/listing/follow/status`,
  /** POST only, session: follow or stop following a listing. */
  listingFollow: `${PORTAL_API}/v1/listing/follow`,
  /** 我的订阅 (contracts/alerts.ts), session: the caller's saved searches. */
  alertSearches: `${PORTAL_API}/v1/alerts/searches`,
  /** POST only, session: save the list being viewed (订阅). */
  alertSearchAdd: `${PORTAL_API}/v1/alerts/search/add`,
  /** POST only, session: pause or resume one's own saved search. */
  alertSearchPause: `${PORTAL_API}/v1/alerts/search/pause`,
  /** POST only, session: delete one's own saved search. */
  alertSearchDelete: `${PORTAL_API}/v1/alerts/search/delete`,
  /** POST only, session: one's own saved search's new homes were seen (its count starts again). */
  alertSearchSeen: `${PORTAL_API}/v1/alerts/search/seen`,
  smsCode: `${SSO_API}/sms/code`,
  loginBySms: `${SSO_API}/login/sms`,
  loginByPassword: `${SSO_API}/login/password`,
  logout: `${SSO_API}/logout`,
  /** Session: the personal centre's account overview (contracts/account.ts accountSchema). */
  account: `${PORTAL_API}/v1/account`,
  /** POST only, session: nickname and sex. */
  accountProfile: `${SSO_API}/account/profile`,
  /** POST only, session: set or change the password; the user's other sessions end. */
  accountPassword: `${SSO_API}/account/password`,
  /** POST only, session: an SMS code to the user's own mobile, to prove a password change. */
  accountSmsCode: `${SSO_API}/account/sms/code`,
  /** The change feed every web process polls to drop its cached pages (contracts/cache-changes.ts). */
  cacheChanges: `${INTERNAL_API}/v1/cache/changes`,
  /** `${opsListing}/${channel}/${id}`: an operator changes a listing (docs/operations.md). */
  opsListing: `${INTERNAL_API}/v1/ops/listings`,
  /** `${opsAgent}/${id}`: an operator changes an agent's status (docs/operations.md). */
  opsAgent: `${INTERNAL_API}/v1/ops/agents`,
  /** `${opsViewing}/${id}`: an operator confirms or completes a viewing (docs/operations.md). */
  opsViewing: `${INTERNAL_API}/v1/ops/viewings`,
  /** spec §7: a list of tracking events (contracts/tracking.ts); public, fire-and-forget. */
  trackingView: `${STATS_API}/behavior/view/page`,
  /** spec §7: one event for a proactive contact (拨打电话, 在线咨询, 预约看房). */
  trackingContact: `${STATS_API}/behavior/opportunity`,
  /** The operator's tracking report over the daily roll-ups (npm run ops -- stats). */
  opsStats: `${INTERNAL_API}/v1/ops/stats`,
  /** Partitions made and dropped, days rolled up now rather than at the next hour (npm run ops -- stats rollup). */
  opsStatsMaintain: `${INTERNAL_API}/v1/ops/stats/maintain`,
  /** The same report as a page for an operator's browser (HTTP Basic, the password OPS_TOKEN; docs/operations.md). */
  opsStatsPage: `${INTERNAL_API}/v1/ops/stats/report`,
  /** `${opsEntrust}/${id}`: an operator accepts an entrust (publishes it) or marks it sold (docs/operations.md). */
  opsEntrust: `${INTERNAL_API}/v1/ops/entrusts`,
  /** An operator adds an article (POST); `${opsNews}/${id}` edits one, `${opsNews}/${id}/takedown` takes it down. */
  opsNews: `${INTERNAL_API}/v1/ops/news`,
  /** An operator deletes posted objects no callback ever named (docs/operations.md "Upload clean-up"). */
  opsUploadsCleanup: `${INTERNAL_API}/v1/ops/uploads/cleanup`,
  /** 在线咨询 (contracts/im.ts, spec §7 "Instant-messaging service"): POST only, session. */
  imMessage: '/api/message',
  imReceived: '/api/received',
  imRead: '/api/read',
  imLogout: '/api/logout',
  /** GET or POST, session: the messages of one conversation after a seq (a reconnecting client's catch-up). */
  imHistory: '/api/history',
  /** WebSocket (GET upgrade), session: the live connection whose frames carry `messageContent`. */
  imRegister: '/api/register',
  /** GET, session: the caller's conversations, newest first, with the agent's card and the unread count. */
  imConversations: '/api/conversations',
  /** 经纪人工作台 (contracts/im.ts "agent desk"): the agent's side of the same conversations, behind a desk cookie
   * an operator's token opens (`npm run ops -- agent desk-token <agentId>`). Agents cannot log in to the portal. */
  deskLogin: '/api/desk/login',
  deskLogout: '/api/desk/logout',
  deskMe: '/api/desk/me',
  deskConversations: '/api/desk/conversations',
  deskHistory: '/api/desk/history',
  deskMessage: '/api/desk/message',
  deskRead: '/api/desk/read',
  /** GET, desk cookie: the agent's own 二手房 and 租房 listings, newest first (≤ 50), to send as property cards. */
  deskListings: '/api/desk/listings',
  /** POST multipart, desk cookie: one image the agent sends (jpg/jpeg/png/bmp ≤ 5 MB), answers its key. */
  deskImage: '/api/desk/image',
  /**
   * GET `${deskObject}/<key>`, desk cookie: a chat image as the agent may see it (the desk cookie never reaches
   * `/oss/`): published ones, the agent's own, and those sent in the agent's conversations.
   */
  deskObject: '/api/desk/oss',
  /** WebSocket, desk cookie: the agent's live connection (the same frames as /api/register). */
  deskRegister: '/api/desk/register',
  /** POST, operator: issues an agent's desk token (shown once). */
  opsDeskToken: `${INTERNAL_API}/v1/ops/desk-tokens`,
  healthz: '/healthz',
  openapi: '/openapi.json',
} as const;

/**
 * spec §7 "Cached GET endpoints": the only calls the web's LRU cache may keep (30 min, 500 entries).
 * None of them depends on who is logged in.
 */
export const CACHEABLE_PATHS: readonly string[] = [
  ApiPath.location,
  ApiPath.pcBottomLink,
  ApiPath.menuIcon,
  ApiPath.cities,
  ApiPath.index,
  ApiPath.conditionEsf,
  ApiPath.conditionRent,
  ApiPath.conditionNewHome,
  ApiPath.conditionEstate,
  ApiPath.dictionary,
  ApiPath.conditionShopSale,
  ApiPath.conditionShopRent,
  ApiPath.conditionOfficesSale,
  ApiPath.conditionOfficesRent,
];

/** Name of the session cookie. It is HttpOnly and set on the root domain, so every city sub-domain sees it. */
export const SESSION_COOKIE = 'yj_token';
/**
 * The agent desk's cookie (modules/im/desk.ts): the desk token itself, HttpOnly, SameSite=Strict, Path /api/desk,
 * as long as the token lives. Never sent with a portal page or any other call.
 */
export const DESK_COOKIE = 'yj_desk';
export { DEVICE_COOKIE } from './device-cookie';

/**
 * spec §7 "Common request setup": the headers every call from the web carries.
 * The backend reads Authorization (and the session cookie) and logs the device code; the rest identify the
 * client for tracking and support.
 */
export const RequestHeader = {
  /** `youju-pc/<version>`: client identifier with version. */
  clientId: 'x-client-id',
  tenantId: 'x-tenant-id',
  deviceName: 'x-device-name',
  /** Device unique code: generated once, kept in the DEVICE_COOKIE cookie. */
  deviceCode: 'x-device-code',
  /** `Bearer <token>` from the session cookie (server-side calls; the browser sends the cookie itself). */
  authorization: 'authorization',
  /** The public host the visitor used (`bj.localhost:3000`), so the backend knows the city domain. */
  authority: 'x-authority',
} as const;
export const TENANT_ID = 'youju';
export const CLIENT_ID = 'youju-pc';
