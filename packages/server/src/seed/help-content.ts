import { PRIVACY_NOTICE_TEMPLATE } from "@wjgj/core";

/** Demo 帮助中心 content: categories in display order, each with its articles in order. */

export interface SeedHelpArticle {
  title: string;
  content: string;
  /**
   * The screens the article sends a reader to. A journey (e2e/tests/help-truth.spec.ts) opens each one
   * and checks it is a real screen, not a placeholder: an article may only describe what the product does.
   */
  screens: string[];
}

export interface SeedHelpCategory {
  name: string;
  articles: SeedHelpArticle[];
}

export const seedHelp: SeedHelpCategory[] = [
  {
    name: "账号与登录",
    articles: [
      {
        title: "如何注册和登录问卷管家？",
        content: `<p>问卷管家使用手机号登录，无需单独注册：</p>
<ol><li>点击官网右上角的“登录”，进入登录页；</li><li>输入手机号并点击“获取验证码”；</li><li>输入收到的 6 位验证码即可登录，首次登录会自动创建账号。</li></ol>
<p>已设置密码的账号也可以切换到“密码登录”，用手机号和密码登录。</p>`,
        screens: ["/Loginone"],
      },
      {
        title: "忘记密码怎么办？",
        content: `<p>在登录页切换到“密码登录”，点击“忘记密码？”，输入注册时的手机号和收到的验证码，再设置新密码即可。重置后，账号在其他设备上的登录会全部退出。</p>
<p>也可以直接选择“验证码登录”，用手机收到的验证码登录，不需要原密码。</p>`,
        screens: ["/Loginone"],
      },
      {
        title: "用验证码注册的账号如何设置密码？",
        content: `<p>进入个人中心，在“账号安全”的“登录密码”一栏点击“设置密码”，输入两次新密码（8-32位，同时包含字母和数字）即可。之后可以在登录页使用“密码登录”。</p>
<p>已有密码时点击“修改密码”，可以用原密码验证，忘记原密码时也可以改用短信验证码验证。</p>`,
        screens: ["/dc/personalCenter?type=1", "/Loginone"],
      },
      {
        title: "如何修改昵称、头像和手机号？",
        content: `<p>进入个人中心：</p>
<ul><li>在“基本资料”中修改昵称，点击“更换头像”选择 JPG 或 PNG 图片，拖动和缩放选好正方形区域后确定；</li>
<li>在“账号安全”的“手机号”一栏点击“更换手机号”，用原手机号和新手机号收到的验证码确认；原手机号已无法使用时，可改用登录密码验证；</li>
<li>从合作平台进入、尚未绑定手机号的账号，在“手机号”一栏点击“去绑定”。</li></ul>
<p>一个手机号只能绑定一个账号。</p>`,
        screens: ["/dc/personalCenter?type=1", "/ConfirmPhone"],
      },
      {
        title: "如何退出其他设备或注销账号？",
        content: `<p>个人中心的“登录设备”列出了账号当前登录的所有设备，可以单独退出某台设备，或点击“退出其他设备”。</p>
<p>在“注销账号”中提交申请后，有15天冷静期，期间可以随时撤销；冷静期结束后，账号的手机号、昵称、头像和密码将被清除，无法再登录。</p>`,
        screens: ["/dc/personalCenter?type=1"],
      },
    ],
  },
  {
    name: "创建问卷",
    articles: [
      {
        title: "如何从零创建一份问卷？",
        content: `<p>登录后进入“项目管理”，点击“创建问卷”，选择项目类型（问卷调查、在线考试、收集表单、投票、满意度调查、知识竞赛），再选择“空白创建”或“文本导入”。</p>
<p>进入编辑器后，从左侧题型列表添加题目，点击题目即可直接编辑文字和选项。编辑内容会自动保存。</p>`,
        screens: ["/dc/dclist", "/dc/creatDc", "/dc/dcDesign?id={questionnaire}"],
      },
      {
        title: "如何使用模板快速创建？",
        content: `<p>在顶部菜单的“模板中心”可以按类型、场景和行业浏览模板，例如满意度调查、活动报名、员工考试等。</p>
<p>打开模板预览，确认合适后点击“使用此模板”，系统会复制一份到你的项目中，你可以在此基础上自由修改。</p>`,
        screens: ["/dc/template"],
      },
      {
        title: "问卷支持哪些题型？",
        content: `<p>常用题型包括：</p>
<ul><li>单选题、多选题、下拉题；</li><li>单行填空、多行填空、多项填空；</li><li>矩阵单选、矩阵多选、矩阵量表；</li><li>排序题、量表题、NPS 题、评分题；</li><li>文件上传、签名、地区选择等。</li></ul>
<p>在编辑器左侧的题型列表中可以看到全部题型。</p>`,
        screens: ["/dc/dcDesign?id={questionnaire}"],
      },
    ],
  },
  {
    name: "发布与回收",
    articles: [
      {
        title: "如何发布问卷并分享给答题者？",
        content: `<p>编辑完成后点击“发布”，再点击“分享”即可获得答题链接、二维码和嵌入网页的代码。你可以把链接发到微信群、邮件或短信中，也可以下载二维码印在海报上。</p>
<p>发布后修改的题目不会立刻生效：答题者看到的仍是上次发布的版本，再次点击“发布”后才会更新。</p>`,
        screens: ["/dc/dclist", "/dc/dcDesign?id={questionnaire}"],
      },
      {
        title: "问卷多了，如何快速找到常用的问卷？",
        content: `<p>在“我的问卷”的问卷卡片上，点击问卷名称前的星标即可设为星标，再点一次取消。左侧的“星标问卷”只列出设为星标的问卷，同样可以搜索、按类型和状态筛选、排序。</p>
<p>星标只属于问卷的所有者：团队成员看不到、也不能修改；复制出的问卷不带星标，转让给他人后星标会取消。</p>`,
        screens: ["/dc/dclist", "/dc/dclist?tab=starred"],
      },
      {
        title: "如何暂停或停止回收答卷？",
        content: `<p>在“我的问卷”中找到问卷，点击“暂停”即可停止回收，需要时再点击“恢复发布”。暂停期间打开链接的答题者会看到问卷已暂停的提示。</p>
<p>你也可以在问卷设置的“回收设置”中设定开始、结束时间或最多回收答卷数，到达后自动停止。</p>`,
        screens: ["/dc/dclist", "/dc/dcDesign?id={questionnaire}"],
      },
      {
        title: "如何限制每人只能填写一次？",
        content: `<p>在问卷设置的“回收设置”中，可以按每台设备、每个 IP 或每个账号限制作答次数，也可以要求答题者登录后作答。</p>
<p>手机号、工号等填空题可以设为“不允许重复”，同一内容只能提交一次。</p>`,
        screens: ["/dc/dcDesign?id={questionnaire}"],
      },
    ],
  },
  {
    name: "数据分析",
    articles: [
      {
        title: "如何查看统计报表？",
        content: `<p>在“我的问卷”中点击问卷的“数据”进入统计分析：“分题统计”为每道题自动生成统计表和图表，图表可以在柱状图、条形图和饼图之间切换；“交叉分析”可以比较不同人群的选择。</p>
<p>在“筛选”中设置条件，可以只看某一部分答卷，例如某个来源，或第 2 题选择了 A 的答卷。</p>`,
        screens: ["/dc/dclist", "/dc/result?id={questionnaire}"],
      },
      {
        title: "如何导出答卷数据？",
        content: `<p>在统计分析页面的“导出”中，可以导出 Excel、CSV 或附件压缩包；设置了筛选条件时，导出的是筛选后的答卷。</p>
<p>导出在后台进行，完成后可以在导出记录中下载，文件保留 7 天。Excel 中每一行是一份答卷，包含提交时间、所用时间、来源和每道题的答案。</p>`,
        screens: ["/dc/result?id={questionnaire}"],
      },
    ],
  },
  {
    name: "个人信息保护",
    articles: [
      {
        title: "问卷隐私说明模板",
        content: `<p>问卷收集姓名、手机号、身份证号等个人信息时，建议在“问卷设置 · 隐私保护”中打开“答题前需同意隐私政策”，填写者勾选同意后才能作答，每份答卷记录其同意的版本。隐私说明可参考以下模板，把【】中的内容换成自己的：</p>
<blockquote>${PRIVACY_NOTICE_TEMPLATE}</blockquote>
<p>“隐私政策链接”留空时使用平台的隐私政策。同一页面的“答卷保留期限”可设置收集结束后多少天自动删除答卷或只去除其中的个人信息。</p>`,
        screens: ["/Agreement?tab=privacy"],
      },
      {
        title: "填写者如何查看或删除自己的答卷？",
        content: `<p>提交成功页面有“查看我的答卷”链接：填写者可以随时打开，查看完整答案、下载答卷，或申请删除。问卷有手机号题时，填写者也可以在提交成功页面点“用手机号查询”，用短信验证码找到自己的答卷。</p>
<p>问卷的所有者和管理员在“答卷详情”的“删除申请”中处理：同意后答卷彻底删除（不进回收站、不可恢复），不同意时需说明原因，填写者在回执页面可以看到。每次处理都记入团队“动态”。</p>`,
        screens: ["/Agreement?tab=privacy"],
      },
    ],
  },
  {
    name: "考试与测评",
    articles: [
      {
        title: "如何设置考试题目的答案和分值？",
        content: `<p>创建在线考试后，选中题目，在右侧“选项设置”中勾选正确答案，并在“计分方式”中填写本题分值；多选题可以选择“答对几项得几分”。</p>
<p>填空题可以填写多个参考答案，答对任意一个即可得分，并可为每道题填写答案解析。</p>`,
        screens: ["/dc/creatDc", "/dc/dcDesign?id={questionnaire}"],
      },
      {
        title: "如何设置考试时长和防作弊？",
        content: `<p>在问卷设置的“考试设置”中可以设置：</p>
<ul><li>考试时长，到时自动交卷；</li><li>题目和选项随机排序；</li><li>切屏次数限制，超过后自动交卷；</li><li>交卷后是否显示成绩和答案。</li></ul>`,
        screens: ["/dc/dcDesign?id={questionnaire}"],
      },
    ],
  },
];
