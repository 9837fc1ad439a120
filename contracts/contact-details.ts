/**
 * The one detector of contact details in a text the public sees (nicknames, 楼盘点评, an entrust's 房源描述 and
 * 联系人): spec §3 masks phone numbers and lets a visitor reach an owner only through the agent, so a mobile, a
 * landline, a WeChat or a QQ id typed into free text would publish what the portal otherwise keeps back.
 * Zod-free: the backend's schemas refine with it (contracts/fields.ts `publicText`) and the forms check with it
 * before sending, so both refuse the same texts with the same message.
 *
 * A number is read as a person would: full-width and other compatibility digits (１３９, ①) count, Chinese numerals
 * (一三九, 壹叁玖, 幺, 〇) count, and up to three separators between two digits (spaces, dashes, dots, slashes,
 * brackets) do not end it. Ordinary numbers stay: 500万, 89.5㎡, 2015年, 12/18层, 3室2厅.
 */

export type ContactKind = 'mobile' | 'landline' | 'wechat' | 'qq' | 'phone';

/** Chinese numerals, lower and upper case (大写), and the spoken forms of phone numbers (幺 for 1, 洞 for 0). */
const CHINESE_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  洞: '0',
  一: '1',
  幺: '1',
  二: '2',
  两: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
  壹: '1',
  贰: '2',
  貳: '2',
  叁: '3',
  參: '3',
  肆: '4',
  伍: '5',
  陆: '6',
  陸: '6',
  柒: '7',
  捌: '8',
  玖: '9',
};
const CHINESE_DIGIT = new RegExp(`[${Object.keys(CHINESE_DIGITS).join('')}]`, 'gu');
/** What may stand between two digits of one number. */
const SEPARATOR = String.raw`[\s\-_.·•/\\|,，、。:：()（）\[\]【】+~—–―*#'"“”‘’]`;
const BETWEEN_DIGITS = new RegExp(`(?<=\\d)${SEPARATOR}{1,3}(?=\\d)`, 'gu');
const DIGIT_RUN = /\d+/g;

/** Digits of a text as a reader takes them in: compatibility forms folded, Chinese numerals read, separators dropped. */
export function readNumbers(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(CHINESE_DIGIT, (ch) => CHINESE_DIGITS[ch] ?? ch)
    .replace(BETWEEN_DIGITS, '');
}

/**
 * What a whole number (a run of digits, separators dropped) is, or null. A run longer than the pattern is not
 * taken apart: `1300 1500 1800` (three prices) reads as 12 digits, which is no phone number.
 */
function numberKind(run: string): ContactKind | null {
  // A mainland mobile (1[3-9] and nine digits), also with the country code in front (86 / 0086).
  if (/^(?:0{0,2}86)?1[3-9]\d{9}$/.test(run)) return 'mobile';
  // A landline with its area code (010-12345678, 0755 1234567) and the 400 / 800 service numbers.
  if (/^0[1-9]\d{8,10}$/.test(run) || /^[48]00\d{7}$/.test(run)) return 'landline';
  return null;
}

/**
 * WeChat, QQ and phone words followed by an id: `微信 abc_123`, `vx：wxid888`, `加V 13912345678`, `QQ 12345678`,
 * `扣扣：一二三四五六`. Read on the text without white space (`微 信 ： a b c` is the same), lower-cased.
 * Latin words must not be the end of a longer word (`new xbox` is no `wx`).
 */
const WECHAT_WORD = String.raw`(?:微信|威信|薇信|维信|徽信|危信|卫星号|v信|(?<![a-z])(?:vx|wx|vchat|weixin|wechat|wechatid|wxid)|加v|\+v|加微|加个v|(?<![a-z])v号)`;
const QQ_WORD = String.raw`(?:(?<![a-z])qq|扣扣|抠抠|企鹅号|q号)`;
const PHONE_WORD = String.raw`(?:电话|手机|致电|来电|热线|联系方式|(?<![a-z])(?:tel|phone|mobile))`;
/** Filler between the word and the id: `号`, `：`, `是`, `为`, `同号`, `id`. */
const FILLER = String.raw`(?:号码|号|账号|帐号|id|是|为|:|：|=|＝|-|_|同|\.|。|,|，)*`;
const WECHAT_ID = new RegExp(`${WECHAT_WORD}${FILLER}(?:[a-z][a-z0-9_-]{5,19}|\\d{5,})`, 'u');
const QQ_ID = new RegExp(`${QQ_WORD}${FILLER}\\d{5,}`, 'u');
const PHONE_NUMBER = new RegExp(`${PHONE_WORD}${FILLER}\\d{7,}`, 'u');

/** The first kind of contact detail the text carries, or null. Never throws, whatever the input. */
export function findContactDetails(text: string): ContactKind | null {
  const read = readNumbers(text);
  for (const run of read.match(DIGIT_RUN) ?? []) {
    const kind = numberKind(run);
    if (kind) return kind;
  }
  const packed = read.replace(/\s+/gu, '');
  if (WECHAT_ID.test(packed)) return 'wechat';
  if (QQ_ID.test(packed)) return 'qq';
  if (PHONE_NUMBER.test(packed)) return 'phone';
  return null;
}

export const hasContactDetails = (text: string): boolean => findContactDetails(text) !== null;

/** The field error: `房源描述不能包含手机号、微信号、QQ号等联系方式`. */
export const contactDetailsMessage = (label: string) => `${label}不能包含手机号、微信号、QQ号等联系方式`;

/** The labels of the public text fields, as the forms name them. */
export const CONTACT_FIELD_LABELS = {
  nickname: '昵称',
  reviewBody: '点评内容',
  description: '房源描述',
  contactName: '联系人',
} as const;
