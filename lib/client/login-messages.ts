/**
 * The strings of the login form (the login page, and the code and password fields of the personal centre's password
 * form): only pages that draw one load them, so they stay out of lib/client/messages.ts, which every page's first
 * load carries. lib/messages.ts spreads this object in too, so server code keeps reading `messages.x`.
 */
export const loginMessages = {
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
};
