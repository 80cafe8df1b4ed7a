import {
  BarChartOutlined,
  CodeOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from "@ant-design/icons";
import {
  type ExportJob,
  type ExportKind,
  exportRetentionDays,
  type ReportSection,
  reportSectionNames,
  reportSections,
} from "@wjgj/core";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Grid,
  Popconfirm,
  Progress,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import { useState } from "react";
import { useWeighting } from "../../../api/analysis.ts";
import {
  useCreateExportMutation,
  useDeleteExportMutation,
  useDownloadExportMutation,
  useExportList,
} from "../../../api/exports.ts";
import { Permitted } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { useResults } from "../hooks/results-context.ts";
import { exportFilterOf, filterParts } from "../lib/filter-model.ts";
import { formatBytes } from "../lib/format.ts";
import { attachmentTypes, hasQuestionTypes } from "../lib/question-types.ts";
import { ReportPinsList } from "./report-pins-list.tsx";
import { ReportSharePanel } from "./report-share-panel.tsx";

/** The files a statistics program reads: they may carry 统计分析's 加权 as a variable `weight`. */
const statisticsKinds = new Set<ExportKind>(["sav", "r", "stata"]);

const buttons: { kind: ExportKind; label: string; icon: React.ReactNode }[] = [
  { kind: "xlsx", label: "导出 Excel", icon: <FileExcelOutlined /> },
  { kind: "csv", label: "导出 CSV", icon: <FileTextOutlined /> },
  { kind: "sav", label: "导出 SPSS（.sav）", icon: <BarChartOutlined /> },
  { kind: "r", label: "导出 R（.csv + .R）", icon: <CodeOutlined /> },
  { kind: "stata", label: "导出 Stata（.csv + .do）", icon: <CodeOutlined /> },
  { kind: "zip", label: "下载附件压缩包", icon: <FileZipOutlined /> },
];

const statusColors = {
  queued: "default",
  running: "processing",
  done: "success",
  failed: "error",
  expired: "default",
} as const;

/** 导出: files built in the background; the list polls while a job runs and offers the finished files. */
export function ExportTab() {
  const { id, filter, questionary } = useResults();
  const { message } = App.useApp();
  const showError = useApiError();
  const [includeInvalid, setIncludeInvalid] = useState(false);
  // Personal information and IP addresses are masked in files unless the owner or a 管理员 asks (logged).
  const [fullPersonal, setFullPersonal] = useState(false);
  const [withWeight, setWithWeight] = useState(true);
  // 统计分析's saved 加权 (none, or not offered at the owner's level: no option).
  const weighting = useWeighting(id, { silent: true }).data?.weighting ?? null;
  const list = useExportList(id);
  const create = useCreateExportMutation();
  const remove = useDeleteExportMutation();
  const download = useDownloadExportMutation();
  const exportFilter = exportFilterOf(filter);
  const parts = filterParts(filter);
  // The archive packs the files of 文件上传 and 电子签名 answers: without such a question it has nothing to offer.
  const withAttachments = hasQuestionTypes(questionary.definition, attachmentTypes);
  const offered = buttons.filter((item) => item.kind !== "zip" || withAttachments);

  const handleCreate = async (kind: ExportKind) => {
    try {
      const weighted = weighting !== null && withWeight && statisticsKinds.has(kind);
      await create.mutateAsync({
        questionnaireId: id,
        kind,
        filter: {
          ...exportFilter,
          includeInvalid,
          ...(weighted ? { weighted } : {}),
          ...(fullPersonal && kind !== "docx" && kind !== "pdf" ? { fullPersonal } : {}),
        },
      });
      void message.success("已开始导出，完成后可在下方列表下载");
    } catch (error) {
      showError(error);
    }
  };
  const [sections, setSections] = useState<ReportSection[]>([...reportSections]);
  const handleReport = async (kind: "docx" | "pdf") => {
    try {
      await create.mutateAsync({ questionnaireId: id, kind, filter: { ...exportFilter, sections } });
      void message.success("已开始生成分析报告，完成后可在下方列表下载");
    } catch (error) {
      showError(error);
    }
  };
  const handleDownload = (job: ExportJob) => download.mutateAsync(job).catch(showError);
  const handleDelete = (job: ExportJob) =>
    remove
      .mutateAsync({ questionnaireId: id, id: job.id })
      .then(() => void message.success("导出记录已删除"), showError);

  const phone = Grid.useBreakpoint().md === false;
  const statusOf = (job: ExportJob) =>
    job.status === "running" || job.status === "queued" ? (
      <div data-testid="export-progress">
        <Progress
          aria-label={`${job.kindName}导出进度`}
          percent={job.progress}
          size="small"
          status="active"
        />
        <span className="wj-muted">
          {job.statusName} · 已写入 {job.rows} 份
        </span>
      </div>
    ) : (
      <div>
        <Tag color={statusColors[job.status]}>{job.statusName}</Tag>
        {job.error && <div className="wj-error-text">{job.error}</div>}
      </div>
    );
  const columns: TableColumnsType<ExportJob> = [
    {
      title: "文件",
      dataIndex: "fileName",
      render: (name: string, job) => (
        <div>
          <div>{name || job.kindName}</div>
          <div className="wj-muted">
            {job.kindName}
            {job.filter?.fullPersonal === true && (
              <Tag color="orange" className="wj-gap-left">
                含完整个人信息
              </Tag>
            )}
          </div>
          {/* A phone has no 状态 or time columns: the state and how long the file stays go under it. */}
          {phone && (
            <div className="wj-muted">{job.expiresAt ? `有效期至 ${job.expiresAt}` : job.createdAt}</div>
          )}
          {phone && statusOf(job)}
        </div>
      ),
    },
    // On a phone the file (with its state under it) and what to do with it; the rest from wider screens on.
    ...(phone
      ? []
      : ([
          { title: "状态", dataIndex: "status", width: 220, render: (_v, job) => statusOf(job) },
          { title: "答卷数", dataIndex: "rows", width: 80 },
          {
            title: "大小",
            dataIndex: "fileSize",
            width: 90,
            render: (size: number) => (size > 0 ? formatBytes(size) : "-"),
          },
          { title: "创建时间", dataIndex: "createdAt", width: 170 },
          {
            title: "有效期至",
            dataIndex: "expiresAt",
            width: 170,
            render: (value: string) => value || "-",
          },
        ] satisfies TableColumnsType<ExportJob>)),
    {
      title: "操作",
      key: "actions",
      width: phone ? 76 : 150,
      render: (_v, job) => (
        <Space size={0} orientation={phone ? "vertical" : "horizontal"}>
          {job.status === "done" && (
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void handleDownload(job)}
            >
              下载
            </Button>
          )}
          <Popconfirm
            title="删除这条导出记录和文件？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => handleDelete(job)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="wj-result__stack" data-testid="export-tab">
      <Card title="导出数据">
        <Space wrap size={12}>
          {offered.map((item) => (
            <Permitted key={item.kind} action="export">
              <Button
                type={item.kind === "xlsx" ? "primary" : "default"}
                icon={item.icon}
                loading={create.isPending && create.variables?.kind === item.kind}
                onClick={() => void handleCreate(item.kind)}
              >
                {item.label}
              </Button>
            </Permitted>
          ))}
          <Checkbox checked={includeInvalid} onChange={(event) => setIncludeInvalid(event.target.checked)}>
            包含无效答卷
          </Checkbox>
          <Permitted action="revealPersonal">
            <Checkbox
              checked={fullPersonal}
              onChange={(event) => setFullPersonal(event.target.checked)}
              data-testid="export-full-personal"
            >
              包含完整个人信息（记入团队动态）
            </Checkbox>
          </Permitted>
          {weighting !== null && (
            <Checkbox
              checked={withWeight}
              onChange={(event) => setWithWeight(event.target.checked)}
              data-testid="export-with-weight"
            >
              SPSS、R、Stata 文件附带加权权重
            </Checkbox>
          )}
        </Space>
        <p className="wj-muted wj-export__hint">
          Excel 与 CSV 每份答卷一行、每题（或每个小题）一列，选项为答题者当时看到的文字；CSV 为 UTF-8
          编码，可直接用 Excel 打开。SPSS 文件以题目为变量标签、选项为值标签，量表保留分值、端点文字（如 1
          非常不满意）为值标签，多选每个选项一个 0/1
          变量，“未作答”（-1）与“未显示”（-2，被逻辑隐藏或跳过）已设为缺失值。上传的文件与签名旁有“下载链接”，点击即可下载，无需登录：链接在导出后
          7 天内有效，每次打开都会核对导出人仍有导出权限。姓名、手机号、证件号、邮箱等个人信息与 IP
          默认脱敏（如
          138****5678），签名默认不导出；所有者与管理员可勾选“包含完整个人信息”，每次导出记入团队动态。开放题设置了编码类别时，每个类别在各种文件中多一列（1
          属于，0 不属于，未填写为空）。文件保留 {exportRetentionDays} 天。
        </p>
        {weighting !== null && (
          <p className="wj-muted wj-export__hint">
            已在统计分析中设置加权：勾选“附带加权权重”时，SPSS、R、Stata 文件多一个变量
            weight（加权权重），SPSS 与 PSPP 打开即按它加权。
          </p>
        )}
        {parts.length > 0 && <Alert type="info" showIcon title={`按当前筛选导出：${parts.join("，")}`} />}
      </Card>
      <Card title="分析报告" data-testid="report-card">
        <Checkbox.Group<ReportSection>
          value={sections}
          onChange={setSections}
          options={reportSections.map((value) => ({ value, label: reportSectionNames[value] }))}
        />
        <Space wrap size={12} className="wj-export__report-actions">
          {(["docx", "pdf"] as const).map((kind) => (
            <Permitted key={kind} action="export">
              <Button
                icon={kind === "docx" ? <FileWordOutlined /> : <FilePdfOutlined />}
                disabled={sections.length === 0}
                loading={create.isPending && create.variables?.kind === kind}
                onClick={() => void handleReport(kind)}
              >
                {kind === "docx" ? "生成 Word 报告" : "生成 PDF 报告"}
              </Button>
            </Permitted>
          ))}
        </Space>
        <p className="wj-muted wj-export__hint">
          报告包含封面、数据概况、每道题的统计表、图表和一句话解读，开放题的词云和高频词，以及固定到报告的交叉分析与统计分析；
          {parts.length > 0 ? "按当前筛选生成。" : "包含全部有效答卷。"}
          {sections.length === 0 && "请至少选择一项内容。"}
        </p>
        <ReportPinsList id={id} />
        <ReportSharePanel id={id} filter={{ ...exportFilter, sections }} />
      </Card>
      <Card title="导出记录">
        <Table<ExportJob>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isPending}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "还没有导出记录" }}
        />
      </Card>
    </div>
  );
}
