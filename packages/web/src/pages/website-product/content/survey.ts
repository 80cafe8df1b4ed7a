import type { ProductContent } from "../product-content.ts";

export const satisfactionProduct: ProductContent = {
  slug: "survey",
  name: "满意度调查",
  headline: "满意度调查：听见客户与员工的真实声音",
  intro:
    "客户满意度、员工满意度、产品体验与 NPS 净推荐值测评，用星级、量表和 NPS 题型把感受变成可比较的分数。" +
    "结果按维度汇总，低分反馈可以追问原因，让改进有的放矢。",
  illustrationAlt: "满意度调查示意图：0 到 10 分的 NPS 打分条，下方是推荐者、中立者和贬损者的占比",
  highlights: [
    { value: "NPS 题型", label: "0-10 分推荐意愿，自动算净推荐值" },
    { value: "星级与量表", label: "五星打分、李克特量表、矩阵量表" },
    { value: "低分追问", label: "按分数显示追问题，找到不满原因" },
  ],
  features: [
    {
      icon: "smile",
      title: "专为测评设计的题型",
      text: "NPS、星级评分、李克特量表、滑动条与矩阵量表，一组题就能覆盖服务、产品、价格等多个维度。",
    },
    {
      icon: "branches",
      title: "按评分追问",
      text: "给出低分的受访者自动看到“哪方面让您不满意”，高分的受访者则跳过，问卷更短，反馈更具体。",
    },
    {
      icon: "chart",
      title: "指标自动计算",
      text: "平均分、各分值占比与 NPS（推荐者占比减去贬损者占比）自动算好，不用再手工整理。",
    },
    {
      icon: "filter",
      title: "分组对比",
      text: "按门店、部门、渠道等筛选与交叉分析，看清不同群体的满意度差异。",
    },
    {
      icon: "qrcode",
      title: "服务现场即时收集",
      text: "把二维码放在收银台、前台或回执上，顾客刚体验完就能打分，反馈更及时。",
    },
    {
      icon: "lock",
      title: "匿名作答",
      text: "员工满意度调查可以不要求登录，答卷不记录姓名，员工更愿意说真话。",
    },
  ],
  steps: [
    { title: "选择指标", text: "确定要测评的维度，用星级、量表或 NPS 题型设计问卷。" },
    { title: "触达对象", text: "通过链接、二维码或嵌入网页，把问卷送到客户和员工手中。" },
    { title: "追踪改进", text: "查看各维度得分与低分原因，定期复测对比变化。" },
  ],
  scenarios: [
    { title: "客户满意度", text: "售后回访、门店服务评价与客服质量评估。" },
    { title: "员工满意度", text: "年度敬业度调查、培训效果与内部服务评价。" },
    { title: "产品体验", text: "新版本上线后的体验打分与功能改进建议。" },
    { title: "NPS 测评", text: "持续追踪用户的推荐意愿，衡量口碑变化。" },
  ],
  faqs: [
    {
      question: "什么是 NPS 净推荐值？",
      answer:
        "NPS 询问“您有多大可能向朋友推荐我们”（0-10 分），9-10 分为推荐者，0-6 分为贬损者，NPS 等于推荐者占比减去贬损者占比。",
    },
    {
      question: "员工满意度调查能保证匿名吗？",
      answer: "可以不要求登录作答，问卷中也不必包含姓名等个人信息；创建者只能看到答卷内容本身。",
    },
    {
      question: "可以定期做同一份调查吗？",
      answer: "可以复制已有问卷再次发布，每一期的结果分开统计，方便前后对比。",
    },
  ],
  ctaTitle: "现在开始，倾听客户与员工的声音",
  secondary: { label: "查看版本价格", to: "/website/version" },
};
