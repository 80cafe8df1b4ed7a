import { useQuery } from "@tanstack/react-query";
import { getQuestionType, plainExcerpt } from "@wjgj/core";
import { App, Checkbox, Empty, Input, Modal, Select, Spin } from "antd";
import { useState } from "react";
import {
  type BankItem,
  QUESTION_BANK_PATH,
  questionBankApi,
  questionBankKeys,
} from "../../../api/question-banks.ts";
import { scrollToQuestion, uiActions } from "../store/ui-store.ts";
import { editorActions } from "../store/use-editor.ts";

export function openBankPick(): void {
  uiActions().openDialog({ kind: "bankPick" });
}

/** A bank question's points when it is scored by a fixed number of them. */
function pointsOf(item: BankItem): number | null {
  const points = (item.question.scoring as { points?: unknown } | undefined)?.points;
  return typeof points === "number" ? points : null;
}

/** A question's title as one line of text (titles may hold the rich-text subset). */
const plainTitle = (html: string) => plainExcerpt(html, 120) || "（无标题）";

/**
 * 从题库添加 (exams and quizzes): pick questions of one of the creator's banks — searched by keyword on the
 * server — and add copies after the selected question (or at the end), with their answers, points and
 * 答案解析. Later edits of the bank do not reach the copies, and edits here do not reach the bank.
 */
export function BankPickDialog() {
  const { message } = App.useApp();
  const [bankId, setBankId] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState("");
  const [picked, setPicked] = useState<Map<number, BankItem>>(new Map());
  const banks = useQuery({ queryKey: questionBankKeys.list(), queryFn: questionBankApi.getBankList });
  const chosenBank = bankId ?? banks.data?.find((bank) => bank.questionCount > 0)?.id;
  const filter = keyword.trim() ? { keyword: keyword.trim() } : {};
  const items = useQuery({
    queryKey: questionBankKeys.questions(chosenBank ?? 0, filter),
    queryFn: () => questionBankApi.getBankQuestionList(chosenBank as number, filter),
    enabled: chosenBank !== undefined,
  });
  const toggle = (item: BankItem, on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  const shown = items.data ?? [];
  const allShownPicked = shown.length > 0 && shown.every((item) => picked.has(item.id));
  const handleOk = () => {
    const ids = editorActions().addQuestions([...picked.values()].map((item) => item.question));
    uiActions().closeDialog();
    if (ids.length === 0) return;
    void message.success(`已添加 ${ids.length} 道题`);
    uiActions().setMobilePane("canvas");
    scrollToQuestion(ids[0] as string);
  };

  return (
    <Modal
      open
      title="从题库添加题目"
      okText={picked.size > 0 ? `添加 ${picked.size} 道题` : "添加"}
      okButtonProps={{ disabled: picked.size === 0 }}
      cancelText="取消"
      onOk={handleOk}
      onCancel={() => uiActions().closeDialog()}
      width={640}
      destroyOnHidden
    >
      <p className="dd-dialog-hint">
        选中的题目连同答案、分值和解析复制到当前位置之后；之后修改题库不会影响这里的题目。
      </p>
      {banks.data && banks.data.length === 0 ? (
        <Empty description={<a href={QUESTION_BANK_PATH}>还没有题库，去“我的题库”新建或导入</a>} />
      ) : (
        <>
          <div className="dd-bank-pick__filters">
            <Select<number>
              aria-label="题库"
              className="dd-bank-pick__bank"
              loading={banks.isPending}
              value={chosenBank}
              placeholder="选择题库"
              options={(banks.data ?? []).map((bank) => ({
                value: bank.id,
                label: `${bank.name}（${bank.questionCount} 题）`,
              }))}
              onChange={(id) => setBankId(id)}
            />
            <Input.Search
              aria-label="搜索题目"
              className="dd-bank-pick__keyword"
              placeholder="搜索题目、选项或解析"
              allowClear
              onSearch={setKeyword}
            />
          </div>
          <div className="dd-bank-pick__bar">
            <Checkbox
              checked={allShownPicked}
              indeterminate={!allShownPicked && shown.some((item) => picked.has(item.id))}
              disabled={shown.length === 0}
              onChange={(event) => {
                for (const item of shown) toggle(item, event.target.checked);
              }}
            >
              全选
            </Checkbox>
            <span className="dd-bank-pick__count">已选 {picked.size} 道题</span>
          </div>
          <Spin spinning={items.isFetching}>
            {shown.length === 0 && !items.isFetching ? (
              <Empty description={keyword.trim() ? "没有符合条件的题目" : "这个题库还没有题目"} />
            ) : (
              <ul className="dd-bank-pick__list" data-testid="bank-pick-list">
                {shown.map((item) => {
                  const points = pointsOf(item);
                  return (
                    <li key={item.id} className="dd-bank-pick__item">
                      <Checkbox
                        checked={picked.has(item.id)}
                        onChange={(event) => toggle(item, event.target.checked)}
                      >
                        <span className="dd-bank-pick__title">{plainTitle(item.question.title)}</span>
                        <span className="dd-bank-pick__meta">
                          {getQuestionType(item.question.type)?.name ?? item.question.type}
                          {points !== null ? ` · ${points}分` : ""}
                        </span>
                      </Checkbox>
                    </li>
                  );
                })}
              </ul>
            )}
          </Spin>
        </>
      )}
    </Modal>
  );
}
