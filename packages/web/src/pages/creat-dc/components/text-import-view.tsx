import { ArrowLeftOutlined, BulbOutlined, WarningOutlined } from "@ant-design/icons";
import { parseSurveyText, type QuestionnaireKind, questionaryKindInfos, textImportExample } from "@wjgj/core";
import { Button, Empty, Input, Select, Space, Tooltip } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { countQuestions, lineRange } from "../line-range.ts";
import { FormatHelp } from "./format-help.tsx";
import { SurveyPreview } from "./survey-preview/index.tsx";

interface TextImportViewProps {
  kind: QuestionnaireKind;
  onKindChange: (kind: QuestionnaireKind) => void;
  onBack: () => void;
  creating: boolean;
  onCreate: (input: ReturnType<typeof parseSurveyText>["definition"]) => void;
}

const MAX_TEXT = 200_000;
const kindOptions = questionaryKindInfos.map((info) => ({ value: info.kind, label: info.name }));

/** 文本导入: paste on the left, the parsed questionnaire live on the right, problems listed by line. */
export function TextImportView({ kind, onKindChange, onBack, creating, onCreate }: TextImportViewProps) {
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text);
  const result = useMemo(() => parseSurveyText(deferred, { kind }), [deferred, kind]);
  const questionCount = countQuestions(result.definition.pages);
  const editor = useRef<TextAreaRef>(null);
  const empty = deferred.trim() === "";

  const handleJump = (line: number) => {
    const area = editor.current?.resizableTextArea?.textArea;
    const range = lineRange(text, line);
    if (!area || !range) return;
    area.focus();
    area.setSelectionRange(range[0], range[1]);
    // Scroll the selected line into view: browsers do not scroll to a programmatic selection.
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 22;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  };

  return (
    <div className="wj-import" data-testid="text-import">
      <div className="wj-import__bar">
        <Space size={12}>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            返回
          </Button>
          <h2>文本导入</h2>
          <Select
            aria-label="问卷类型"
            value={kind}
            options={kindOptions}
            onChange={onKindChange}
            style={{ width: 120 }}
          />
        </Space>
        <Space size={12}>
          <span className="wj-import__summary">
            {empty
              ? "粘贴文本后自动识别"
              : `识别到 ${questionCount} 道题${result.warnings.length ? `，${result.warnings.length} 处提示` : ""}`}
          </span>
          <Tooltip title={questionCount === 0 ? "还没有识别到题目" : undefined}>
            <Button
              type="primary"
              disabled={questionCount === 0}
              loading={creating}
              onClick={() => onCreate(result.definition)}
              data-testid="import-create"
            >
              创建问卷
            </Button>
          </Tooltip>
        </Space>
      </div>
      <div className="wj-import__panes">
        <section className="wj-import__source">
          <div className="wj-import__pane-head">
            <span>粘贴问卷文本</span>
            <Space size={4}>
              <Button
                size="small"
                type="link"
                icon={<BulbOutlined />}
                onClick={() => setText(textImportExample)}
              >
                填入示例
              </Button>
              <Button size="small" type="link" disabled={text === ""} onClick={() => setText("")}>
                清空
              </Button>
            </Space>
          </div>
          <Input.TextArea
            ref={editor}
            value={text}
            onChange={(event) => setText(event.target.value.slice(0, MAX_TEXT))}
            placeholder={
              "第一行写问卷标题，下面每题一行，选项写在题目下方，例如：\n\n1. 您的性别[单选题]*\nA. 男\nB. 女"
            }
            className="wj-import__textarea"
            aria-label="问卷文本"
            data-testid="import-text"
          />
          <FormatHelp />
        </section>
        <section className="wj-import__preview">
          <div className="wj-import__pane-head">
            <span>预览</span>
          </div>
          {result.warnings.length > 0 && !empty && (
            <ul className="wj-import__warnings" data-testid="import-warnings">
              {result.warnings.map((warning, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no identity beyond their order.
                <li key={index}>
                  <WarningOutlined />
                  {warning.line > 0 ? (
                    <button type="button" onClick={() => handleJump(warning.line)}>
                      第 {warning.line} 行
                    </button>
                  ) : (
                    <span className="wj-import__whole">整体</span>
                  )}
                  <span>{warning.message}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="wj-import__paper">
            {empty ? (
              <Empty className="wj-import__blank" description="在左侧粘贴问卷文本，这里会实时显示识别结果" />
            ) : (
              <SurveyPreview definition={result.definition} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
