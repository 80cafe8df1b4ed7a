import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  DownloadOutlined,
  InboxOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import { type QuestionnaireKind, questionaryKindInfos, type SurveyDefinition } from "@wjgj/core";
import { Alert, App, Button, Empty, Select, Space, Spin, Tooltip, Upload } from "antd";
import { useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import {
  IMPORT_MAX_BYTES,
  type ImportPreview,
  importAccept,
  importsApi,
  usePreviewImportMutation,
} from "../../../api/imports.ts";
import { SurveyPreview } from "./survey-preview/index.tsx";

interface FileImportViewProps {
  kind: QuestionnaireKind;
  onKindChange: (kind: QuestionnaireKind) => void;
  onBack: () => void;
  creating: boolean;
  onCreate: (definition: SurveyDefinition) => void;
}

const kindOptions = questionaryKindInfos.map((info) => ({ value: info.kind, label: info.name }));

const formats: [string, string][] = [
  ["Excel", "按模板填写，一行一道题（.xlsx）"],
  ["Word", "题目和选项按「1. 题目」「A. 选项」书写，与文本导入的格式相同（.docx）"],
  ["SurveyJS", "SurveyJS Creator 导出的问卷 JSON（.json），也可导入本站导出的问卷 JSON"],
  ["LimeSurvey", "问卷结构文件 .lss，或问卷压缩包 .lsa"],
];

function ReportList({ report }: { report: string[] }) {
  if (report.length === 0)
    return (
      <Alert
        type="success"
        showIcon
        icon={<CheckCircleOutlined />}
        title="文件中的题目和逻辑已全部导入"
        data-testid="file-import-report"
      />
    );
  return (
    <div className="wj-file-import__report" data-testid="file-import-report">
      <p>
        <WarningOutlined aria-hidden /> 以下内容无法导入，确认后可在设计页补充：
      </p>
      <ul>
        {report.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: report lines have no identity beyond their order.
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** 文件导入: upload a questionnaire file, see what it becomes and what could not be carried over, then create. */
export function FileImportView({ kind, onKindChange, onBack, creating, onCreate }: FileImportViewProps) {
  const { message } = App.useApp();
  const preview = usePreviewImportMutation();
  const [result, setResult] = useState<{ fileName: string; preview: ImportPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (file: File) => {
    setError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setResult(null);
      setError("文件不能超过 5 MB");
      return;
    }
    preview.mutate(
      { file },
      {
        onSuccess: (data) => {
          setResult({ fileName: file.name, preview: data });
          // A file with answers and scores reads as an exam; the kind picked before was only the default.
          if (data.definition.kind === "exam" && kind === "survey") onKindChange("exam");
        },
        onError: (failure) => {
          setResult(null);
          if (!(failure instanceof ApiError && failure.handled))
            setError(failure instanceof Error ? failure.message : "导入失败，请稍后重试");
        },
      },
    );
  };

  const handleTemplate = () =>
    importsApi.downloadTemplate().catch((failure: unknown) => {
      void message.error(failure instanceof Error ? failure.message : "下载失败，请稍后重试");
    });

  const counts = result?.preview.counts;
  const ready = result !== null && !preview.isPending;

  return (
    <div className="wj-import" data-testid="file-import">
      <div className="wj-import__bar">
        <Space size={12}>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            返回
          </Button>
          <h2>文件导入</h2>
          <Select
            aria-label="问卷类型"
            value={kind}
            options={kindOptions}
            onChange={onKindChange}
            style={{ width: 120 }}
          />
        </Space>
        <Space size={12}>
          {counts && (
            <span className="wj-import__summary" data-testid="file-import-summary">
              共 {counts.questions} 题，导入 {counts.mapped} 题
              {counts.skipped > 0 ? `，${counts.skipped} 题未能导入` : ""}
            </span>
          )}
          <Tooltip title={ready ? undefined : "请先上传文件"}>
            <Button
              type="primary"
              disabled={!ready}
              loading={creating}
              onClick={() => result && onCreate(result.preview.definition)}
              data-testid="file-import-confirm"
            >
              确认导入
            </Button>
          </Tooltip>
        </Space>
      </div>
      <div className="wj-import__panes">
        <section className="wj-import__source">
          <div className="wj-import__pane-head">
            <span>上传问卷文件</span>
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              onClick={handleTemplate}
              data-testid="file-import-template"
            >
              下载 Excel 模板
            </Button>
          </div>
          <div className="wj-file-import__upload">
            <Upload.Dragger
              accept={importAccept}
              maxCount={1}
              showUploadList={false}
              disabled={preview.isPending}
              beforeUpload={(file) => {
                handleFile(file);
                return Upload.LIST_IGNORE;
              }}
              data-testid="file-import-input"
              aria-label="选择问卷文件"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">点击或拖入问卷文件</p>
              <p className="ant-upload-hint">支持 .xlsx、.docx、.json、.lss、.lsa，不超过 5 MB</p>
            </Upload.Dragger>
            {result && (
              <p className="wj-file-import__file" data-testid="file-import-file">
                已读取：{result.fileName}
              </p>
            )}
            {error && <Alert type="error" showIcon title={error} data-testid="file-import-error" />}
          </div>
          <dl className="wj-file-import__formats">
            {formats.map(([name, text]) => (
              <div key={name} className="wj-file-import__format">
                <dt>{name}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="wj-import__preview">
          <div className="wj-import__pane-head">
            <span>预览{result ? `：${result.preview.title}` : ""}</span>
          </div>
          {result && (
            <div className="wj-file-import__report-wrap">
              <ReportList report={result.preview.report} />
            </div>
          )}
          <div className="wj-import__paper">
            {preview.isPending ? (
              <Spin className="wj-import__blank" description="正在读取文件…" style={{ display: "block" }} />
            ) : result ? (
              <SurveyPreview definition={result.preview.definition} />
            ) : (
              <Empty className="wj-import__blank" description="上传文件后，这里会显示导入后的问卷" />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
