import type { ProductContent } from "../product-content.ts";

export const voteProduct: ProductContent = {
  slug: "vote",
  name: "投票评选",
  headline: "投票评选：图文投票，结果实时排行",
  intro:
    "优秀员工评选、摄影比赛、班委选举、活动节目投票都能快速发起。候选项可以配图和介绍，" +
    "投票规则灵活设置，票数实时统计并按排行展示，结果公开透明。",
  illustrationAlt: "投票评选示意图：三位候选人的得票条形图，第一名显示皇冠标记",
  highlights: [
    { value: "图文选项", label: "候选项可配图片与介绍" },
    { value: "实时排行", label: "票数变化即时更新" },
    { value: "投票规则", label: "每人票数与投票次数可控" },
  ],
  features: [
    {
      icon: "apps",
      title: "单选投票与多选投票",
      text: "每人投一票或可投多票，多选投票可限制最少和最多选择的数量。",
    },
    {
      icon: "eye",
      title: "图文展示候选项",
      text: "为每位候选人或每件作品配上图片和简介，投票人先了解再投票。",
    },
    {
      icon: "chart",
      title: "结果实时排行",
      text: "票数按多少排序展示，可以选择投票后是否向投票人公开当前结果。",
    },
    {
      icon: "safety",
      title: "防刷票",
      text: "限制每台设备、每个账号的投票次数，或要求登录后投票，票数更可信。",
    },
    {
      icon: "clock",
      title: "投票时间",
      text: "设定投票的截止时间，到期自动停止收票，无需人工关闭。",
    },
    {
      icon: "qrcode",
      title: "一码传播",
      text: "投票链接与二维码可发到群聊、朋友圈或印在海报上，手机打开即可投票。",
    },
  ],
  steps: [
    { title: "添加候选项", text: "填写候选人或作品名称，配上图片与介绍。" },
    { title: "设置规则", text: "选择每人可投几票、投票次数限制与截止时间。" },
    { title: "发布投票", text: "分享链接和二维码，票数与排行实时更新。" },
  ],
  scenarios: [
    { title: "评优评先", text: "年度优秀员工、优秀班级与先进个人评选。" },
    { title: "作品比赛", text: "摄影、征文、设计作品的大众评审与人气奖。" },
    { title: "民主选举", text: "班委、社团负责人与业主代表的投票选举。" },
    { title: "活动决策", text: "团建地点、年会节目与聚餐时间的集体表决。" },
  ],
  faqs: [
    {
      question: "投票人需要关注公众号或注册吗？",
      answer: "不需要。打开链接即可投票；如果希望一人一票更严格，可以开启要求登录后投票。",
    },
    {
      question: "可以隐藏投票结果吗？",
      answer: "可以。在设置中选择投票后不展示结果，结果只在后台统计页中可见。",
    },
    {
      question: "如何防止有人重复投票？",
      answer: "可按设备、账号限制投票次数，也可以要求投票人登录，系统会拒绝超出次数的投票。",
    },
  ],
  ctaTitle: "现在开始，发起一场公开透明的投票",
  secondary: { label: "查看版本价格", to: "/website/version" },
};
