import type { OfficialTemplate } from "./build.ts";

/** 投票 templates: awards, opinion polls and event votes (single and multiple vote types). */
export const voteTemplates: OfficialTemplate[] = [
  {
    kind: "vote",
    categoryId: "vote-1",
    profession: "企业人事",
    title: "年度优秀员工评选投票",
    description: "全员参与的优秀员工评选，每人最多投3票，结果实时展示。",
    tags: ["评优", "优秀员工", "年度评选"],
    cover: "/template-covers/vote.svg",
    text: `年度优秀员工评选投票
请根据候选人全年表现投票，每人最多选3位。

1. 请选出您心目中的年度优秀员工[多选题]*（最多选3项）
A. 张伟（研发中心）：主导新一代平台架构升级
B. 王芳（客户服务）：客户满意度连续四个季度第一
C. 李娜（市场部）：策划年度品牌活动，曝光量破千万
D. 刘洋（销售部）：年度销售额完成率 142%
E. 陈静（财务部）：推动费用报销全面线上化

2. 请选出年度最佳团队[单选题]*
A. 平台研发组
B. 华东销售团队
C. 客户成功部
D. 品牌市场部
`,
  },
  {
    kind: "vote",
    categoryId: "vote-2",
    profession: "政务",
    title: "社区微更新项目民意投票",
    description: "由居民投票决定年度社区微更新项目的优先顺序。",
    tags: ["社区治理", "民意", "投票"],
    cover: "/template-covers/survey.svg",
    text: `社区微更新项目民意投票
今年社区微更新资金有限，请投票选出您最支持的项目（限选2项）。

1. 您最支持的更新项目[多选题]*（最多选2项）
A. 加装楼道扶手与感应灯
B. 改造儿童游乐区
C. 增设电动自行车集中充电棚
D. 打造口袋公园
E. 更新健身器材

2. 您所在的楼栋区域[单选题]*
A. 1-5号楼
B. 6-10号楼
C. 11-15号楼
D. 16号楼及以后

3. 对入选项目的施工时间，您还有什么建议？[多行填空]
`,
  },
  {
    kind: "vote",
    categoryId: "vote-3",
    profession: "教育",
    title: "校园十佳歌手决赛投票",
    description: "校园歌手大赛决赛观众投票，每人限投一票。",
    tags: ["校园活动", "歌手大赛", "投票"],
    cover: "/template-covers/campus.svg",
    text: `校园十佳歌手决赛投票
请为你最喜爱的选手投上宝贵的一票！

1. 我最喜爱的决赛选手[单选题]*
A. 1号 林晓（《晴天》）
B. 2号 周子航（《平凡之路》）
C. 3号 许诺（《光年之外》）
D. 4号 马骁（《夜空中最亮的星》）
E. 5号 何雨桐（《后来》）
F. 6号 江川（《追光者》）

2. 您是通过什么渠道了解本次大赛的？[单选题]
A. 校园公众号
B. 海报
C. 同学推荐
D. 班级群
`,
  },
  {
    kind: "vote",
    categoryId: "vote-1",
    profession: "餐饮酒店",
    title: "员工食堂菜品人气评选",
    description: "评选本月最受欢迎菜品，结果用于调整下月菜单。",
    tags: ["食堂", "菜品", "评选"],
    cover: "/template-covers/form.svg",
    text: `员工食堂菜品人气评选
本月菜品人气评选开始啦，最多选3道您最喜欢的菜。

1. 最受欢迎的荤菜[多选题]*（最多选3项）
A. 红烧肉
B. 宫保鸡丁
C. 糖醋里脊
D. 水煮鱼
E. 黑椒牛柳

2. 最受欢迎的素菜[多选题]*（最多选2项）
A. 干煸四季豆
B. 蒜蓉西兰花
C. 地三鲜
D. 麻婆豆腐

3. 希望下月新增的菜品[多行填空]
`,
  },
  {
    kind: "vote",
    categoryId: "vote-2",
    profession: "互联网",
    title: "产品新 Logo 方案投票",
    description: "品牌升级时邀请用户在候选 Logo 方案中投票，并收集理由。",
    tags: ["品牌", "Logo", "用户投票"],
    cover: "/template-covers/business.svg",
    text: `产品新 Logo 方案投票
我们准备了三套新 Logo 方案，请选出您最喜欢的一套。

1. 您最喜欢的 Logo 方案[单选题]*
A. 方案一：简约字标，蓝色渐变
B. 方案二：圆形图形标，橙色活力
C. 方案三：对话气泡造型，绿色清新

2. 您选择它的原因[多选题]
A. 辨识度高
B. 颜色好看
C. 符合产品气质
D. 简洁易记

3. 对新 Logo 还有哪些建议？[多行填空]
`,
  },
  {
    kind: "vote",
    categoryId: "vote-3",
    profession: "社区公益",
    title: "公益摄影大赛网络人气投票",
    description: "“城市温度”主题公益摄影大赛网络投票，每人最多投5幅作品。",
    tags: ["摄影大赛", "公益", "人气投票"],
    cover: "/template-covers/knowledge.svg",
    text: `公益摄影大赛网络人气投票
主题“城市温度”，每人最多可投5幅作品。

1. 请选择您喜爱的作品[多选题]*（最多选5项）
A. 《清晨的环卫工》
B. 《爷爷的修车摊》
C. 《地铁里的让座》
D. 《雨中的快递员》
E. 《社区食堂的午餐》
F. 《夜班护士》
G. 《跳广场舞的阿姨们》
H. 《放学路上的志愿者》
`,
  },
];
