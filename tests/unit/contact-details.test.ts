import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findContactDetails, readNumbers } from '@contracts/contact-details';

/** The one detector of contact details in public text (contracts/contact-details.ts). */

const MOBILE = '13912345678';
const UPPER: Record<string, string> = {
  '0': '零',
  '1': '壹',
  '2': '贰',
  '3': '叁',
  '4': '肆',
  '5': '伍',
  '6': '陆',
  '7': '柒',
  '8': '捌',
  '9': '玖',
};
const LOWER: Record<string, string> = {
  '0': '〇',
  '1': '一',
  '2': '二',
  '3': '三',
  '4': '四',
  '5': '五',
  '6': '六',
  '7': '七',
  '8': '八',
  '9': '九',
};
const fullWidth = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

describe('findContactDetails: what it finds', () => {
  it.each([
    // The probe's review and entrust description.
    ['联系我看房 13912345678 微信同号 加V优惠', 'mobile'],
    ['业主直售，电话13800138000，中介勿扰', 'mobile'],
    // Mobiles written around the rule.
    ['139 1234 5678', 'mobile'],
    ['139-1234-5678', 'mobile'],
    ['139.1234.5678', 'mobile'],
    ['139 - 1234 - 5678', 'mobile'],
    ['(139)1234/5678', 'mobile'],
    ['+86 139 1234 5678', 'mobile'],
    ['0086-13912345678', 'mobile'],
    [fullWidth(MOBILE), 'mobile'],
    [`看房打${[...MOBILE].map((d) => LOWER[d]).join('')}`, 'mobile'],
    [`看房打${[...MOBILE].map((d) => UPPER[d]).join('')}`, 'mobile'],
    ['幺三九幺二三四五六七八', 'mobile'],
    ['139一二三四5678', 'mobile'],
    ['①③⑨①②③④⑤⑥⑦⑧', 'mobile'],
    // Landlines and service numbers.
    ['010-12345678', 'landline'],
    ['0755 1234567', 'landline'],
    ['（010）8765-4321', 'landline'],
    ['400-123-4567', 'landline'],
    ['电话 8765 4321', 'phone'],
    ['tel:87654321', 'phone'],
    // WeChat under its words and look-alikes.
    ['微信 abc_123', 'wechat'],
    ['微信号：youju2026', 'wechat'],
    ['威信 abcdef1', 'wechat'],
    ['薇信youju88', 'wechat'],
    ['vx: wxid888888', 'wechat'],
    ['VX youju88', 'wechat'],
    ['ｖｘ：ｙｏｕｊｕ８８', 'wechat'],
    ['v信 youju88', 'wechat'],
    ['加V youju88', 'wechat'],
    ['加v 888666', 'wechat'],
    ['wx:youju_88', 'wechat'],
    ['微 信 ： y o u j u 8 8', 'wechat'],
    ['加微信 123456', 'wechat'],
    // QQ.
    ['QQ 12345678', 'qq'],
    ['qq号：10001', 'qq'],
    ['扣扣 一二三四五六', 'qq'],
    ['企鹅号 7654321', 'qq'],
  ])('%j → %s', (text, kind) => expect(findContactDetails(text)).toBe(kind));
});

describe('findContactDetails: what it leaves alone', () => {
  it.each([
    '南北通透，业主诚心出售',
    '总价500万，单价56000元/㎡',
    '建筑面积89.5㎡，3室2厅1卫',
    '2015年建成，12/18层，电梯房',
    '距地铁10号线约800米，步行10分钟',
    '报价 1300 1500 1800 均可谈',
    '2室1厅 89㎡ 560万 2015年',
    '三室一厅，两个卫生间，一楼带院子',
    '房龄十年，满五唯一，税费少',
    '每月租金6500元，押一付三，一年起租',
    '加V优惠',
    '微信扫码看房更方便',
    '小区门口有公交站，7路、35路、108路',
    '物业费2.5元/㎡/月，车位300元/月',
    'new xbox, vip 会员',
    '2024年12月12日可入住',
    '望京西园三区 3号楼 2单元 1201',
    '王先生',
    '',
  ])('%j → null', (text) => expect(findContactDetails(text)).toBeNull());

  it('passes ordinary listing texts built from prices, areas, years, floors and layouts', () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 99_999 }).map((n) => `${n}万`),
            fc.integer({ min: 10, max: 999 }).map((n) => `${n}.${n % 10}㎡`),
            fc.integer({ min: 1950, max: 2030 }).map((y) => `${y}年`),
            fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })).map(([a, b]) => `${a}/${b}层`),
            fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 })).map(([r, h]) => `${r}室${h}厅`),
            fc.constantFrom('南北通透', '精装修', '近地铁', '，', '。', '业主诚心出售', '拎包入住'),
          ),
          { maxLength: 12 },
        ),
        (parts) => {
          expect(findContactDetails(parts.join(''))).toBeNull();
        },
      ),
    ));
});

describe('findContactDetails: properties', () => {
  it('finds any mobile however it is separated and written', () =>
    fc.assert(
      fc.property(
        fc.constantFrom('3', '4', '5', '6', '7', '8', '9'),
        fc.stringMatching(/^\d{9}$/),
        fc.array(fc.constantFrom('', ' ', '-', '.', ' - ', '/', '  '), { minLength: 10, maxLength: 10 }),
        fc.constantFrom('ascii', 'full', 'lower', 'upper'),
        fc.constantFrom('', '房东', '看房请联系 ', '欢迎来电'),
        fc.constantFrom('', '，中介勿扰', ' 随时看房'),
        (second, rest, seps, form, before, after) => {
          const digits = `1${second}${rest}`;
          const written = [...digits].map((d) =>
            form === 'full' ? fullWidth(d) : form === 'lower' ? LOWER[d]! : form === 'upper' ? UPPER[d]! : d,
          );
          const text = before + written.map((d, i) => d + (seps[i] ?? '')).join('') + after;
          expect(findContactDetails(text)).toBe('mobile');
        },
      ),
    ));

  it('finds a WeChat or QQ id after any of their words', () =>
    fc.assert(
      fc.property(
        fc.constantFrom('微信', '威信', '薇信', 'vx', 'VX', 'v信', 'V信', '加V', '加v', 'wx', 'WX', 'QQ', 'qq', '扣扣'),
        fc.constantFrom('', ' ', '：', ':', '号', '号：', ' 是 '),
        fc.stringMatching(/^\d{5,10}$/),
        (word, filler, id) => {
          expect(findContactDetails(`${word}${filler}${id}`)).not.toBeNull();
        },
      ),
    ));

  // Generating binary strings is the slow part on a busy machine: a timeout of its own.
  it(
    'never throws',
    () => fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (s) => void findContactDetails(s))),
    60_000,
  );

  it('reads separators only between digits: text around numbers stays', () => {
    expect(readNumbers('139 1234 5678 微信')).toBe('13912345678 微信');
    expect(readNumbers('３室２厅')).toBe('3室2厅');
  });
});
