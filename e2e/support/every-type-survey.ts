/**
 * A questionnaire holding every question type of core's registry, with the logic the answer page must run
 * live: show logic (company/school by role), a jump that skips a page (p3 when "no extra questions" on p2),
 * an option list referenced from an earlier answer (favourite ← fruits), piping ({{name}}, {{total}}) and a
 * calculated value.
 */
const options = (...labels: string[]) => labels.map((label, i) => ({ id: `o${i + 1}`, label }));

export function everyTypeSurvey(title: string) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    description: "<p>感谢参与！本问卷约需 <b>5 分钟</b>。</p>",
    settings: { numbering: "dynamic", allowBack: true },
    computed: [{ id: "total", name: "评分合计", expression: "$stars + $nps" }],
    pages: [
      {
        id: "p1",
        title: "基本信息",
        questions: [
          {
            id: "intro",
            type: "paragraph",
            title: "<b>第一部分</b>：请如实填写。",
            config: { align: "left" },
          },
          { id: "name", type: "personal", title: "姓名", required: true, config: { preset: "name" } },
          { id: "gender", type: "personal", title: "性别", config: { preset: "gender" } },
          { id: "phone", type: "personal", title: "手机", config: { preset: "mobile" } },
          {
            id: "role",
            type: "single",
            title: "{{name}}，您目前的身份是",
            required: true,
            config: {
              options: [
                { id: "student", label: "学生" },
                { id: "worker", label: "上班族" },
                { id: "other", label: "其他", other: { textRequired: true } },
              ],
            },
          },
          {
            id: "company",
            type: "text",
            title: "您的工作单位",
            required: true,
            showIf: { kind: "selected", questionId: "role", optionIds: ["worker"], match: "any" },
            config: { format: "none" },
          },
          {
            id: "school",
            type: "dropdown",
            title: "您的学校类型",
            showIf: { kind: "selected", questionId: "role", optionIds: ["student"], match: "any" },
            config: { options: options("小学", "中学", "大学") },
          },
          { id: "line1", type: "divider", title: "", config: { style: "dashed" } },
        ],
      },
      {
        id: "p2",
        title: "选择题",
        questions: [
          {
            id: "fruits",
            type: "multiple",
            title: "您喜欢的水果",
            config: {
              options: [
                ...options("苹果", "香蕉", "橙子"),
                { id: "none", label: "都不喜欢", exclusive: true },
              ],
              selection: { max: 2 },
            },
          },
          {
            id: "favourite",
            type: "single",
            title: "其中最喜欢的是",
            optionSource: { questionId: "fruits", mode: "selected" },
            config: { options: [] },
          },
          {
            id: "major",
            type: "cascader",
            title: "所在院系",
            config: {
              levels: ["学院", "专业"],
              nodes: [
                {
                  id: "cs",
                  label: "计算机学院",
                  children: [
                    { id: "se", label: "软件工程" },
                    { id: "ai", label: "人工智能" },
                  ],
                },
                { id: "law", label: "法学院", children: [{ id: "civil", label: "民法" }] },
              ],
            },
          },
          {
            id: "logo",
            type: "imageSingle",
            title: "您更喜欢哪个标志",
            config: {
              options: [
                { id: "l1", label: "方案一", image: "/favicon.svg" },
                { id: "l2", label: "方案二", image: "/favicon.svg" },
              ],
              columns: 2,
              showLabels: true,
            },
          },
          {
            id: "pics",
            type: "imageMultiple",
            title: "选出您看过的图",
            config: {
              options: [
                { id: "p1", label: "图一", image: "/favicon.svg" },
                { id: "p2", label: "图二", image: "/favicon.svg" },
              ],
              columns: 2,
            },
          },
          {
            id: "tf",
            type: "trueFalse",
            title: "地球是圆的",
            config: {
              options: [
                { id: "t", label: "对" },
                { id: "f", label: "错" },
              ],
            },
          },
          {
            id: "vote1",
            type: "voteSingle",
            title: "年度最佳员工",
            config: { options: options("张三", "李四") },
          },
          {
            id: "vote2",
            type: "voteMultiple",
            title: "最受欢迎的社团",
            config: { options: options("书法社", "街舞社", "围棋社"), selection: { max: 2 } },
          },
          {
            id: "extra",
            type: "single",
            title: "是否愿意回答附加题",
            required: true,
            config: {
              options: [
                { id: "yes", label: "愿意" },
                { id: "no", label: "不愿意" },
              ],
            },
            jumps: [
              {
                when: { kind: "selected", questionId: "extra", optionIds: ["no"], match: "any" },
                target: { kind: "page", pageId: "p4" },
              },
            ],
          },
        ],
      },
      {
        id: "p3",
        title: "附加题",
        questions: [{ id: "bonus", type: "textarea", title: "附加题：请谈谈您的建议", config: { rows: 3 } }],
      },
      {
        id: "p4",
        title: "填写题",
        questions: [
          { id: "email", type: "text", title: "邮箱", config: { format: "email" } },
          {
            id: "essay",
            type: "textarea",
            title: "简单介绍一下自己",
            config: { rows: 3, length: { max: 200 } },
          },
          {
            id: "contact",
            type: "multiBlank",
            title: "联系方式",
            config: {
              blanks: [
                { id: "city", label: "城市" },
                { id: "zip", label: "邮编", format: "postcode", required: false },
              ],
            },
          },
          {
            id: "capital",
            type: "inlineBlank",
            title: "中国的首都是___，最长的河流是___。",
            config: { blanks: [{ id: "b1" }, { id: "b2" }] },
          },
          {
            id: "height",
            type: "number",
            title: "身高",
            config: { range: { min: 50, max: 250 }, decimals: 1, unit: "厘米" },
          },
          { id: "birthday", type: "date", title: "出生日期", config: {} },
          { id: "arrive", type: "time", title: "预计到达时间", config: {} },
          { id: "leave", type: "dateRange", title: "请假日期", config: { maxDays: 15 } },
          { id: "grp", type: "group", title: "紧急联系人", config: { memberIds: ["kin"] } },
          { id: "kin", type: "text", title: "联系人姓名", config: { format: "chinese" } },
        ],
      },
      {
        id: "p5",
        title: "评分",
        questions: [
          {
            id: "stars",
            type: "star",
            title: "整体满意度",
            required: true,
            config: { max: 5, labels: ["很不满意", "不满意", "一般", "满意", "很满意"] },
          },
          { id: "nps", type: "nps", title: "您有多大可能推荐我们？", config: {} },
          { id: "agree", type: "likert", title: "我愿意继续使用本产品", config: { points: 5, start: 1 } },
          {
            id: "budget",
            type: "slider",
            title: "月度预算",
            config: { min: 0, max: 10000, step: 500, unit: "元" },
          },
          {
            id: "weights",
            type: "allocation",
            title: "请把100分分配给以下因素",
            config: { options: options("价格", "质量"), total: 100 },
          },
          {
            id: "rank",
            type: "ranking",
            title: "请按重要性排序",
            config: { options: options("薪资", "成长", "氛围") },
          },
        ],
      },
      {
        id: "p6",
        title: "矩阵题",
        questions: [
          {
            id: "msat",
            type: "matrixSingle",
            title: "请评价以下方面",
            config: { rows: options("环境", "服务"), columns: options("满意", "一般", "不满意") },
          },
          {
            id: "mchan",
            type: "matrixMultiple",
            title: "各产品的了解渠道",
            config: { rows: options("产品A"), columns: options("官网", "朋友") },
          },
          {
            id: "mfill",
            type: "matrixFill",
            title: "家庭成员",
            config: { rows: options("父亲"), columns: options("姓名", "职业"), format: "none" },
          },
          {
            id: "mscale",
            type: "matrixScale",
            title: "为课程打分",
            config: {
              rows: options("数学"),
              scale: { points: 5, start: 1, minLabel: "很差", maxLabel: "很好" },
            },
          },
          {
            id: "mdrop",
            type: "matrixDropdown",
            title: "学习频率",
            config: {
              rows: options("英语"),
              columns: [{ id: "freq", label: "频率", choices: options("每天", "每周") }],
            },
          },
          {
            id: "members",
            type: "table",
            title: "参赛队员",
            config: {
              columns: [
                { id: "n", label: "队员姓名" },
                { id: "a", label: "年龄", kind: "number", required: false },
              ],
              minRows: 1,
              maxRows: 3,
            },
          },
        ],
      },
      {
        id: "p7",
        title: "附件与签名",
        questions: [
          {
            id: "photo",
            type: "file",
            title: "上传一张照片",
            config: { accept: ["png", "jpg"], maxSizeMb: 2, maxCount: 2 },
          },
          { id: "sign", type: "signature", title: "请签名确认", required: true, config: { crop: true } },
          { id: "addr", type: "region", title: "所在地区", required: true, config: { levels: 3 } },
          {
            id: "slot",
            type: "appointment",
            title: "请选择体检时段",
            config: {
              options: [
                { id: "am", label: "6月20日 上午", quota: 30 },
                { id: "pm", label: "6月20日 下午", quota: 30 },
              ],
            },
          },
          {
            id: "summary",
            type: "paragraph",
            title: "您的评分合计 {{total}} 分，感谢{{name}}的参与。",
            config: { align: "center" },
          },
        ],
      },
    ],
  };
}
