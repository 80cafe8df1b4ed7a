import type { QuestionnaireKind } from "@wjgj/core";

/** Demo questionnaires for the demo account: one of each kind, in realistic Chinese. */
const choice = (id: string, title: string, labels: string[], extra: Record<string, unknown> = {}) => ({
  id,
  type: "single",
  title,
  required: true,
  config: { options: labels.map((label, i) => ({ id: `${id}_${i + 1}`, label })) },
  ...extra,
});

const multi = (id: string, title: string, labels: string[]) => ({
  id,
  type: "multiple",
  title,
  required: true,
  config: { options: labels.map((label, i) => ({ id: `${id}_${i + 1}`, label })) },
});

export interface DemoQuestionnaire {
  kind: QuestionnaireKind;
  title: string;
  publish: boolean;
  responses: number;
  definition: Record<string, unknown>;
  /**
   * What respondents write in each fill-in question (by question id), written for this questionnaire's
   * topic, so a demo's text answers read like its own respondents' (a canteen survey gets canteen answers).
   */
  texts: Record<string, readonly string[]>;
  /** 问卷设置 the demo needs to keep what its description promises (the vote's 每人限投一次). */
  settings?: Record<string, unknown>;
}

function definition(
  kind: QuestionnaireKind,
  title: string,
  description: string,
  questions: unknown[],
  extra = {},
) {
  return { schemaVersion: 1, kind, title, description, pages: [{ id: "p1", questions }], ...extra };
}

export const demoQuestionnaires: DemoQuestionnaire[] = [
  {
    kind: "satisfaction",
    title: "2026年度员工满意度调查",
    publish: true,
    responses: 180,
    definition: definition(
      "satisfaction",
      "2026年度员工满意度调查",
      "本问卷匿名填写，约需3分钟，感谢您的真实反馈。",
      [
        choice("dept", "您所在的部门", ["研发中心", "市场部", "销售部", "人力行政", "财务部"]),
        { id: "overall", type: "star", title: "您对公司的整体满意度", required: true, config: { max: 5 } },
        { id: "nps", type: "nps", title: "您有多大可能向朋友推荐来公司工作？", required: true, config: {} },
        {
          id: "lowReason",
          type: "textarea",
          title: "您给出较低评分的主要原因是？",
          required: true,
          config: {},
          showIf: { kind: "compare", questionId: "overall", op: "le", value: 3 },
        },
        multi("benefit", "您最看重的福利有哪些", [
          "弹性工作",
          "年度体检",
          "培训机会",
          "团建活动",
          "餐补交通补",
        ]),
        { id: "advice", type: "textarea", title: "您对公司还有哪些建议？", config: {} },
      ],
    ),
    texts: {
      lowReason: [
        "晋升通道不清晰，看不到自己的发展空间",
        "最近项目加班太多，很难兼顾家庭",
        "薪酬和同行业相比偏低，调薪幅度小",
        "部门之间互相推诿，事情推进很慢",
        "绩效考核标准不透明，评价结果缺少沟通",
      ],
      advice: [
        "希望每周能有一到两天弹性办公",
        "年度调薪的规则能更公开透明一些",
        "跨部门协作的审批流程可以再简化",
        "多组织一些技术分享和外部培训",
        "会议室经常订不到，希望增加几间",
        "绩效面谈希望上级给出更具体的反馈",
        "加班后的调休希望能真正落实",
        "新人入职的导师带教可以更系统",
        "团队氛围很好，希望继续保持",
      ],
    },
  },
  {
    kind: "exam",
    title: "消防安全知识测验",
    publish: true,
    responses: 120,
    definition: definition(
      "exam",
      "消防安全知识测验",
      "共4题，满分12分，8分及格。",
      [
        {
          ...choice("fire", "发现火灾应拨打的报警电话是", ["110", "119", "120"]),
          config: {
            options: [
              { id: "f1", label: "110" },
              { id: "f2", label: "119", correct: true },
              { id: "f3", label: "120" },
            ],
          },
          scoring: { mode: "single", points: 3 },
        },
        {
          ...choice("exit", "火场逃生时正确的做法是", ["乘坐电梯", "用湿毛巾捂住口鼻低姿撤离", "跳楼逃生"]),
          config: {
            options: [
              { id: "e1", label: "乘坐电梯" },
              { id: "e2", label: "用湿毛巾捂住口鼻低姿撤离", correct: true },
              { id: "e3", label: "跳楼逃生" },
            ],
          },
          scoring: { mode: "single", points: 3 },
        },
        {
          id: "kinds",
          type: "multiple",
          title: "以下属于常见灭火器类型的有",
          required: true,
          config: {
            options: [
              { id: "k1", label: "干粉灭火器", correct: true },
              { id: "k2", label: "二氧化碳灭火器", correct: true },
              { id: "k3", label: "汽油灭火器" },
            ],
          },
          scoring: { mode: "allOrNothing", points: 3 },
        },
        {
          id: "tf",
          type: "trueFalse",
          title: "电器着火时可以直接用水扑救",
          required: true,
          config: {
            options: [
              { id: "t", label: "正确" },
              { id: "f", label: "错误", correct: true },
            ],
          },
          scoring: { mode: "single", points: 3 },
        },
      ],
      {
        settings: {
          exam: {
            passMark: 8,
            timeLimitMinutes: 10,
            showScoreAfterSubmit: true,
            showAnswersAfterSubmit: true,
          },
        },
      },
    ),
    texts: {},
  },
  {
    kind: "vote",
    title: "年度优秀团队评选",
    publish: true,
    responses: 150,
    definition: definition("vote", "年度优秀团队评选", "每人限投一次，可选2个团队。", [
      {
        id: "team",
        type: "voteMultiple",
        title: "请选择您心目中的年度优秀团队",
        required: true,
        config: {
          options: ["客户成功组", "平台研发组", "品牌市场组", "华南销售组", "数据智能组"].map((label, i) => ({
            id: `t${i + 1}`,
            label,
          })),
          selection: { max: 2 },
        },
      },
    ]),
    texts: {},
    settings: { limitPerDevice: { enabled: true, max: 1, period: "total" } },
  },
  {
    kind: "form",
    title: "周末亲子活动报名表",
    publish: true,
    responses: 60,
    definition: definition("form", "周末亲子活动报名表", "名额有限，报满即止。", [
      { id: "name", type: "text", title: "家长姓名", required: true, config: {} },
      choice("session", "参加场次", ["周六上午", "周六下午", "周日上午"]),
      choice("kids", "参加儿童人数", ["1人", "2人", "3人及以上"]),
      { id: "note", type: "textarea", title: "孩子的过敏情况或其他需要说明的事项", config: {} },
    ]),
    texts: {
      name: ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄强", "周婷", "吴昊"],
      note: [
        "孩子对花生过敏，手工环节的零食请留意",
        "我们可能晚到十分钟，麻烦帮忙留位",
        "孩子第一次参加活动，有点怕生",
        "希望和同小区的小朋友分在一组",
        "需要一个停车位",
        "孩子四岁，剪刀类手工需要家长协助",
        "两个孩子都参加，是双胞胎",
      ],
    },
  },
  {
    kind: "survey",
    title: "智能手表用户需求调研",
    publish: true,
    responses: 140,
    definition: definition("survey", "智能手表用户需求调研", "了解您的使用习惯，帮助我们改进产品。", [
      choice("own", "您目前是否在使用智能手表？", ["正在使用", "以前用过", "从未用过"]),
      {
        ...multi("use", "您主要用智能手表做什么", ["运动记录", "健康监测", "消息提醒", "移动支付", "通话"]),
        showIf: { kind: "selected", questionId: "own", optionIds: ["own_1", "own_2"], match: "any" },
      },
      choice("budget", "您能接受的价格区间", ["500元以下", "500-1000元", "1000-2000元", "2000元以上"]),
      { id: "feature", type: "text", title: "您最希望增加的功能", config: {} },
    ]),
    texts: {
      feature: [
        "无袖带的血压监测",
        "续航能撑两周以上",
        "独立 eSIM 通话，不带手机也能接电话",
        "睡眠呼吸暂停提醒",
        "表身再轻薄一些，睡觉戴着不硌",
        "游泳时准确记录圈数和泳姿",
        "老人摔倒自动报警并通知家人",
        "支持更多第三方表盘和 App",
        "公交地铁刷卡全国通用",
      ],
    },
  },
  {
    kind: "knowledge",
    title: "垃圾分类知识竞赛",
    publish: false,
    responses: 0,
    definition: definition("knowledge", "垃圾分类知识竞赛", "答题闯关，看看你能得几分。", [
      choice("battery", "废旧电池属于哪类垃圾？", ["可回收物", "有害垃圾", "厨余垃圾", "其他垃圾"]),
      choice("peel", "果皮属于哪类垃圾？", ["可回收物", "有害垃圾", "厨余垃圾", "其他垃圾"]),
    ]),
    texts: {},
  },
];
