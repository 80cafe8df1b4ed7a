import { CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { TEXT_CODE_LIMITS, type TextCode } from "@wjgj/core";
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import { useEffect, useId, useRef, useState } from "react";
import { useDeleteTextCode, useSaveTextCode, useTextCodes } from "../../../../api/text-analysis.ts";
import { Permitted } from "../../../../components/permitted.tsx";
import { useResults } from "../../hooks/results-context.ts";
import { TextAnswersTable } from "../statistics/text-answers.tsx";

/** What the code dialog edits: a new code (maybe from a word of the cloud) or an existing one. */
export interface CodeDraft {
  codeId?: number;
  name: string;
  keywords: string;
}

/** The problem with a code as typed, or null (the server checks the same). */
export function codeProblem(draft: CodeDraft): string | null {
  const name = draft.name.trim();
  if (name === "" || [...name].length > TEXT_CODE_LIMITS.nameLength) return "请输入1-20个字的类别名称";
  const keywords = draft.keywords
    .split(/\r?\n/)
    .map((k) => k.trim())
    .filter(Boolean);
  if (keywords.length > TEXT_CODE_LIMITS.keywords) return `关键词最多${TEXT_CODE_LIMITS.keywords}个`;
  const long = keywords.findIndex((k) => [...k].length > TEXT_CODE_LIMITS.keywordLength);
  if (long >= 0) return `第${long + 1}个关键词超过${TEXT_CODE_LIMITS.keywordLength}个字，请缩短`;
  return null;
}

/**
 * The button of `root` standing for a word or a code (`data-word` / `data-code` equal to `value`), if shown: where
 * focus goes back to when that word's or code's answers are closed.
 */
export function shownButton(
  root: HTMLElement | null,
  attribute: "word" | "code",
  value: string,
): HTMLElement | null {
  if (!root) return null;
  const all = root.querySelectorAll<HTMLElement>(`[data-${attribute}]`);
  return [...all].find((element) => element.dataset[attribute] === value) ?? null;
}

/** 新建类别 / 编辑类别: a name and keywords, one per line. */
export function CodeDialog({
  questionId,
  draft,
  onClose,
}: {
  questionId: string;
  draft: CodeDraft | null;
  onClose: () => void;
}) {
  const { id } = useResults();
  const { message } = App.useApp();
  const save = useSaveTextCode();
  const [value, setValue] = useState<CodeDraft>(draft ?? { name: "", keywords: "" });
  const problem = codeProblem(value);
  const submit = () => {
    if (problem) return;
    save.mutate(
      { id, questionId, codeId: value.codeId, name: value.name.trim(), keywords: value.keywords },
      {
        onSuccess: () => {
          void message.success(value.codeId ? "类别已保存" : "类别已添加");
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={draft !== null}
      title={value.codeId ? "编辑类别" : "新建类别"}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Permitted key="save" action="manageResponses">
          <Button type="primary" loading={save.isPending} disabled={problem !== null} onClick={submit}>
            保存
          </Button>
        </Permitted>,
      ]}
    >
      <Form layout="vertical" data-testid="code-dialog">
        <Form.Item label="类别名称">
          <Input
            aria-label="类别名称"
            value={value.name}
            maxLength={40}
            onChange={(e) => setValue({ ...value, name: e.target.value })}
            placeholder="例如：价格"
          />
        </Form.Item>
        <Form.Item
          label="关键词"
          extra="答案包含任一关键词即归入该类别，每行一个；也可以在下方答案列表中手动归类"
        >
          <Input.TextArea
            aria-label="关键词"
            rows={5}
            value={value.keywords}
            onChange={(e) => setValue({ ...value, keywords: e.target.value })}
            placeholder={"例如：\n价格\n贵\n便宜"}
          />
        </Form.Item>
        {problem && value.name !== "" && <Alert type="error" showIcon title={problem} />}
        {save.error && <Alert type="error" showIcon title={save.error.message} />}
      </Form>
    </Modal>
  );
}

/**
 * 编码: the question's codes with how many answers in the 筛选 have each, and every answer with a switch per
 * code for tagging by hand. Codes are variables code<id> in 统计分析 and the SPSS, R and Stata files.
 */
export function CodePanel({
  questionId,
  onEdit,
}: {
  questionId: string;
  onEdit: (draft: CodeDraft) => void;
}) {
  const { id, filter } = useResults();
  const { message } = App.useApp();
  const query = useTextCodes(id, questionId, filter);
  const remove = useDeleteTextCode();
  const [picked, setPicked] = useState<number | null>(null);
  /** Counts the codes picked: each pick, the same code again too, takes focus to its answers. */
  const [picks, setPicks] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const hintId = useId();
  const pick = (codeId: number) => {
    setPicked(codeId);
    setPicks((n) => n + 1);
  };
  // Keyboard and screen reader users land on the answers of the code they chose.
  useEffect(() => {
    if (picks > 0) heading.current?.focus();
  }, [picks]);
  /** 收起: the answers go, focus back to the code's button. */
  const clear = () => {
    if (picked !== null) shownButton(root.current, "code", String(picked))?.focus();
    setPicked(null);
  };
  const data = query.data;
  if (!data)
    return query.error ? (
      <Alert type="error" showIcon title="编码加载失败" description={query.error.message} />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );
  const code = data.codes.find((c) => c.id === picked) ?? null;
  const columns: TableColumnsType<TextCode> = [
    {
      title: "类别",
      dataIndex: "name",
      width: 120,
      // A button: the row's click, for the keyboard too.
      render: (name: string, row) => (
        <Button
          type="link"
          size="small"
          className="wj-word-link"
          data-code={row.id}
          aria-current={row.id === picked ? "true" : undefined}
          aria-describedby={hintId}
          onClick={(event) => {
            // The row's own click (for a click beside the name) must not pick it a second time.
            event.stopPropagation();
            pick(row.id);
          }}
        >
          {name}
        </Button>
      ),
    },
    {
      title: "关键词",
      dataIndex: "keywords",
      responsive: ["sm"],
      render: (keywords: string[]) =>
        keywords.length > 0 ? (
          <Space size={[4, 4]} wrap>
            {keywords.map((k) => (
              <Tag key={k}>{k}</Tag>
            ))}
          </Space>
        ) : (
          <span className="wj-muted">仅手动归类</span>
        ),
    },
    {
      title: "答卷数",
      dataIndex: "answers",
      width: 80,
      render: (value: number) => <span className="wj-code-count">{value}</span>,
    },
    { title: "占比", dataIndex: "percentage", width: 80, render: (value: number) => `${value}%` },
    {
      title: "操作",
      key: "actions",
      width: 100,
      render: (_v, row) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Permitted action="manageResponses">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={`编辑类别${row.name}`}
              onClick={() => onEdit({ codeId: row.id, name: row.name, keywords: row.keywords.join("\n") })}
            />
          </Permitted>
          <Permitted action="manageResponses">
            <Popconfirm
              title={`删除类别“${row.name}”？`}
              description="该类别的手动归类也将一并删除，统计分析和导出中的对应变量随之移除。"
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync({ id, codeId: row.id }).then(() => {
                  if (picked === row.id) setPicked(null);
                  void message.success("类别已删除");
                })
              }
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除类别${row.name}`}
              />
            </Popconfirm>
          </Permitted>
        </Space>
      ),
    },
  ];
  return (
    <div ref={root} className="wj-code-panel" data-testid="code-panel">
      <div className="wj-text-analysis__bar">
        <span data-testid="code-summary">
          {data.answers} 份答卷，{data.codes.length} 个类别，未归类 {data.uncoded} 份
        </span>
        <Permitted action="manageResponses">
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => onEdit({ name: "", keywords: "" })}
            disabled={data.codes.length >= TEXT_CODE_LIMITS.codes}
          >
            新建类别
          </Button>
        </Permitted>
      </div>
      {data.codes.length === 0 ? (
        <Empty description="还没有类别：按主题把答案归类（如价格、服务、物流），每个类别可在统计分析中作为变量使用" />
      ) : (
        <>
          <div id={hintId} className="wj-muted wj-text-analysis__hint">
            点击类别查看它的答案，并可手动归类
          </div>
          <Table<TextCode>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={data.codes}
            pagination={false}
            onRow={(row) => ({ onClick: () => pick(row.id), className: "wj-word-table__row" })}
            rowClassName={(row) => (row.id === picked ? "wj-word-table__row--picked" : "")}
            data-testid="code-table"
          />
        </>
      )}
      {code && (
        <section className="wj-text-analysis__answers" data-testid="code-answers" aria-labelledby={headingId}>
          <div className="wj-text-analysis__answers-head">
            <h3 ref={heading} id={headingId} className="wj-text-analysis__answers-title" tabIndex={-1}>
              按“{code.name}”归类答案
            </h3>
            <Button size="small" type="text" icon={<CloseOutlined />} onClick={clear}>
              收起
            </Button>
          </div>
          <div className="wj-muted wj-text-analysis__hint">
            打开开关即归入该类别，关闭即移出（不论关键词）
          </div>
          <TextAnswersTable key={code.id} questionId={questionId} code={{ id: code.id, name: code.name }} />
        </section>
      )}
    </div>
  );
}
