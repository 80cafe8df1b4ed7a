import { PlayCircleOutlined } from "@ant-design/icons";
import { questionnaireKindNouns } from "@wjgj/core";
import type { AnalysisMethod, AnalysisRequest } from "@wjgj/core/api/analysis";
import { Alert, Button, Card, Empty, Form, Grid, Select, Spin } from "antd";
import { useState } from "react";
import { useAnalysis, useAnalysisVariables, useWeighting } from "../../../../api/analysis.ts";
import { preparingProgress } from "../../../../api/errors.ts";
import { useResults } from "../../hooks/results-context.ts";
import { PinToReportButton } from "../pin-to-report.tsx";
import { PreparingNotice, TabLoading } from "../tab-loading.tsx";
import { MethodForm } from "./method-form.tsx";
import {
  type AnalysisDraft,
  buildRequest,
  emptyDraft,
  methodGroups,
  methodInfo,
  weightableMethods,
} from "./methods.ts";
import { ResultView } from "./result-view.tsx";
import { WeightingBar } from "./weighting-bar.tsx";
import { WeightingDialog } from "./weighting-dialog.tsx";
import "./analysis.css";

const methodOptions = methodGroups.map((group) => ({
  label: group.label,
  title: group.label,
  options: group.methods.map((method) => ({ value: method.value, label: method.label })),
}));

const sameRequest = (a: AnalysisRequest | null, b: AnalysisRequest) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * 统计分析: SPSSAU's methods on the questionnaire's SPSS variables, over the responses in the 筛选; the
 * figures are the server's (core's statistics), so the page and the .sav read in PSPP agree.
 */
export function AnalysisTab() {
  const { id, filter, questionary } = useResults();
  const catalogue = useAnalysisVariables(id);
  const weighting = useWeighting(id);
  const [method, setMethod] = useState<AnalysisMethod>("descriptives");
  const [draft, setDraft] = useState<AnalysisDraft>(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [request, setRequest] = useState<AnalysisRequest | null>(null);
  const [weightOn, setWeightOn] = useState(false);
  const [weightingOpen, setWeightingOpen] = useState(false);
  const saved = weighting.data?.weighting ?? null;
  const weighted = weightOn && saved !== null && request !== null && weightableMethods.has(request.method);
  const analysis = useAnalysis(id, request, filter, weighted);
  const phone = Grid.useBreakpoint().md === false;

  if (!catalogue.data)
    return (
      <TabLoading error={catalogue.error} reason={catalogue.failureReason} title="变量加载失败" rows={6} />
    );
  if (catalogue.data.variables.length === 0)
    return (
      <Empty
        className="wj-result__empty"
        description={`${questionnaireKindNouns[questionary.kind]}中还没有可分析的变量：统计分析需要选择题、量表题或数字填空题`}
      />
    );

  // A result (or a refusal) belongs to the method it was run with: another method starts with none shown, so a
  // refusal of the last method never sits under the form of the next one as if it were about it.
  const handleMethod = (next: AnalysisMethod) => {
    setMethod(next);
    setProblem(null);
    setRequest(null);
  };
  const handleDraft = (patch: Partial<AnalysisDraft>) => {
    setDraft((old) => ({ ...old, ...patch }));
    setProblem(null);
  };
  const handleRun = () => {
    const built = buildRequest(method, draft);
    if (typeof built === "string") {
      setProblem(built);
      return;
    }
    setProblem(null);
    if (sameRequest(request, built)) void analysis.refetch();
    else setRequest(built);
  };

  const preparing = preparingProgress(analysis.failureReason) !== null;
  return (
    <div
      className={phone ? "wj-analysis wj-analysis--phone wj-result__stack" : "wj-analysis wj-result__stack"}
      data-testid="analysis-tab"
    >
      <Card className="wj-analysis__setup">
        <div className="wj-analysis__toolbar">
          <div className="wj-analysis__method">
            <span className="wj-analysis__method-label">分析方法</span>
            <Select<AnalysisMethod>
              aria-label="分析方法"
              className="wj-analysis__method-select"
              data-testid="analysis-method"
              value={method}
              options={methodOptions}
              onChange={handleMethod}
              // A dozen methods in groups: every one stays in the list (a virtual list drops those scrolled away).
              virtual={false}
              listHeight={400}
            />
          </div>
          <WeightingBar
            saved={saved}
            on={weightOn}
            applicable={weightableMethods.has(method)}
            onToggle={setWeightOn}
            onOpen={() => setWeightingOpen(true)}
          />
        </div>
        <p className="wj-analysis__hint">{methodInfo.get(method)?.hint}</p>
        <Form layout="vertical" className="wj-analysis__form">
          <MethodForm method={method} catalogue={catalogue.data} draft={draft} onChange={handleDraft} />
        </Form>
        <div className="wj-analysis__run">
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={analysis.isFetching && !preparing}
            onClick={handleRun}
            data-testid="analysis-run"
          >
            开始分析
          </Button>
          {problem && (
            <span className="wj-error-text" role="alert" data-testid="analysis-problem">
              {problem}
            </span>
          )}
        </div>
      </Card>
      {request && (
        <Card className="wj-analysis__result" data-testid="analysis-result">
          {analysis.error && !preparing ? (
            <Alert type="error" showIcon title="分析失败" description={analysis.error.message} />
          ) : preparing ? (
            <PreparingNotice reason={analysis.failureReason} />
          ) : analysis.data ? (
            <Spin spinning={analysis.isFetching} description="正在分析">
              <ResultView
                result={analysis.data}
                actions={
                  <PinToReportButton size="small" pin={{ kind: "analysis", request, weighted, filter }} />
                }
              />
            </Spin>
          ) : (
            <TabLoading error={null} title="分析失败" rows={6} />
          )}
        </Card>
      )}
      {weightingOpen && (
        <WeightingDialog
          id={id}
          catalogue={catalogue.data}
          saved={saved}
          onClose={() => setWeightingOpen(false)}
        />
      )}
    </div>
  );
}
