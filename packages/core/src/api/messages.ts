/**
 * The one catalogue of user-facing messages shared by server and browser. Keys are stable; wording
 * follows the seed's error catalogue (§8) where it names one.
 */
export const messages = {
  ok: "操作成功",
  // Envelope-level outcomes
  notLoggedIn: "登录失效，请重新登录",
  otherLoginRequired: "请先通过来源平台登录",
  forbidden: "账号没有相关操作权限",
  invalidInput: "提交的内容有误，请检查后重试",
  notFound: "请求的内容不存在或已被删除",
  routeNotFound: "接口不存在，请检查地址",
  payloadTooLarge: "提交的内容过大，请精简后重试",
  serverError: "服务器开小差了，请稍后再试",
  tooManyRequests: "操作太频繁，请稍后再试",
  malformedBody: "请求内容格式错误，无法解析",
  unsupportedMediaType: "不支持的请求内容类型",
  // Browser request client (§8)
  networkError: "后端接口连接异常",
  timeout: "系统接口请求超时",
  loginExpired: "登录失效，请重新登录",
  permissionTitle: "系统提示",
  permissionConfirm: "确认",
  // Accounts
  phoneInvalid: "请输入正确的11位手机号",
  codeInvalidFormat: "请输入6位数字验证码",
  codeSentTooOften: "验证码发送太频繁，请60秒后再试",
  codeDailyLimit: "该手机号今日获取验证码次数已达上限，请明天再试",
  codeIpLimit: "当前网络获取验证码过于频繁，请1小时后再试",
  codeWrong: "验证码错误，请重新输入",
  codeExpired: "验证码已失效，请重新获取",
  codeNotSent: "请先获取验证码",
  codeSent: "验证码已发送，5分钟内有效",
  smsSendFailed: "短信发送失败，请稍后重试",
  passwordInvalid: "密码需为8-32位，且同时包含字母和数字",
  passwordRequired: "请输入密码",
  loginFailed: "手机号或密码错误",
  loginThrottled: "密码错误次数过多，请15分钟后再试或使用验证码登录",
  passwordNotSet: "该账号尚未设置密码，请使用验证码登录",
  oldPasswordWrong: "原密码错误",
  accountDisabled: "账号已被停用，请联系管理员",
  nickNameInvalid: "昵称需为1-20个字符",
  avatarInvalid: "头像地址无效",
  phoneTaken: "该手机号已绑定其他账号",
  otherLoginNotConfigured: "未配置第三方平台登录，请联系管理员",
  otherLoginBadSignature: "来源平台登录凭证无效",
  otherLoginExpired: "来源平台登录凭证已过期，请从来源平台重新进入",
  otherLoginReplayed: "来源平台登录凭证已使用，请从来源平台重新进入",
  fromTypeInvalid: "来源类型无效",
  pageNumInvalid: "页码需为正整数",
  pageSizeInvalid: "每页条数需为1-100之间的整数",
  userNotFound: "用户不存在",
} as const;

export type MessageKey = keyof typeof messages;
