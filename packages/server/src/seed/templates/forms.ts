import { type OfficialTemplate, personal, region } from "./build.ts";

/** 收集表单 templates: sign-ups, registrations, appointments and orders, with phone/ID/region fields. */
export const formTemplates: OfficialTemplate[] = [
  {
    kind: "form",
    categoryId: "form-1",
    profession: "企业人事",
    title: "年会活动报名表",
    description: "收集员工年会参会、节目报名与餐饮禁忌信息，报名节目后追问节目详情。",
    tags: ["年会", "活动报名", "行政"],
    cover: "/template-covers/vote.svg",
    text: `年会活动报名表
请于本月20日前完成报名。

1. 姓名[填空题]*

2. 所在部门[下拉题]*
研发中心
产品与设计
市场与销售
客户服务
人力行政
财务

3. 是否参加年会？[单选题]*
A. 参加
B. 不参加

4. 是否报名表演节目？[单选题]*
A. 是
B. 否

5. 节目信息[多项填空]*
节目名称：________
节目类型：________
表演人数：________

6. 饮食禁忌[多选题]
A. 无
B. 素食
C. 清真
D. 海鲜过敏
E. 其他____
`,
    patch: (q) =>
      q
        .insert("q2", personal("mobile", "mobile", "手机号"))
        .showWhen("q4", "q3", [1])
        .showWhen("q5", "q4", [1])
        .showWhen("q6", "q3", [1]),
  },
  {
    kind: "form",
    categoryId: "form-2",
    profession: "教育",
    title: "新生入学信息登记表",
    description: "新生报到前收集学生与监护人基本信息、家庭住址与健康状况。",
    tags: ["新生", "信息登记", "学校"],
    cover: "/template-covers/campus.svg",
    text: `新生入学信息登记表
请家长如实填写，信息仅用于学籍管理与紧急联络。

1. 学生姓名[填空题]*

2. 学生性别[单选题]*
A. 男
B. 女

3. 出生日期[日期]*

4. 监护人信息[多项填空]*
监护人姓名：________
与学生关系：________

5. 是否有需要学校特别关注的健康情况（过敏、慢性病等）？[单选题]*
A. 没有
B. 有

6. 请说明健康情况及注意事项[多行填空]*
`,
    patch: (q) =>
      q
        .insert("q1", personal("idCard", "idCard", "学生身份证号", true))
        .insert("q4", personal("guardianPhone", "mobile", "监护人手机号"))
        .insert("guardianPhone", region("address", "家庭住址（省/市/区）"))
        .showWhen("q6", "q5", [2]),
  },
  {
    kind: "form",
    categoryId: "form-3",
    profession: "医疗健康",
    title: "体检预约登记表",
    description: "体检中心线上预约：选择套餐与日期，填写身份信息与既往病史。",
    tags: ["体检", "预约", "医疗"],
    cover: "/template-covers/satisfaction.svg",
    text: `体检预约登记表
请至少提前1天预约，体检当天需空腹。

1. 姓名[填空题]*

2. 体检套餐[单选题]*
A. 基础套餐（398元）
B. 标准套餐（798元）
C. 深度套餐（1580元）
D. 女性专项套餐（998元）

3. 期望体检日期[日期]*

4. 到院时间段[单选题]*
A. 7:30-8:30
B. 8:30-9:30
C. 9:30-10:30

5. 既往病史[多选题]*
A. 无
B. 高血压
C. 糖尿病
D. 心脏病
E. 其他____
`,
    patch: (q) =>
      q
        .insert("q1", personal("idCard", "idCard", "身份证号"))
        .insert("idCard", personal("mobile", "mobile", "手机号")),
  },
  {
    kind: "form",
    categoryId: "form-4",
    profession: "零售电商",
    title: "社区团购订单收集表",
    description: "团长收集团购订单：商品数量、收货人信息与自提点。",
    tags: ["团购", "订单", "社区"],
    cover: "/template-covers/form.svg",
    text: `社区团购订单收集表
本期团购截止时间为周四晚8点，周六到货。

1. 收货人姓名[填空题]*

2. 请填写购买数量（不需要的填0）[矩阵填空题]*
行：阳光玫瑰葡萄（2斤装）|赣南脐橙（5斤装）|土鸡蛋（30枚）|有机大米（10斤）
列：数量

3. 自提点[单选题]*
A. 1号楼便利店
B. 小区南门快递柜
C. 物业服务中心

4. 备注[多行填空]
`,
    patch: (q) => q.insert("q1", personal("mobile", "mobile", "手机号")),
  },
  {
    kind: "form",
    categoryId: "form-2",
    profession: "政务",
    title: "志愿者招募登记表",
    description: "社区与公益组织招募志愿者，收集服务意向、可服务时间与技能特长。",
    tags: ["志愿者", "招募", "公益"],
    cover: "/template-covers/knowledge.svg",
    text: `志愿者招募登记表
欢迎加入我们的志愿服务队伍！

1. 姓名[填空题]*

2. 年龄[数字题]*

3. 意向服务类型[多选题]*
A. 敬老助老
B. 文明交通
C. 环境保护
D. 儿童关爱
E. 赛事会务

4. 可服务时间[多选题]*
A. 工作日白天
B. 工作日晚上
C. 周末
D. 节假日

5. 技能特长[多选题]
A. 医疗急救
B. 外语翻译
C. 摄影摄像
D. 文案宣传
E. 其他____
`,
    patch: (q) =>
      q
        .insert("q1", personal("mobile", "mobile", "手机号", true))
        .insert("q2", region("area", "所在地区", 3)),
  },
  {
    kind: "form",
    categoryId: "form-3",
    profession: "餐饮酒店",
    title: "餐厅包间预订登记",
    description: "宴请、家庭聚会包间预订：日期、人数、餐标与特殊需求。",
    tags: ["预订", "餐厅", "包间"],
    cover: "/template-covers/vote.svg",
    text: `餐厅包间预订登记
提交后客户经理将在30分钟内电话确认。

1. 联系人[填空题]*

2. 用餐日期[日期]*

3. 用餐时段[单选题]*
A. 午餐 11:30-13:30
B. 晚餐 17:30-20:30

4. 用餐人数[数字题]*

5. 宴请类型[单选题]*
A. 商务宴请
B. 家庭聚会
C. 生日宴
D. 其他____

6. 餐标（每位）[单选题]*
A. 150元
B. 200元
C. 300元
D. 到店点菜

7. 特殊需求（蛋糕、布置、忌口等）[多行填空]
`,
    patch: (q) => q.insert("q1", personal("mobile", "mobile", "手机号")),
  },
  {
    kind: "form",
    categoryId: "form-1",
    profession: "互联网",
    title: "技术沙龙报名表",
    description: "线下技术分享会报名，收集参会者职业信息与感兴趣的议题。",
    tags: ["技术沙龙", "报名", "活动"],
    cover: "/template-covers/business.svg",
    text: `技术沙龙报名表
名额有限，审核通过后将短信通知您。

1. 姓名[填空题]*

2. 公司与职位[多项填空]*
公司：________
职位：________

3. 您的工作年限[单选题]*
A. 应届生
B. 1-3年
C. 3-5年
D. 5年以上

4. 您最感兴趣的议题[多选题]*（最多选2项）
A. 大模型应用落地
B. 云原生架构
C. 前端工程化
D. 数据治理

5. 您希望向讲师提问的问题[多行填空]
`,
    patch: (q) => q.insert("q1", personal("mobile", "mobile", "手机号", true)),
  },
];
