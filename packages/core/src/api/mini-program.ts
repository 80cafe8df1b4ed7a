/** queationaryTeam/getSmallUrlScheme: a WeChat mini-program link to answer one questionnaire. */
export interface SmallUrlScheme {
  /** weixin://dl/business/?t=… — opens the mini program's answer page from a phone's browser or a text. */
  openlink: string;
  /** When WeChat stops honouring the link, "YYYY-MM-DD HH:mm:ss" (China time). */
  expireTime: string;
}
