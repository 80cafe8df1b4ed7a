import { useQuery } from "@tanstack/react-query";
import type { QuestionarySummary } from "@wjgj/core";
import { Form, Input, Select, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { BankSummary } from "../../../api/question-banks.ts";
import { questionaryApi, questionaryKeys } from "../../../api/questionary.ts";
import { FormDialog } from "../../../components/form-dialog.tsx";

interface Values {
  questionaryId?: number;
  name: string;
}

/** The picker lists this many of the creator's questionnaires, most recently changed first; typing searches. */
const PICKER_SIZE = 50;
/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

/** The search text once typing has paused. */
function usePausedValue(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

/**
 * A questionnaire in the picker. The label is text, so the option is read by it (antd names an option by a
 * text label only, else by its value: an id); the list shows the kind and size after the title.
 */
const optionOf = (item: QuestionarySummary) => ({
  value: item.id,
  title: item.title,
  label: `${item.title}（${item.kindName}，${item.questionCount} 题）`,
  item,
});

type SourceOption = ReturnType<typeof optionOf>;

function renderOption({ data }: { data: SourceOption }) {
  return (
    <span className="qb-source">
      <span className="qb-source__title">{data.item.title}</span>
      <span className="qb-source__meta">
        {data.item.kindName} · {data.item.questionCount} 题
      </span>
    </span>
  );
}

/**
 * 从问卷导入 (/dc/questionBank): a new bank made of the questions of one of the creator's questionnaires that
 * have a key (单选、多选、判断、填空 with their correct answers), through `questionBank/addBankFromQuestionary`.
 * The questionnaire is left as it is; the bank gets copies. A questionnaire with nothing to take is refused
 * under the picker, in its kind's words.
 */
export function BankFromQuestionnaire({
  open,
  source,
  onClose,
  create,
  pending,
}: {
  open: boolean;
  /** The questionnaire chosen when the dialog opens (存入题库 on its card), named after it. */
  source?: QuestionarySummary;
  onClose(): void;
  /** Makes the bank; the page refreshes its list and opens the new bank. */
  create(questionaryId: number, name: string): Promise<BankSummary>;
  pending: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState("");
  // The name the picker last filled in: it follows the next choice, a name typed by hand does not.
  const sourceName = source?.title.slice(0, 100) ?? "";
  const filledName = useRef(sourceName);
  const title = usePausedValue(search.trim());
  const query = { pageNum: 1, pageSize: PICKER_SIZE, ...(title ? { title } : {}) };
  const list = useQuery({
    queryKey: questionaryKeys.list(query),
    queryFn: () => questionaryApi.getQuestionaryList(query),
    enabled: open,
  });
  const listed = list.data?.list ?? [];
  // The chosen questionnaire stays a choice while the list (the 50 latest, or a search) does not hold it.
  const items =
    source && !title && !listed.some((item) => item.id === source.id) ? [source, ...listed] : listed;
  const close = () => {
    form.resetFields();
    filledName.current = "";
    setSearch("");
    onClose();
  };

  return (
    <FormDialog<Values, BankSummary>
      open={open}
      title="从问卷导入题目"
      okText="导入"
      form={form}
      formName="bank-from-questionnaire"
      initialValues={source ? { questionaryId: source.id, name: sourceName } : { name: "" }}
      pending={pending}
      submit={(values) => create(values.questionaryId as number, values.name.trim())}
      success={(bank) => `已建立题库「${bank.name}」，共 ${bank.questionCount} 道题`}
      onClose={close}
      destroyOnHidden
      intro={
        <Typography.Paragraph type="secondary">
          把一份问卷中设置了正确答案的单选、多选、判断和填空题复制为一个新题库，连同分值和答案解析；原问卷不受影响。
        </Typography.Paragraph>
      }
    >
      <Form.Item
        name="questionaryId"
        label="选择问卷"
        rules={[{ required: true, message: "请选择一份问卷" }]}
      >
        <Select<number, SourceOption>
          placeholder="搜索问卷名称"
          showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
          loading={list.isFetching}
          options={items.map(optionOf)}
          optionRender={renderOption}
          optionLabelProp="title"
          notFoundContent={list.isFetching ? "正在加载…" : "没有找到问卷"}
          onChange={(id) => {
            const chosen = items.find((item) => item.id === id);
            const name = String(form.getFieldValue("name") ?? "");
            // The bank is named after the questionnaire unless a name was typed.
            if (chosen && (name.trim() === "" || name === filledName.current)) {
              filledName.current = chosen.title.slice(0, 100);
              form.setFieldValue("name", filledName.current);
            }
          }}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label="题库名称"
        rules={[{ required: true, whitespace: true, message: "请填写题库名称" }]}
      >
        <Input maxLength={100} placeholder="默认与问卷同名" />
      </Form.Item>
    </FormDialog>
  );
}
