/**
 * 统计分析 and 加权 (issue #34): the catalogue's messages for the analysis calls. `{label}` is a variable's label
 * (the question title, as the SPSS export labels it), `{method}` a method's name from `analysisMethodNames`.
 */
export const analysisMessages = {
  analysisRequestInvalid: "请选择分析方法和变量",
  analysisVariablesInvalid: "请选择1-30个变量",
  analysisVariableInvalid: "变量名称有误，请重新选择变量",
  analysisPairsInvalid: "请选择1-30对变量",
  analysisGroupsInvalid: "请选择分组变量的两个不同编码",
  analysisFactorsInvalid: "因子数需为1-29之间的整数",
  analysisWeightedInvalid: "是否加权需为是或否",
  analysisVariableUnknown: "变量不存在：{name}",
  analysisSetOnlyCrosstab: "「{label}」是多选题，只能用于描述统计和交叉表",
  analysisNotNumeric: "「{label}」不是数值变量，不能做{method}",
  analysisNotCoded: "「{label}」没有分类编码，不能作为{role}",
  analysisGroupCodeUnknown: "「{label}」没有编码 {value}",
  analysisGroupsSame: "请选择两个不同的组",
  analysisTooFewGroups: "「{label}」中有作答的组不足2个，无法比较",
  analysisVariableRepeated: "「{label}」重复选择",
  analysisReverseNotSelected: "反向计分的「{label}」不在所选题目中",
  analysisReverseNoScale: "「{label}」没有量表刻度，无法反向计分",
  analysisFactorsTooMany: "因子数需小于变量数（{count}个）",
  analysisWeightingMissing: "尚未设置加权，请先设定各变量的目标比例",
  analysisWeightedUnsupported: "加权仅用于描述统计与交叉表",
  weightingMarginsInvalid: "请设置1-5个加权变量，每个变量给出各编码的目标比例（0-100）",
  weightingVariableRepeated: "「{label}」重复设置",
  weightingValueRepeated: "「{label}」的编码 {value} 重复设置",
  weightingNotSingle: "「{label}」不是单选的分类变量，不能用于加权",
  weightingValueUnknown: "「{label}」没有编码 {value}",
  weightingPercentSum: "「{label}」的目标比例合计须为 100%（现为 {sum}%）",
  weightingNoRespondents: "「{label}」的「{category}」没有作答者，无法达到 {percent}% 的目标比例",
  weightingTargetMissing: "「{label}」的「{category}」有作答者，请为其设定目标比例（设为0则加权时不计入）",
  weightingStale: "问卷修改后加权设置中的「{name}」已不存在或编码已变，请重新设置加权",
  weightingNoCases: "没有同时回答了全部加权变量的有效答卷，无法加权",
  weightingExportKind: "只有SPSS、R和Stata文件可以附带加权权重",
  weightingExportHidden: "加权变量「{name}」不在您可导出的数据中，无法附带加权权重",
} as const;

/** Methods as the analysis messages name them ("不能做{method}"). */
export const analysisMethodNames = {
  descriptives: "描述统计",
  crosstab: "交叉表",
  independentT: "独立样本 t 检验",
  mannWhitney: "Mann-Whitney U 检验",
  pairedT: "配对 t 检验",
  anova: "方差分析",
  kruskalWallis: "Kruskal-Wallis 检验",
  correlation: "相关分析",
  regression: "回归分析",
  reliability: "信度分析",
  factor: "因子分析",
} as const;
