import { Collapse } from "antd";

const rules: [string, string][] = [
  ["题目", "1. / 1、/ 1) / Q1 / 第1题 开头；题目末尾加 * 表示必答"],
  ["选项", "写在题目下方，每行一个，可带 A. / A、/ ○ / □；「其他____」带填空"],
  [
    "题型",
    "[单选题] [多选题] [填空题] [多行填空] [多项填空] [下拉题] [判断题] [排序题] [量表题] [评分题] [NPS]",
  ],
  ["矩阵", "[矩阵单选题] [矩阵多选题] [矩阵量表题]，用「行：A|B」「列：满意|一般」或一行写多个列标题"],
  ["结构", "[段落说明] 说明文字；[分页] 或 ===分页=== 另起一页；「一、基本信息」作为小标题"],
  ["考试", "答案：B / 答案：ACD / 答案：北京/北京市；题干中的（B）；分值写（5分）"],
];

/** The accepted format, folded away under the editor. */
export function FormatHelp() {
  return (
    <Collapse
      size="small"
      ghost
      className="wj-import__help"
      items={[
        {
          key: "format",
          label: "支持的文本格式",
          children: (
            <dl>
              {rules.map(([term, text]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          ),
        },
      ]}
    />
  );
}
