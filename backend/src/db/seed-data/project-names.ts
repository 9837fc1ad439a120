/**
 * Word parts for new-home projects (楼盘). Projects carry their developer's brand, as they do on every portal
 * (万科·翡翠公园, 中海寰宇天下, 龙湖·天曜); the project names themselves are composed, so none is a real
 * project. Each brand comes with the property-service company of its group.
 */
export const DEVELOPER_BRANDS: { brand: string; property: string; tier: 'national' | 'regional' }[] = [
  { brand: '万科', property: '万科物业服务股份有限公司', tier: 'national' },
  { brand: '中海', property: '中海物业管理有限公司', tier: 'national' },
  { brand: '保利', property: '保利物业服务股份有限公司', tier: 'national' },
  { brand: '华润', property: '华润万象生活有限公司', tier: 'national' },
  { brand: '招商', property: '招商积余物业管理有限公司', tier: 'national' },
  { brand: '龙湖', property: '龙湖智创生活有限公司', tier: 'national' },
  { brand: '绿城', property: '绿城物业服务集团有限公司', tier: 'national' },
  { brand: '金地', property: '金地物业服务有限公司', tier: 'national' },
  { brand: '越秀', property: '越秀服务有限公司', tier: 'national' },
  { brand: '中建', property: '中建物业管理有限公司', tier: 'national' },
  { brand: '金茂', property: '金茂物业服务有限公司', tier: 'national' },
  { brand: '建发', property: '建发物业服务集团有限公司', tier: 'national' },
  { brand: '华发', property: '华发物业服务有限公司', tier: 'regional' },
  { brand: '首开', property: '首开城市运营服务集团有限公司', tier: 'regional' },
  { brand: '城建', property: '城建物业管理有限公司', tier: 'regional' },
  { brand: '滨江', property: '滨江物业服务有限公司', tier: 'regional' },
  { brand: '旭辉', property: '永升物业服务有限公司', tier: 'regional' },
  { brand: '象屿', property: '象屿物业服务有限公司', tier: 'regional' },
];

/** Independent property managers a regional developer or an office tower hires. */
export const PROPERTY_MANAGERS = [
  '第一太平戴维斯物业顾问有限公司',
  '仲量联行物业管理服务有限公司',
  '世邦魏理仕物业管理服务有限公司',
  '长城物业集团股份有限公司',
  '碧桂园生活服务集团有限公司',
];

/** The poetic part of a project name. */
export const PROJECT_TAILS = [
  '翡翠公园',
  '寰宇天下',
  '天曜',
  '云启',
  '璟宸',
  '臻园',
  '玖樾',
  '观澜',
  '悦府',
  '壹号院',
  '时代之光',
  '紫云台',
  '天珺',
  '溪山境',
  '春江悦',
  '熙园',
  '云玺',
  '和光尘樾',
  '未来城',
  '璞园',
  '润府',
  '公园里',
  '海晏',
  '瑞府',
  '琨御府',
  '湖畔大境',
  '玺悦',
  '云著',
  '理想城',
  '檀境',
  '宸章',
  '观邸',
  '锦樾',
  '天宸',
  '大都会',
  '星河湾',
  '映月台',
  '九里',
  '清樾',
  '望辰',
  '江屿',
  '山语',
  '书院',
  '铂悦',
  '澜岸',
  '晓月',
  '麓府',
  '印象',
];

/** The registered name (备案名) of a project often is a plain one: 望京嘉园. */
export const REGISTERED_TAILS = ['家园', '嘉园', '佳苑', '雅苑', '新城', '花园', '小区'];

export const ROAD_SUFFIXES = ['路', '大街', '北路', '南路', '东路', '西路', '大道'];
export const CORNERS = ['东北角', '西北角', '东南角', '西南角'];

/** What a layout's plan is praised for. */
export const LAYOUT_TAGS = [
  '南北通透',
  '户型方正',
  '动静分区',
  '主卧套房',
  '双卫',
  '明厨明卫',
  '三面采光',
  '带露台',
  '大面宽',
  '独立衣帽间',
];

/** One line on a project's character, for its description. */
export const PROJECT_HIGHLIGHTS = [
  '社区规划有中央景观与全龄活动场地',
  '周边配套成熟，商业、学校、医院一应俱全',
  '低密度板式住宅，楼间距开阔',
  '人车分流，地下车库直达入户大堂',
  '小区内规划幼儿园与社区商业',
  '临近城市公园，绿意环绕',
];
