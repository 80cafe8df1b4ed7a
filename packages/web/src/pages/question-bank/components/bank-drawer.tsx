import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { type BankDifficulty, type BankQuestionFilter, bankDifficulties } from "@wjgj/core";
import { App, Button, Checkbox, Drawer, Dropdown, Empty, Input, Popconfirm, Select, Spin } from "antd";
import { useEffect, useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import {
  type BankItem,
  type BankSummary,
  questionBankApi,
  questionBankKeys,
  useDeleteBankQuestionsMutation,
  useMoveBankQuestionsMutation,
} from "../../../api/question-banks.ts";
import { BankQuestionEditor, type EditorTarget } from "./bank-question-editor.tsx";
import { BankQuestionView } from "./bank-question-view.tsx";

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : "操作失败，请稍后重试";
}

/** 标签, 难度 and 关键词: what the list asks the server for (getBankQuestionList's filters). */
function FilterBar({
  bankId,
  filter,
  onChange,
}: {
  bankId: number;
  filter: BankQuestionFilter;
  onChange(next: BankQuestionFilter): void;
}) {
  const tags = useQuery({
    queryKey: questionBankKeys.tags(bankId),
    queryFn: () => questionBankApi.getBankTags(bankId),
  });
  return (
    <section className="qb-filters" aria-label="筛选题目">
      <Select
        allowClear
        aria-label="按标签筛选"
        placeholder="标签"
        className="qb-filters__tag"
        value={filter.tag}
        options={(tags.data ?? []).map(({ tag, count }) => ({ value: tag, label: `${tag}（${count}）` }))}
        onChange={(tag?: string) => onChange({ ...filter, tag })}
      />
      <Select<BankDifficulty>
        allowClear
        aria-label="按难度筛选"
        placeholder="难度"
        className="qb-filters__difficulty"
        value={filter.difficulty}
        options={bankDifficulties.map((label, i) => ({ value: (i + 1) as BankDifficulty, label }))}
        onChange={(difficulty?: BankDifficulty) => onChange({ ...filter, difficulty })}
      />
      <Input.Search
        allowClear
        aria-label="关键词"
        placeholder="搜索题目、选项或解析"
        className="qb-filters__keyword"
        maxLength={50}
        onSearch={(keyword) => onChange({ ...filter, keyword: keyword.trim() || undefined })}
      />
    </section>
  );
}

/** 批量删除 and 移动到…: what to do with the checked questions. */
function SelectionBar({
  bank,
  banks,
  items,
  selected,
  onSelect,
}: {
  bank: BankSummary;
  banks: readonly BankSummary[];
  items: readonly BankItem[];
  selected: readonly number[];
  onSelect(ids: number[]): void;
}) {
  const { message } = App.useApp();
  const remove = useDeleteBankQuestionsMutation();
  const move = useMoveBankQuestionsMutation();
  const others = banks.filter((other) => other.id !== bank.id);
  const all = items.length > 0 && items.every((item) => selected.includes(item.id));
  const handleDelete = () =>
    remove.mutate([bank.id, [...selected]], {
      onSuccess: ({ deleted }) => {
        void message.success(`已删除 ${deleted} 道题`);
        onSelect([]);
      },
      onError: (error) => void message.error(errorText(error)),
    });
  const handleMove = (to: BankSummary) =>
    move.mutate([bank.id, [...selected], to.id], {
      onSuccess: ({ moved }) => {
        void message.success(`已将 ${moved} 道题移动到「${to.name}」`);
        onSelect([]);
      },
      onError: (error) => void message.error(errorText(error)),
    });
  return (
    <div className="qb-selection">
      <Checkbox
        checked={all}
        indeterminate={!all && selected.length > 0}
        disabled={items.length === 0}
        onChange={(event) => onSelect(event.target.checked ? items.map((item) => item.id) : [])}
      >
        全选
      </Checkbox>
      <span className="qb-selection__count" aria-live="polite">
        已选 {selected.length} 题
      </span>
      <Popconfirm
        title={`删除选中的 ${selected.length} 道题？`}
        description="已抽到这些题的试卷不受影响"
        okText="删除"
        cancelText="取消"
        onConfirm={handleDelete}
        disabled={selected.length === 0}
      >
        <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={remove.isPending}>
          批量删除
        </Button>
      </Popconfirm>
      <Dropdown
        disabled={selected.length === 0 || others.length === 0}
        trigger={["click"]}
        menu={{
          items: others.map((other) => ({ key: String(other.id), label: other.name })),
          onClick: ({ key }) => {
            const to = others.find((other) => String(other.id) === key);
            if (to) handleMove(to);
          },
        }}
      >
        <Button loading={move.isPending} disabled={selected.length === 0 || others.length === 0}>
          移动到… <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </div>
  );
}

/**
 * A bank's questions in full (options with the answer marked, explanation, points, difficulty, tags), each
 * with 编辑 and 删除, a checkbox for 批量删除 and 移动到…, 添加题目, and the filter bar.
 */
export interface BankDrawerProps {
  bank: BankSummary | null;
  banks: readonly BankSummary[];
  onClose(): void;
}

export function BankDrawer({ bank, banks, onClose }: BankDrawerProps) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<BankQuestionFilter>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const bankId = bank?.id ?? 0;
  const remove = useDeleteBankQuestionsMutation();
  const query = useQuery({
    queryKey: questionBankKeys.questions(bankId, filter),
    queryFn: () => questionBankApi.getBankQuestionList(bankId, filter),
    enabled: bank !== null,
  });
  // Another bank starts unfiltered; a new filter starts with nothing checked (a hidden question is never acted on).
  useEffect(() => {
    if (bankId >= 0) setFilter({});
  }, [bankId]);
  useEffect(() => {
    if (filter) setSelected([]);
  }, [filter]);
  const items = query.data ?? [];
  const filtered = Boolean(filter.tag || filter.difficulty || filter.keyword);
  const toggle = (id: number, on: boolean) =>
    setSelected((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <Drawer
      open={bank !== null}
      onClose={onClose}
      title={bank?.name}
      size="min(860px, 100vw)"
      rootClassName="qb-drawer"
      extra={
        bank && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ bankId, item: null })}>
            添加题目
          </Button>
        )
      }
    >
      {bank && (
        <>
          <FilterBar key={bankId} bankId={bankId} filter={filter} onChange={setFilter} />
          <SelectionBar bank={bank} banks={banks} items={items} selected={selected} onSelect={setSelected} />
          <Spin spinning={query.isFetching}>
            {items.length === 0 && !query.isPending ? (
              <Empty description={filtered ? "没有符合筛选条件的题目" : "题库中还没有题目"} />
            ) : (
              <ul className="qb-list" aria-label="题目列表">
                {items.map((item, i) => (
                  <li key={item.id} className="qb-item" data-testid="bank-question">
                    <Checkbox
                      className="qb-item__check"
                      aria-label={`选择第${i + 1}题`}
                      checked={selected.includes(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                    <BankQuestionView item={item} number={i + 1} />
                    <div className="qb-item__actions">
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`编辑第${i + 1}题`}
                        onClick={() => setEditing({ bankId, item })}
                      >
                        编辑
                      </Button>
                      <Popconfirm
                        title="删除这道题？"
                        description="已抽到这道题的试卷不受影响"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() =>
                          remove.mutate([bankId, [item.id]], {
                            onSuccess: () => void message.success("已删除 1 道题"),
                            onError: (error) => void message.error(errorText(error)),
                          })
                        }
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除第${i + 1}题`}>
                          删除
                        </Button>
                      </Popconfirm>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Spin>
        </>
      )}
      <BankQuestionEditor target={editing} onClose={() => setEditing(null)} />
    </Drawer>
  );
}
