import type { Question } from "@wjgj/core";

/** 多级联动: one dropdown per level; 题组 and 分割线 as the respondent sees them. */
export function OtherPreview({ question }: { question: Question }) {
  switch (question.type) {
    case "cascader":
      return (
        <div className="dd-range">
          {question.config.levels.map((level, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: levels may share a caption.
            <div className="dd-fake-select" key={i}>
              {level || `第${i + 1}级`}
            </div>
          ))}
        </div>
      );
    case "divider":
      return <hr className={`dd-divider dd-divider--${question.config.style}`} />;
    case "group":
      return (
        <div className="dd-note">
          题组包含 {question.config.memberIds.length} 道题目
          {question.config.memberIds.length === 0 && "，请在右侧设置中选择成员"}
        </div>
      );
    default:
      return null;
  }
}
