import { CheckCircleOutlined, ExclamationCircleOutlined, WarningOutlined } from "@ant-design/icons";
import { questionnaireKindNouns } from "@wjgj/core";
import { Empty } from "antd";
import { useMemo } from "react";
import { issueFieldName, questionIdAt } from "../lib/issues.ts";
import { indexSurvey, questionLabel } from "../lib/survey-index.ts";
import { scrollToQuestion } from "../store/ui-store.ts";
import { editorActions, useEditor } from "../store/use-editor.ts";

/** Where a problem outside any question sits, in words (`noun`: the whole questionnaire, by its kind). */
function placeOf(path: readonly (string | number)[], noun: string): string {
  if (path[0] === "pages") return `第${Number(path[1]) + 1}页`;
  if (path[0] === "computed") return `计算值${Number(path[1]) + 1}`;
  if (path[0] === "quotas") return `配额${Number(path[1]) + 1}`;
  if (path[0] === "settings") return "答题设置";
  return noun;
}

/** Everything core's checkDefinition found, each leading to the question it concerns. */
export function ProblemsPanel() {
  const issues = useEditor((state) => state.issues);
  const draft = useEditor((state) => state.draft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the issues, which follow the draft.
  const rows = useMemo(() => {
    if (!draft) return [];
    const index = indexSurvey(draft);
    return issues.map((issue) => {
      const id = questionIdAt(draft, issue.path);
      const field = id ? issueFieldName(issue.path) : "";
      return {
        issue,
        id,
        place: id
          ? `${questionLabel(index, id)}${field ? ` · ${field}` : ""}`
          : placeOf(issue.path, questionnaireKindNouns[draft.kind]),
      };
    });
  }, [issues]);
  if (rows.length === 0) {
    return (
      <Empty
        className="dd-side-empty"
        image={<CheckCircleOutlined className="dd-ok-icon" />}
        description="没有发现问题，可以发布"
      />
    );
  }
  return (
    <ul className="dd-problems" data-testid="problems">
      {rows.map(({ issue, id, place }) => (
        <li key={`${issue.code}:${issue.path.join(".")}:${issue.message}`}>
          <button
            type="button"
            className={`dd-problem dd-problem--${issue.level}`}
            disabled={!id}
            onClick={() => {
              if (!id) return;
              editorActions().select(id);
              scrollToQuestion(id);
            }}
          >
            {issue.level === "error" ? <ExclamationCircleOutlined /> : <WarningOutlined />}
            <span className="dd-problem__place">{place}</span>
            <span className="dd-problem__text">{issue.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
