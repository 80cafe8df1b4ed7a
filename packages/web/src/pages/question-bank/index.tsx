import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Empty, Input, Popconfirm, Space, Switch, Table, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../api/errors.ts";
import {
  type BankPageState,
  type BankSummary,
  questionBankApi,
  questionBankKeys,
  useBankFromQuestionaryMutation,
} from "../../api/question-banks.ts";
import { onDemand } from "../../lib/on-demand.tsx";
import type { BankDrawerProps } from "./components/bank-drawer.tsx";
import { BankFromQuestionnaire } from "./components/bank-from-questionnaire.tsx";
import "./question-bank.css";

/**
 * A bank's drawer, with the designer's question editor inside (and zod and the question schemas with it): loaded
 * after the list of banks has painted (lib/on-demand.tsx).
 */
const BankDrawer = onDemand<BankDrawerProps>(
  () => import("./components/bank-drawer.tsx").then((module) => module.BankDrawer),
  (props) => props.bank !== null,
);

function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return "操作失败，请稍后重试";
  const rows = (error.data as { errors?: { message: string }[] } | null)?.errors ?? [];
  return rows.length > 0 ? `${error.message}\n${rows.map((r) => r.message).join("\n")}` : error.message;
}

/**
 * 开放练习 for a bank: anyone with the link practises it on /practice/{id} (顺序、随机、错题本) with the
 * answer and 答案解析 after each question; turning it off ends the link.
 */
function PracticeSwitch({ bank, onChange }: { bank: BankSummary; onChange(): void }) {
  const { message } = App.useApp();
  const share = useMutation({
    mutationFn: (on: boolean) => questionBankApi.updateBankPractice(bank.id, on),
    onSuccess: onChange,
    onError: (error) => void message.error(errorText(error)),
  });
  const link = bank.practicePublicId ? `${window.location.origin}/practice/${bank.practicePublicId}` : "";
  return (
    <Space size={6}>
      <Switch
        size="small"
        aria-label={`${bank.name}开放练习`}
        checked={bank.practicePublicId !== null}
        loading={share.isPending}
        onChange={(on) => share.mutate(on)}
      />
      {link && (
        <Typography.Text copyable={{ text: link, tooltips: ["复制练习链接", "已复制"] }}>
          <a href={link} target="_blank" rel="noreferrer">
            练习链接
          </a>
        </Typography.Text>
      )}
    </Space>
  );
}

/** /dc/questionBank (题库): the user's banks; import from the Excel template, export, open to read and edit. */
export function QuestionBankPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [open, setOpen] = useState<BankSummary | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // 存入题库 on a 我的问卷 card: 从问卷导入 opens with its questionnaire chosen. The state is read once and
  // dropped from the history entry, so a reload or coming back does not open the dialog again.
  const [source, setSource] = useState(() => (location.state as BankPageState | null)?.bankFrom);
  const [importing, setImporting] = useState(source !== undefined);
  useEffect(() => {
    if ((location.state as BankPageState | null)?.bankFrom)
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const list = useQuery({ queryKey: questionBankKeys.list(), queryFn: questionBankApi.getBankList });
  const refresh = () => client.invalidateQueries({ queryKey: ["questionBank"] });
  const add = useMutation({
    mutationFn: () => questionBankApi.addBank(name),
    onSuccess: () => {
      setName("");
      void refresh();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const fromQuestionnaire = useBankFromQuestionaryMutation();
  const handleImport = async (bank: BankSummary, file: File) => {
    try {
      const { imported } = await questionBankApi.importBankQuestions(bank.id, file);
      void message.success(`已导入 ${imported} 道题`);
      void refresh();
    } catch (error) {
      modal.error({ title: "导入失败", content: <pre className="qb-errors">{errorText(error)}</pre> });
    }
  };
  const run = (work: Promise<unknown>) => work.catch((error) => void message.error(errorText(error)));

  return (
    <main className="qb-page">
      <h1>我的题库</h1>
      <div className="qb-toolbar">
        <Input
          aria-label="新题库名称"
          placeholder="新题库名称"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => name.trim() && add.mutate()}
        />
        <Button type="primary" disabled={!name.trim()} loading={add.isPending} onClick={() => add.mutate()}>
          新建题库
        </Button>
        <Button onClick={() => setImporting(true)}>从问卷导入</Button>
        <Button onClick={() => run(questionBankApi.downloadTemplate())}>下载导入模板</Button>
      </div>
      <Table<BankSummary>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Empty description="还没有题库：输入名称新建一个，或从问卷导入" /> }}
        columns={[
          {
            title: "题库",
            dataIndex: "name",
            render: (text: string, bank) => (
              <Button type="link" onClick={() => setOpen(bank)}>
                {text}
              </Button>
            ),
          },
          { title: "题目数", dataIndex: "questionCount" },
          {
            title: "开放练习",
            render: (_, bank) => <PracticeSwitch bank={bank} onChange={refresh} />,
          },
          {
            title: "操作",
            render: (_, bank) => (
              <Space wrap>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void handleImport(bank, file);
                    return false;
                  }}
                >
                  <Button aria-label={`导入 Excel 到${bank.name}`}>导入 Excel</Button>
                </Upload>
                <Button onClick={() => run(questionBankApi.exportBank(bank))}>导出</Button>
                <Popconfirm
                  title="删除题库及其中所有题目？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => run(questionBankApi.delBank(bank.id).then(refresh))}
                >
                  <Button danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <BankDrawer bank={open} banks={list.data ?? []} onClose={() => setOpen(null)} />
      <BankFromQuestionnaire
        open={importing}
        source={source}
        onClose={() => {
          setImporting(false);
          setSource(undefined);
        }}
        pending={fromQuestionnaire.isPending}
        create={async (questionaryId, bankName) => {
          const bank = await fromQuestionnaire.mutateAsync([questionaryId, bankName]);
          setOpen(bank);
          return bank;
        }}
      />
    </main>
  );
}
