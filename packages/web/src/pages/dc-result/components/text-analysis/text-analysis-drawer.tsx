import { BookOutlined, CloseOutlined } from "@ant-design/icons";
import type { WordFrequency } from "@wjgj/core";
import { Alert, Button, Drawer, Empty, Segmented, Skeleton, Table, type TableColumnsType } from "antd";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useWordFrequencies } from "../../../../api/text-analysis.ts";
import { useResults } from "../../hooks/results-context.ts";
import { TextAnswersTable } from "../statistics/text-answers.tsx";
import { PreparingNotice } from "../tab-loading.tsx";
import { CodeDialog, type CodeDraft, CodePanel, shownButton } from "./code-panel.tsx";
import { DictionaryModal } from "./dictionary-modal.tsx";
import { WordCloud } from "./word-cloud.tsx";
import "./text-analysis.css";

type View = "cloud" | "table" | "codes";
type Measure = "count" | "weight";

/** Words shown in the cloud: more would only add tiny ones nobody reads. */
const CLOUD_WORDS = 120;

type Row = WordFrequency & { rank: number };

/**
 * The frequency table's columns: the word is a button (the row's click, for the keyboard too), described by
 * the hint above the table. The measure the words are ranked by is always a column: ranked 按关键词权重, a
 * phone shows the weight in place of 占比 (a share of the count).
 */
function wordColumns(
  picked: string | null,
  hintId: string,
  onPick: (word: string) => void,
  measure: Measure,
): TableColumnsType<Row> {
  const byWeight = measure === "weight";
  return [
    // Narrow enough that a four-character word keeps one line beside two figures on a phone.
    { title: "排名", dataIndex: "rank", width: 56 },
    {
      title: "词语",
      dataIndex: "word",
      render: (value: string) => (
        <Button
          type="link"
          size="small"
          className="wj-word-link"
          data-word={value}
          aria-current={value === picked ? "true" : undefined}
          aria-describedby={hintId}
          onClick={(event) => {
            // The row's own click (for a click beside the word) must not pick it a second time.
            event.stopPropagation();
            onPick(value);
          }}
        >
          {value}
        </Button>
      ),
    },
    {
      title: "出现次数",
      dataIndex: "count",
      width: 100,
      sorter: (a, b) => a.count - b.count,
    },
    {
      title: "答卷数",
      dataIndex: "answers",
      width: 90,
      responsive: ["sm"],
      sorter: (a, b) => a.answers - b.answers,
    },
    {
      title: "占比",
      dataIndex: "percentage",
      width: 90,
      render: (value: number) => `${value}%`,
      sorter: (a, b) => a.percentage - b.percentage,
      ...(byWeight ? { responsive: ["md"] } : {}),
    },
    {
      title: "关键词权重",
      dataIndex: "weight",
      width: 110,
      ...(byWeight ? {} : { responsive: ["md"] }),
      sorter: (a, b) => a.weight - b.weight,
    },
  ];
}

/** 文本分析 of one question: the 词云 or the frequency table, and the answers containing the word picked. */
function TextAnalysis({ questionId, title }: { questionId: string; title: string }) {
  const { id, filter } = useResults();
  const query = useWordFrequencies(id, questionId, filter);
  const [view, setView] = useState<View>("cloud");
  const [measure, setMeasure] = useState<Measure>("count");
  const [word, setWord] = useState<string | null>(null);
  /** Counts the words picked: each pick, the same word again too, takes focus to its answers. */
  const [picks, setPicks] = useState(0);
  const [dictionary, setDictionary] = useState(false);
  const [codeDraft, setCodeDraft] = useState<CodeDraft | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();
  const headingId = useId();
  const pick = useCallback((picked: string) => {
    setWord(picked);
    setPicks((n) => n + 1);
  }, []);
  // Keyboard and screen reader users land on the answers of the word they chose.
  useEffect(() => {
    if (picks > 0) heading.current?.focus();
  }, [picks]);
  /** 清除: the answers go, focus back to the word's button (or, with it not shown, the panel). */
  const clear = () => {
    if (word) (shownButton(root.current, "word", word) ?? root.current)?.focus();
    setWord(null);
  };
  const data = query.data;
  const columns = useMemo(() => wordColumns(word, hintId, pick, measure), [word, hintId, pick, measure]);
  const list = useMemo(() => {
    const source = measure === "count" ? data?.words : data?.keywords;
    return (source ?? []).map((w, i) => ({ ...w, rank: i + 1 }));
  }, [data, measure]);
  const cloud = useMemo(
    () =>
      list
        .slice(0, CLOUD_WORDS)
        .map((w) => ({ word: w.word, weight: measure === "count" ? w.count : w.weight })),
    [list, measure],
  );

  let body: React.ReactNode;
  if (view === "codes") {
    body = <CodePanel questionId={questionId} onEdit={setCodeDraft} />;
  } else if (!data) {
    body = query.error ? (
      <Alert type="error" showIcon title="文本分析失败" description={query.error.message} />
    ) : (
      <>
        <PreparingNotice reason={query.failureReason} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </>
    );
  } else if (data.answers === 0 || list.length === 0) {
    body = (
      <Empty
        description={
          data.answers === 0
            ? "当前筛选范围内没有填写内容，请调整筛选条件"
            : "填写内容中没有可统计的词语（标点、数字和停用词不计入）"
        }
      />
    );
  } else if (view === "cloud") {
    body = (
      <WordCloud
        words={cloud}
        label={`${title}的词云`}
        ranking={measure === "count" ? "出现最多" : "关键词权重最高"}
        picked={word}
        describedBy={hintId}
        onSelect={pick}
      />
    );
  } else {
    body = (
      <Table
        size="small"
        rowKey="word"
        columns={columns}
        dataSource={list}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 个词` }}
        onRow={(row) => ({ onClick: () => pick(row.word), className: "wj-word-table__row" })}
        rowClassName={(row) => (row.word === word ? "wj-word-table__row--picked" : "")}
        data-testid="word-table"
      />
    );
  }

  return (
    // tabIndex -1: where focus goes back to when the word's button is not shown (a word of the cloud's canvas).
    <div ref={root} className="wj-text-analysis" data-testid="text-analysis" tabIndex={-1}>
      <div className="wj-text-analysis__bar">
        <span className="wj-text-analysis__summary" data-testid="text-analysis-summary">
          {data ? (
            <>
              共分析 <b>{data.answers}</b> 份答卷的填写内容，<b>{data.distinctWords}</b> 个词
            </>
          ) : (
            "正在分词统计…"
          )}
        </span>
        <span className="wj-text-analysis__controls">
          <Segmented<View>
            size="small"
            aria-label="查看方式"
            value={view}
            onChange={setView}
            options={[
              { value: "cloud", label: "词云" },
              { value: "table", label: "词频表" },
              { value: "codes", label: "编码" },
            ]}
          />
          {view !== "codes" && (
            <Segmented<Measure>
              size="small"
              aria-label="词语排序"
              value={measure}
              onChange={setMeasure}
              options={[
                { value: "count", label: "按出现次数" },
                { value: "weight", label: "按关键词权重" },
              ]}
            />
          )}
          <Button size="small" icon={<BookOutlined />} onClick={() => setDictionary(true)}>
            自定义词典
          </Button>
        </span>
      </div>
      {view !== "codes" && (
        <div id={hintId} className="wj-muted wj-text-analysis__hint">
          点击词语查看包含它的答案
        </div>
      )}
      {body}
      {word && view !== "codes" && (
        <section className="wj-text-analysis__answers" data-testid="word-answers" aria-labelledby={headingId}>
          <div className="wj-text-analysis__answers-head">
            <h3 ref={heading} id={headingId} className="wj-text-analysis__answers-title" tabIndex={-1}>
              包含“{word}”的答案
            </h3>
            <span>
              <Button size="small" type="link" onClick={() => setCodeDraft({ name: word, keywords: word })}>
                设为类别
              </Button>
              <Button size="small" type="text" icon={<CloseOutlined />} onClick={clear}>
                清除
              </Button>
            </span>
          </div>
          <TextAnswersTable key={word} questionId={questionId} word={word} />
        </section>
      )}
      <DictionaryModal id={id} open={dictionary} onClose={() => setDictionary(false)} />
      {codeDraft && (
        <CodeDialog
          key={codeDraft.codeId ?? `new:${codeDraft.name}`}
          questionId={questionId}
          draft={codeDraft}
          onClose={() => setCodeDraft(null)}
        />
      )}
    </div>
  );
}

/**
 * The drawer of 文本分析 (loaded on first use: the cloud's layout and table are not needed before). It keeps
 * showing the question it was opened for while it slides out, then hands focus back to the control that opened it.
 */
export default function TextAnalysisDrawer({
  target,
  onClose,
}: {
  target: { questionId: string; title: string } | null;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) setShown(target);
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      title={shown ? `${shown.title} · 文本分析` : "文本分析"}
      destroyOnHidden
    >
      {shown && <TextAnalysis key={shown.questionId} questionId={shown.questionId} title={shown.title} />}
    </Drawer>
  );
}
