/**
 * Names of commercial projects (shopping streets, malls, office towers). Well-known ones by city and business
 * area where the seed knows the areas (北京, 上海: seed-data/metro.ts); elsewhere, and after these, names are
 * composed from the business area or a developer's brand and a tail that fits the kind.
 */

/** Well-known projects per business area: malls and shopping streets (shops), towers (offices). */
export const KNOWN_PROJECTS: Record<string, Record<string, { shops?: string[]; offices?: string[] }>> = {
  '110000': {
    望京: { shops: ['凯德MALL望京', '望京华彩商业中心', '方恒购物中心'], offices: ['望京SOHO', '绿地中心', '方恒国际中心'] },
    国贸: { shops: ['国贸商城', '银泰中心in01', '建外SOHO'], offices: ['国贸三期', '华贸中心', '建外SOHO', '银泰中心'] },
    三里屯: { shops: ['三里屯太古里', '三里屯SOHO'], offices: ['三里屯SOHO', '盈科中心'] },
    大望路: { shops: ['北京SKP', '万达广场(CBD店)', '新光天地'], offices: ['万达广场写字楼', '现代城'] },
    亚运村: { shops: ['北辰购物中心'], offices: ['北辰时代大厦', '五洲大酒店写字楼'] },
    朝阳公园: { shops: ['蓝色港湾', '燕莎奥特莱斯'], offices: ['颐堤港一座'] },
    双井: { shops: ['富力广场', '合生汇'], offices: ['富力双子座', '双井苹果派'] },
    酒仙桥: { shops: ['颐堤港', '将台路商业街'], offices: ['电子城科技大厦', '恒通商务园'] },
    常营: { shops: ['龙湖长楹天街'], offices: ['长楹天街写字楼'] },
    中关村: { shops: ['中关村e世界', '欧美汇购物中心', '中关村广场购物中心'], offices: ['中关村广场', '海龙大厦', '中关村SOHO'] },
    五道口: { shops: ['五道口购物中心', '华联五道口'], offices: ['清华同方科技广场', '华清商务会馆'] },
    上地: { shops: ['上地华联'], offices: ['上地国际创业园', '融科资讯中心', '上地科技大厦'] },
    公主坟: { shops: ['城乡华懋商厦', '翠微大厦'], offices: ['中国国际贸易促进大厦'] },
    西直门: { shops: ['凯德MALL西直门', '西环广场'], offices: ['西环广场写字楼', '新时代大厦'] },
    金融街: { shops: ['金融街购物中心'], offices: ['金融街中心', '英蓝国际金融中心', '金融大街富凯大厦'] },
    东直门: { shops: ['来福士购物中心', '银座MALL'], offices: ['来福士中心', '东方银座写字楼'] },
    崇文门: { shops: ['新世界百货', '国瑞购物中心'], offices: ['新世界中心写字楼'] },
    丽泽: { shops: ['丽泽天街'], offices: ['丽泽SOHO', '丽泽金融商务区平安中心'] },
    方庄: { shops: ['方庄购物中心', '芳群园商业街'], offices: ['方庄时代财富大厦'] },
    鲁谷: { shops: ['石景山万达广场'], offices: ['鲁谷大街万商大厦'] },
    通州北苑: { shops: ['通州万达广场'], offices: ['通州万达写字楼', '运河商务区大厦'] },
    亦庄: { shops: ['亦庄大族广场', '亦庄龙湖天街'], offices: ['亦庄经开大厦', '大族企业湾'] },
    回龙观: { shops: ['回龙观华联', '龙域中心商业街'], offices: ['龙域中心'] },
    天通苑: { shops: ['天通苑龙德广场'] },
  },
  '310000': {
    陆家嘴: {
      shops: ['国金中心商场', '正大广场', '陆家嘴中心L+MALL'],
      offices: ['上海中心大厦', '上海环球金融中心', '国金中心二期'],
    },
    张江: { shops: ['张江长泰广场', '张江汇智商业街'], offices: ['张江高科技园区创新大厦', '张江科学城大厦'] },
    世纪公园: { shops: ['浦东嘉里城'], offices: ['浦东嘉里中心', '世纪大都会'] },
    徐家汇: { shops: ['港汇恒隆广场', '美罗城', '太平洋百货'], offices: ['汇金广场', '港汇中心', '东方商厦写字楼'] },
    漕河泾: { shops: ['漕河泾印象城'], offices: ['漕河泾开发区科技绿洲', '光启城'] },
    静安寺: { shops: ['久光百货', '静安嘉里中心商场', '芮欧百货'], offices: ['静安嘉里中心', '越洋广场', '会德丰国际广场'] },
    大宁: { shops: ['大宁国际商业广场', '大宁音乐广场'], offices: ['大宁中心广场'] },
    五角场: { shops: ['五角场万达广场', '合生汇', '百联又一城'], offices: ['创智天地', '东方渔人码头'] },
    中山公园: { shops: ['龙之梦购物中心', '巴黎春天'], offices: ['长宁来福士', '中山公园龙之梦大厦'] },
    古北: { shops: ['古北黄金城道步行街'], offices: ['古北国际财富中心'] },
    虹桥: { shops: ['虹桥天地', '虹桥南丰城'], offices: ['虹桥天地写字楼', '虹桥世界中心'] },
    人民广场: { shops: ['来福士广场', '第一百货'], offices: ['来福士广场办公楼', '明天广场'] },
    新天地: { shops: ['新天地时尚', '新天地北里'], offices: ['企业天地', '新天地茂名大厦'] },
    北外滩: { shops: ['白玉兰广场商场'], offices: ['白玉兰广场', '北外滩来福士'] },
    莘庄: { shops: ['莘庄仲盛世界商城', '莘庄龙之梦'], offices: ['莘庄商务区大厦'] },
    七宝: { shops: ['七宝万科广场', '七宝老街'], offices: ['七宝宝龙城写字楼'] },
  },
};

/** Developers' and operators' brands that name malls and towers everywhere. */
export const COMMERCIAL_BRANDS = [
  '万达',
  '华润',
  '龙湖',
  '保利',
  '中海',
  '绿地',
  '世茂',
  '凯德',
  '招商',
  '金地',
  '远洋',
  '宝龙',
  '新城',
  '大悦城',
  '印象城',
];

/**
 * Tails by shop type (SHOP_TYPE 1–5, contracts/commercial-filters.ts), after the business area's name: 望京万达广场,
 * 望京美食街. 住宅底商 takes its community's name (望京西园底商); 写字楼配套 a tower's (望京国际中心配套商业).
 */
export const SHOP_PROJECT_TAILS: Record<number, string[]> = {
  1: ['底商'],
  2: ['商业街', '步行街', '美食街', '风情商业街', '特色街区'],
  3: ['万达广场', '龙湖天街', '吾悦广场', '印象城', '大悦城', '万象汇', '凯德广场', '宝龙广场', '购物中心', '生活广场'],
  4: ['大街沿街商铺', '路临街门面', '北路临街商铺', '南路沿街门面'],
  5: ['配套商业', '底商', '商业裙楼'],
};

/** Tails by office grade (OFFICE_GRADE 1–3). */
export const OFFICE_PROJECT_TAILS: Record<number, string[]> = {
  1: ['国际中心', '金融中心', '环球中心', '中心大厦', '国际大厦', '国际广场', '财富中心'],
  2: ['大厦', '商务中心', '科技大厦', '商务广场', '创意园'],
  3: ['商务楼', '综合楼', '写字楼', '商务大楼', '孵化器'],
};

/** 物业公司 of office towers: the international firms manage most 甲级 towers. */
export const OFFICE_PROPERTY_COMPANIES: Record<number, string[]> = {
  1: ['仲量联行', '戴德梁行', '世邦魏理仕', '第一太平戴维斯', '高力国际'],
  2: ['中海物业', '保利物业', '万科物业', '招商积余', '金地物业', '绿城服务'],
  3: ['本地物业管理公司', '碧桂园服务', '自持物业', '彩生活'],
};

export const ROAD_SUFFIXES = ['路', '大街', '北路', '南路', '东路', '西路'];
