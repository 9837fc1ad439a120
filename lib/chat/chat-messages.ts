/**
 * The chat widget's strings (components/chat), apart from lib/client/messages.ts because they load with
 * the widget, never in a visitor's first load. lib/messages.ts carries them in the catalogue (`chatWidget`), so
 * each string still has one home. Where copy.md has the string, it is copy.md's exactly.
 */
export const chatWidgetMessages = {
  /** spec §9: the unread badge stops at 99. */
  badge: (n: number) => (n > 99 ? '99+' : String(n)),
  unreadLabel: (n: number) => `${n > 99 ? '99+' : n}条未读消息`,
  /** The 在线咨询 button (a server component; the dock handles its click) and the agent card message's. */
  consult: '在线咨询',
  back: '返回列表',
  listTitle: '消息列表',
  empty: '暂无咨询，在房源或经纪人页面点击“在线咨询”即可开始',
  noMessages: '还没有消息，和经纪人打个招呼吧',
  loading: '加载中…',
  placeholder: '请输入消息，Enter发送，Shift+Enter换行',
  input: '消息内容',
  send: '发送',
  image: '图片',
  exchangePhone: '交换电话',
  count: (n: number, max: number) => `${n}/${max}`,
  tooLong: (max: number) => `最多输入${max}个字`,
  sending: '发送中',
  resend: '发送失败，点击重发',
  autoReply: '自动回复',
  preview: { 121: '[图片]', 201: '[房源]', 20001: '[交换电话]', 21001: '[交换电话]', 211: '[经纪人名片]' } as Record<
    number,
    string
  >,
  unsupported: '[暂不支持的消息]',
  phoneRequestTheirs: '经纪人请求与您交换电话',
  phoneRequestMine: '您请求与经纪人交换电话',
  agree: '同意',
  refuse: '拒绝',
  // copy.md, exactly.
  agreed: '已同意',
  refused: '已拒绝',
  waiting: '等待对方回复',
  phoneOf: (mobile: string) => `电话：${mobile}`,
  agentCard: '经纪人名片',
  property: '房源',
  imageAlt: (n: number) => `图片${n}`,
  uploading: '图片上传中…',
  // copy.md: 400002's default text, error code 1's text.
  sensitive: '包含敏感词',
  tooManyImages: '一次最多发送9张图片',
  connecting: '连接中…',
} as const;
