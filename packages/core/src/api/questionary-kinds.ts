import {
  type QuestionnaireKind,
  questionnaireKindNames,
  questionnaireKinds,
} from "../survey/definition/kinds.ts";
import type { QuestionaryKindInfo } from "./questionary.ts";

const descriptions: Record<QuestionnaireKind, string> = {
  survey: "市场调研、用户反馈、学术研究，题型丰富、逻辑灵活",
  exam: "题库组卷、限时作答、自动阅卷，成绩与排名一目了然",
  form: "报名、登记、预约、信息收集，数据自动汇总",
  vote: "图文投票、评选活动，结果实时排行",
  satisfaction: "客户与员工满意度、NPS 测评，指标清晰可追踪",
  knowledge: "答题闯关、知识普及，排行榜让活动传播更轻松",
};

const categories: Record<QuestionnaireKind, string[]> = {
  survey: ["市场调研", "用户反馈", "学术研究", "员工调查", "社会调查"],
  exam: ["学校考试", "企业培训", "资格认证", "能力测评"],
  form: ["活动报名", "信息登记", "预约登记", "订单收集"],
  vote: ["评选投票", "民意投票", "活动投票"],
  satisfaction: ["客户满意度", "员工满意度", "产品满意度", "NPS 调查"],
  knowledge: ["安全知识", "法律知识", "趣味问答", "行业知识"],
};

/** The six kinds with their sub-categories (`questionaryType/onelist` and `questionaryType/list`). */
export const questionaryKindInfos: readonly QuestionaryKindInfo[] = questionnaireKinds.map((kind) => ({
  kind,
  name: questionnaireKindNames[kind],
  description: descriptions[kind],
  categories: categories[kind].map((name, index) => ({ id: `${kind}-${index + 1}`, name })),
}));
