import { useQueries, useQuery } from "@tanstack/react-query";
import { type ExamSettings, type PaperBankFacts, type PaperRule, paperRuleProblems } from "@wjgj/core";
import { Button, InputNumber, Select, Switch } from "antd";
import { useMemo } from "react";
import { QUESTION_BANK_PATH, questionBankApi, questionBankKeys } from "../../../../api/question-banks.ts";

interface EditorProps {
  exam: ExamSettings;
  /** The owner's banks with their questions' tags and difficulties; undefined while loading. */
  banks: readonly PaperBankFacts[] | undefined;
  onChange: (patch: Partial<ExamSettings>) => void;
}

const difficultyOptions = [
  { value: 1, label: "简单" },
  { value: 2, label: "中等" },
  { value: 3, label: "困难" },
];

/**
 * 随机组卷 rules as the designer edits them: each candidate gets N questions per rule from a bank, optionally
 * only those with a tag and difficulty, each worth the rule's points. Problems (a rule asking for more than
 * the bank holds) show under the rule in Chinese; the rules are still saved so an author can fill the bank
 * afterwards, and the server refuses to draw a paper it cannot complete.
 */
export function PaperRulesEditor({ exam, banks, onChange }: EditorProps) {
  const rules = exam.paperRules ?? [];
  const problems = useMemo(() => (banks ? paperRuleProblems(rules, banks) : []), [rules, banks]);
  const setRules = (next: PaperRule[]) => onChange({ paperRules: next.length > 0 ? next : undefined });
  const patchRule = (index: number, patch: Partial<PaperRule>) =>
    setRules(
      rules.map((rule, i) => {
        if (i !== index) return rule;
        const next: Record<string, unknown> = { ...rule, ...patch };
        for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
        return next as PaperRule;
      }),
    );
  const handleAdd = () => {
    const first = banks?.[0];
    if (first) setRules([...rules, { bankId: first.id, count: 1, points: 1 }]);
  };
  const total = rules.reduce((sum, rule) => sum + rule.count * rule.points, 0);
  return (
    <div className="dd-paper-rules">
      <h4 className="dd-section__title">随机组卷</h4>
      <p className="dd-hint">每位考生从题库按规则抽题，抽到的题追加在最后一页；发布后生效。</p>
      {rules.map((rule, index) => {
        const bank = banks?.find((b) => b.id === rule.bankId);
        const tags = [...new Set(bank?.items.flatMap((item) => item.tags) ?? [])];
        const ruleProblems = problems.filter((p) => p.rule === index);
        const label = `第${index + 1}条规则`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their position is what the user edits
          <fieldset key={index} className="dd-paper-rule" aria-label={label}>
            <legend className="dd-paper-rule__legend">
              {label}
              <Button
                size="small"
                type="link"
                danger
                aria-label={`删除${label}`}
                onClick={() => setRules(rules.filter((_, i) => i !== index))}
              >
                删除
              </Button>
            </legend>
            <Select
              aria-label={`${label}题库`}
              style={{ width: "100%" }}
              value={bank ? rule.bankId : undefined}
              placeholder="选择题库"
              options={(banks ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.items.length}题）` }))}
              onChange={(bankId: number) => patchRule(index, { bankId, tag: undefined })}
            />
            <div className="dd-paper-rule__row">
              <Select
                aria-label={`${label}标签`}
                allowClear
                placeholder="任意标签"
                value={rule.tag}
                options={tags.map((tag) => ({ value: tag, label: tag }))}
                onChange={(tag?: string) => patchRule(index, { tag })}
              />
              <Select
                aria-label={`${label}难度`}
                allowClear
                placeholder="任意难度"
                value={rule.difficulty}
                options={difficultyOptions}
                onChange={(difficulty?: 1 | 2 | 3) => patchRule(index, { difficulty })}
              />
            </div>
            <div className="dd-paper-rule__row">
              <div className="dd-paper-rule__number">
                <span aria-hidden="true">抽题数</span>
                <InputNumber
                  aria-label={`${label}抽题数`}
                  min={1}
                  max={200}
                  precision={0}
                  value={rule.count}
                  onChange={(count) => count && patchRule(index, { count })}
                />
              </div>
              <div className="dd-paper-rule__number">
                <span aria-hidden="true">每题分值</span>
                <InputNumber
                  aria-label={`${label}每题分值`}
                  min={1}
                  max={100}
                  precision={0}
                  value={rule.points}
                  onChange={(points) => points && patchRule(index, { points })}
                />
              </div>
            </div>
            {ruleProblems.map((problem) => (
              <p key={problem.message} className="dd-paper-rule__error" role="alert">
                {problem.message}
              </p>
            ))}
          </fieldset>
        );
      })}
      {banks && banks.length === 0 ? (
        <p className="dd-hint">
          还没有题库，请先在“我的题库”中<a href={QUESTION_BANK_PATH}>新建并导入题目</a>。
        </p>
      ) : (
        <Button block disabled={!banks || rules.length >= 20} onClick={handleAdd}>
          添加抽题规则
        </Button>
      )}
      {rules.length > 0 && (
        <>
          <p className="dd-hint">
            每份试卷抽 {rules.reduce((sum, rule) => sum + rule.count, 0)} 题，共 {total} 分。
          </p>
          <div className="dd-field">
            <span className="dd-field__label" id="paper-shuffle-questions">
              抽到的题目乱序
            </span>
            <Switch
              size="small"
              aria-labelledby="paper-shuffle-questions"
              checked={exam.paperShuffleQuestions !== false}
              onChange={(on) => onChange({ paperShuffleQuestions: on ? undefined : false })}
            />
          </div>
          <div className="dd-field">
            <span className="dd-field__label" id="paper-shuffle-options">
              选项乱序
            </span>
            <Switch
              size="small"
              aria-labelledby="paper-shuffle-options"
              checked={exam.paperShuffleOptions === true}
              onChange={(on) => onChange({ paperShuffleOptions: on ? true : undefined })}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** The editor fed with the owner's banks (`questionBank/getBankList` and each bank's questions). */
export function PaperRules(props: Omit<EditorProps, "banks">) {
  const list = useQuery({ queryKey: questionBankKeys.list(), queryFn: () => questionBankApi.getBankList() });
  const questions = useQueries({
    queries: (list.data ?? []).map((bank) => ({
      queryKey: questionBankKeys.questions(bank.id),
      queryFn: () => questionBankApi.getBankQuestionList(bank.id),
    })),
  });
  const loaded = list.data && questions.every((q) => q.data);
  const banks = loaded
    ? (list.data ?? []).map((bank, i) => ({
        id: bank.id,
        name: bank.name,
        items: (questions[i]?.data ?? []).map((item) => ({ tags: item.tags, difficulty: item.difficulty })),
      }))
    : undefined;
  return <PaperRulesEditor {...props} banks={banks} />;
}
