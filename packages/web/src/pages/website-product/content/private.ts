import type { ProductContent } from "../product-content.ts";

export const privateProduct: ProductContent = {
  slug: "private",
  name: "私有化部署",
  headline: "私有化部署：装在您自己的服务器上，数据完全自主可控",
  intro:
    "对数据安全有要求的政府机关、医院、高校与企业，可以把问卷管家完整部署在自己的机房或云服务器上。" +
    "问卷、答卷、附件和账号都只存放在您的服务器里，与内部系统对接也更方便。",
  illustrationAlt: "私有化部署示意图：一台带有盾牌标记的服务器，连接着电脑和手机两个终端",
  highlights: [
    { value: "一条命令", label: "Node.js 环境下构建并启动" },
    { value: "2 种数据库", label: "内置 SQLite，或使用 PostgreSQL" },
    { value: "全功能", label: "问卷、考试、投票、表单与管理后台" },
  ],
  features: [
    {
      icon: "database",
      title: "数据留在本地",
      text: "所有问卷、答卷与上传的文件都保存在您指定的服务器和数据库中，不经过任何第三方平台。",
    },
    {
      icon: "cloud",
      title: "部署简单",
      text: "网页与接口由同一个服务提供，准备好 Node.js 即可启动；默认使用内置 SQLite，小团队无需另装数据库。",
    },
    {
      icon: "database",
      title: "支持 PostgreSQL",
      text: "答卷量大或需要集中备份时，设置数据库连接即可切换到 PostgreSQL，两种数据库使用同一套迁移。",
    },
    {
      icon: "safety",
      title: "安全设计",
      text: "富文本按白名单过滤，上传文件按内容识别类型，会话与密码安全存储，管理操作全部留痕。",
    },
    {
      icon: "team",
      title: "账号与权限自主管理",
      text: "管理员在后台管理用户、会员等级与站点内容，也可以通过第三方登录参数与已有账号体系打通。",
    },
    {
      icon: "edit",
      title: "品牌与站点自定义",
      text: "站点名称、备案号、联系方式、页脚信息与官网资讯都可以在管理后台修改，打造自己的问卷平台。",
    },
  ],
  steps: [
    { title: "需求沟通", text: "告诉我们使用规模、服务器环境与对接需求。" },
    { title: "部署上线", text: "在您的服务器上安装、配置域名与数据库，完成数据迁移。" },
    { title: "培训与维护", text: "为管理员提供使用培训，版本升级与问题排查持续跟进。" },
  ],
  scenarios: [
    { title: "政府与事业单位", text: "民意征集、内部考核等数据需留存在本单位的场景。" },
    { title: "医院与医疗机构", text: "患者随访与满意度调查，敏感信息不出院内网络。" },
    { title: "高校与科研院所", text: "教学测评与科研调查，统一部署在校园数据中心。" },
    { title: "大中型企业", text: "员工调查、培训考试与内部系统集成，数据统一管理。" },
  ],
  faqs: [
    {
      question: "私有化部署对服务器有什么要求？",
      answer:
        "一台能运行 Node.js 的 Linux 服务器即可起步；答卷量较大时建议使用 PostgreSQL，并为上传文件预留足够的磁盘空间。",
    },
    {
      question: "部署后还能升级吗？",
      answer: "可以。新版本自带数据库迁移，升级时会自动更新表结构，已有数据保持不变。",
    },
    {
      question: "如何咨询私有化部署的方案与报价？",
      answer: "请在联系我们页面留下您的联系方式和需求，我们会在一个工作日内与您联系。",
    },
  ],
  ctaTitle: "先在线免费体验，再决定部署方案",
  secondary: { label: "咨询部署方案", to: "/website/companyProfile" },
};
