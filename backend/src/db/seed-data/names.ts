/** Word parts for generated names. Brands are fictional on purpose: no real agency names. */
export const COMMUNITY_HEADS = ['阳光', '锦绣', '金色', '翠湖', '碧水', '御景', '世纪', '东方', '和平', '幸福', '绿洲', '丽景', '紫荆', '枫林', '春天', '滨江', '天韵', '书香', '文华', '康乐', '怡然', '嘉禾', '瑞和', '盛世'];
export const COMMUNITY_TAILS = ['花园', '家园', '小区', '公寓', '苑', '新村', '嘉园', '华庭', '雅居', '名邸', '新城', '里'];
export const DEVELOPERS = ['华润置地', '保利发展', '万科企业', '中海地产', '招商蛇口', '金地集团', '首开股份', '绿城中国', '龙湖集团', '越秀地产', '本地房管局', '市住宅开发公司'];
export const BUILDING_TYPES = ['板楼', '塔楼', '板塔结合'];
export const BRANDS = ['安居客栈地产', '家和置业', '诚信房产', '晟誉不动产', '鼎好房屋', '宜家行地产'];
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗'];
export const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '磊', '强', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '晓东', '志刚', '海燕', '建华', '丽萍', '文博', '雨婷'];
export const ORIENTATIONS = ['南北', '南', '东南', '西南', '东', '西', '东西', '北'];
export const DECORATIONS = ['精装', '简装', '毛坯'];
export const OWNERSHIPS = ['商品房', '商品房', '商品房', '已购公房', '经济适用房'];
export const LADDER_RATIOS = ['一梯两户', '一梯三户', '两梯四户', '一梯四户', '两梯六户'];
export const FRIENDLY_LINKS: [string, string][] = [
  ['住房和城乡建设部', 'https://www.mohurd.gov.cn/'],
  ['国家统计局', 'https://www.stats.gov.cn/'],
  ['中国人民银行', 'https://www.pbc.gov.cn/'],
  ['国家税务总局', 'https://www.chinatax.gov.cn/'],
  ['全国住房公积金', 'https://www.mohurd.gov.cn/gongkai/zc/zfgjj/'],
];
