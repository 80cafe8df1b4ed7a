import { type ExamSettings, isGradedKind, type SurveySettings } from "@wjgj/core";
import { Button, InputNumber, Select, Switch } from "antd";
import { useMemo } from "react";
import { useDesignerMode } from "../../designer-mode.ts";
import { plainTitle } from "../../lib/survey-index.ts";
import { uiActions } from "../../store/ui-store.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { ExamGuardSettings } from "./exam-guard-settings.tsx";
import { PaperRules } from "./paper-rules.tsx";
import { PracticeShare } from "./practice-share.tsx";
import { TabSwitchLimit } from "./tab-switch-limit.tsx";

/** Settings the engine reads, stored in the definition and autosaved with it (they take effect on publish). */
export function EngineSettings() {
  const settings = useEditor((state) => state.draft?.settings);
  const kind = useEditor((state) => state.draft?.kind ?? "survey");
  const pages = useEditor((state) => state.draft?.pages);
  const computedCount = useEditor((state) => state.draft?.computed.length ?? 0);
  // The switch limit is a collection setting of a questionnaire, which a template has not.
  const questionnaire = useDesignerMode() === null;
  const questionOptions = useMemo(
    () =>
      (pages ?? []).flatMap((page) =>
        page.questions.map((q) => ({ value: q.id, label: plainTitle(q.title, 24) || "（无标题）" })),
      ),
    [pages],
  );
  if (!settings || !pages) return null;
  const update = (patch: Partial<SurveySettings>) => editorActions().updateSettings(patch);
  const exam: ExamSettings = settings.exam ?? { showScoreAfterSubmit: true, showAnswersAfterSubmit: false };
  const updateExam = (patch: Partial<ExamSettings>) => {
    const next: Record<string, unknown> = { ...exam, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    update({ exam: next as ExamSettings });
  };
  const random = settings.randomizeQuestions;
  return (
    <div className="dd-section">
      <h4 className="dd-section__title">答题设置</h4>
      <div className="dd-field">
        <span className="dd-field__label">题号</span>
        <Select
          style={{ width: 170 }}
          value={settings.numbering}
          options={[
            { value: "dynamic", label: "按显示连续编号" },
            { value: "static", label: "按位置固定编号" },
            { value: "none", label: "不显示题号" },
          ]}
          onChange={(numbering) => update({ numbering })}
        />
      </div>
      <div className="dd-field">
        <span className="dd-field__label">允许返回上一页</span>
        <Switch size="small" checked={settings.allowBack} onChange={(allowBack) => update({ allowBack })} />
      </div>
      <div className="dd-field">
        <span className="dd-field__label">题目随机排序</span>
        <Switch
          size="small"
          aria-label="题目随机排序"
          checked={Boolean(random)}
          onChange={(on) => update({ randomizeQuestions: on ? { fixedIds: [] } : undefined })}
        />
      </div>
      {random && (
        <>
          <div className="dd-field dd-field--block">
            <span className="dd-field__label">打乱的页（不选为全部页）</span>
            <Select
              mode="multiple"
              allowClear
              style={{ width: "100%" }}
              value={random.pageIds ?? []}
              options={pages.map((page, i) => ({ value: page.id, label: `第${i + 1}页` }))}
              onChange={(pageIds: string[]) =>
                update({
                  randomizeQuestions: { ...random, pageIds: pageIds.length > 0 ? pageIds : undefined },
                })
              }
            />
          </div>
          <div className="dd-field dd-field--block">
            <span className="dd-field__label">位置固定的题目</span>
            <Select
              mode="multiple"
              allowClear
              style={{ width: "100%" }}
              optionFilterProp="label"
              value={random.fixedIds}
              options={questionOptions}
              onChange={(fixedIds: string[]) => update({ randomizeQuestions: { ...random, fixedIds } })}
            />
          </div>
        </>
      )}
      {isGradedKind(kind) && (
        <>
          <h4 className="dd-section__title">考试设置</h4>
          <div className="dd-field">
            <span className="dd-field__label">考试时长（分钟）</span>
            <InputNumber
              min={1}
              precision={0}
              placeholder="不限"
              value={exam.timeLimitMinutes ?? null}
              onChange={(minutes) => updateExam({ timeLimitMinutes: minutes ?? undefined })}
            />
          </div>
          <div className="dd-field">
            <span className="dd-field__label">及格分</span>
            <InputNumber
              min={0}
              placeholder="不设"
              value={exam.passMark ?? null}
              onChange={(mark) => updateExam({ passMark: mark ?? undefined })}
            />
          </div>
          <div className="dd-field">
            <span className="dd-field__label">交卷后显示成绩</span>
            <Switch
              size="small"
              checked={exam.showScoreAfterSubmit}
              onChange={(on) => updateExam({ showScoreAfterSubmit: on })}
            />
          </div>
          <div className="dd-field">
            <span className="dd-field__label">交卷后显示答案</span>
            <Switch
              size="small"
              checked={exam.showAnswersAfterSubmit}
              onChange={(on) => updateExam({ showAnswersAfterSubmit: on })}
            />
          </div>
          <div className="dd-field">
            <span className="dd-field__label">答题时显示每题分值</span>
            <Switch
              size="small"
              aria-label="答题时显示每题分值"
              checked={exam.showPointsOnPaper === true}
              onChange={(on) => updateExam({ showPointsOnPaper: on })}
            />
          </div>
          {questionnaire && (
            <>
              <TabSwitchLimit />
              <p className="dd-hint">切屏超过限制次数自动交卷，不填为不限</p>
              <PracticeShare />
              <PaperRules exam={exam} onChange={updateExam} />
              <ExamGuardSettings />
            </>
          )}
        </>
      )}
      <h4 className="dd-section__title">计算值</h4>
      <p className="dd-hint">用表达式汇总答案（如总分），可用于显示逻辑、跳题和题目中的引用。</p>
      <Button block onClick={() => uiActions().openDialog({ kind: "computed" })}>
        管理计算值{computedCount > 0 ? `（${computedCount}）` : ""}
      </Button>
    </div>
  );
}
