import type { ExamCandidateImportResult, ExamCandidateRow } from "@wjgj/core";
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, Tag, Upload } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { Link } from "react-router";
import {
  examGuardApi,
  type RevealedCandidate,
  useDeleteCandidatesMutation,
  useExamCandidates,
  useImportCandidatesMutation,
} from "../../../../api/exam-guard.ts";
import { Permitted } from "../../../../components/permitted.tsx";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { CandidateModal } from "./candidate-modal.tsx";
import { candidateStatusLabels } from "./live-model.ts";

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function ImportReport({ result, onClose }: { result: ExamCandidateImportResult; onClose: () => void }) {
  const summary = `导入完成：新增 ${result.added} 人，更新 ${result.updated} 人`;
  return (
    <Alert
      type={result.errors.length > 0 ? "warning" : "success"}
      showIcon
      closable={{ onClose, "aria-label": "关闭导入结果" }}
      data-testid="candidate-import-result"
      title={result.errors.length > 0 ? `${summary}，${result.errors.length} 行未导入` : summary}
      description={
        result.errors.length > 0 ? (
          <ul className="wj-invigilation__errors">
            {result.errors.map((error) => (
              <li key={`${error.row}:${error.message}`}>
                第 {error.row} 行：{error.message}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/** 考生名单: the masked list, 导入 / 模板 / 添加 / 删除 / 清空, and 查看完整信息 (logged on the server). */
export function CandidatesPanel({ id, listOn }: { id: number; listOn: boolean }) {
  const [query, setQuery] = useState({ page: 1, pageSize: 20, keyword: "" });
  const list = useExamCandidates(id, query);
  const importer = useImportCandidatesMutation(id);
  const remove = useDeleteCandidatesMutation(id);
  const [report, setReport] = useState<ExamCandidateImportResult | null>(null);
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<Record<number, RevealedCandidate>>({});
  const showError = useApiError();
  const { message } = App.useApp();

  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) void message.success(done);
    } catch (error) {
      showError(error);
    }
  };
  const handleImport = (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      void message.error("文件不能超过 5 MB");
      return;
    }
    setReport(null);
    void run(async () => setReport(await importer.mutateAsync(file)));
  };
  const handleReveal = (row: ExamCandidateRow) =>
    void run(async () => {
      const full = await examGuardApi.revealCandidate(id, row.id);
      setRevealed((old) => ({ ...old, [row.id]: full }));
    });

  const shown = (row: ExamCandidateRow) => revealed[row.id] ?? row;
  const columns: ColumnsType<ExamCandidateRow> = [
    { title: "姓名", key: "name", render: (_, row) => shown(row).name },
    { title: "准考证号", key: "number", render: (_, row) => shown(row).number },
    { title: "手机号", key: "phone", render: (_, row) => shown(row).phone || "-" },
    { title: "已考次数", dataIndex: "attemptsUsed", key: "attemptsUsed" },
    {
      title: "状态",
      key: "status",
      render: (_, row) => {
        const status = candidateStatusLabels[row.status];
        return <Tag color={status.color}>{status.label}</Tag>;
      },
    },
    { title: "成绩", dataIndex: "score", key: "score", render: (score: number | null) => score ?? "-" },
    {
      title: "操作",
      key: "actions",
      render: (_, row) => (
        <Space size={0}>
          <Permitted action="revealPersonal">
            <Button type="link" size="small" disabled={row.id in revealed} onClick={() => handleReveal(row)}>
              查看完整信息
            </Button>
          </Permitted>
          <Permitted action="manageResponses">
            <Popconfirm
              title="从名单中删除这名考生？"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => run(() => remove.mutateAsync({ id, candidateIds: [row.id] }), "已删除")}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Permitted>
        </Space>
      ),
    },
  ];

  return (
    <Card title="考生名单" data-testid="exam-candidates">
      <div className="wj-result__stack">
        {!listOn && (
          <Alert
            type="info"
            showIcon
            data-testid="candidates-off"
            title="考生名单未开启：名单中的考生不需要登录，任何人都可以作答"
            description={
              <>
                在「问卷设置 · 考试防作弊」中开启考生名单后，只有名单中的考生可以登录作答。
                <Link to={`/dc/dcDesign?id=${id}`}>去设置</Link>
              </>
            }
          />
        )}
        <div className="wj-invigilation__toolbar">
          <Input.Search
            allowClear
            className="wj-invigilation__search"
            placeholder="准考证号或手机号"
            aria-label="搜索考生"
            enterButton="搜索"
            onSearch={(keyword) => setQuery((old) => ({ ...old, page: 1, keyword }))}
          />
          <Space wrap>
            <Permitted action="manageResponses">
              <Upload
                accept=".xlsx,.csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  handleImport(file);
                  return false;
                }}
              >
                <Button type="primary" loading={importer.isPending}>
                  导入考生
                </Button>
              </Upload>
            </Permitted>
            <Button onClick={() => void run(() => examGuardApi.downloadTemplate(id))}>下载模板</Button>
            <Permitted action="manageResponses">
              <Button onClick={() => setAdding(true)}>添加考生</Button>
            </Permitted>
            <Permitted action="manageResponses">
              <Popconfirm
                title="清空考生名单？"
                description="名单中的考生将全部删除，已提交的答卷不受影响。"
                okText="清空"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => run(() => remove.mutateAsync({ id, all: true }), "已清空考生名单")}
              >
                <Button danger disabled={(list.data?.total ?? 0) === 0}>
                  清空名单
                </Button>
              </Popconfirm>
            </Permitted>
          </Space>
        </div>
        {report && <ImportReport result={report} onClose={() => setReport(null)} />}
        <Table<ExamCandidateRow>
          rowKey="id"
          size="middle"
          className="wj-invigilation__table"
          data-testid="exam-candidate-table"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: query.keyword ? "没有找到该考生" : "名单中还没有考生，请导入或添加" }}
          onChange={(pagination) =>
            setQuery((old) => ({
              ...old,
              page: pagination.current ?? 1,
              pageSize: pagination.pageSize ?? old.pageSize,
            }))
          }
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => `共 ${total} 人`,
          }}
        />
      </div>
      <CandidateModal id={id} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
