import { TEXT_DICTIONARY_LIMITS } from "@wjgj/core";
import { Alert, App, Button, Form, Input, Modal, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useSaveTextDictionary, useTextDictionary } from "../../../../api/text-analysis.ts";
import { Permitted, useAccess } from "../../../../components/permitted.tsx";

/** The problem with one list as typed (one word per line), naming the line, or null. */
export function dictionaryProblem(text: string, what: string): string | null {
  const lines = text.split(/\r?\n/);
  let words = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const word = (lines[i] ?? "").trim();
    if (word === "") continue;
    words += 1;
    if (/\s/.test(word)) return `${what}第${i + 1}行含有空格，请每行只填写一个词`;
    if ([...word].length > TEXT_DICTIONARY_LIMITS.wordLength)
      return `${what}第${i + 1}行超过${TEXT_DICTIONARY_LIMITS.wordLength}个字，请缩短`;
  }
  if (words > TEXT_DICTIONARY_LIMITS.words)
    return `${what}最多${TEXT_DICTIONARY_LIMITS.words}个，当前${words}个`;
  return null;
}

const count = (text: string) =>
  new Set(
    text
      .split(/\r?\n/)
      .map((w) => w.trim())
      .filter(Boolean),
  ).size;

/**
 * 自定义词典: the questionnaire's words kept whole (product names, jargon) and its stop words, one per line.
 * Saved for every question and every reader; the words are counted again at once.
 */
export function DictionaryModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const may = useAccess().may("manageResponses");
  const query = useTextDictionary(id, open);
  const save = useSaveTextDictionary();
  const [words, setWords] = useState("");
  const [stopWords, setStopWords] = useState("");
  useEffect(() => {
    if (open && query.data) {
      setWords(query.data.words.join("\n"));
      setStopWords(query.data.stopWords.join("\n"));
    }
  }, [open, query.data]);
  const problem = dictionaryProblem(words, "自定义词语") ?? dictionaryProblem(stopWords, "停用词");
  const submit = () => {
    if (problem) return;
    save.mutate(
      { id, words, stopWords },
      {
        onSuccess: () => {
          void message.success("词典已保存，词频已按新词典重新统计");
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title="自定义词典"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Permitted key="save" action="manageResponses">
          <Button type="primary" loading={save.isPending} disabled={problem !== null} onClick={submit}>
            保存并重新统计
          </Button>
        </Permitted>,
      ]}
    >
      {!query.data ? (
        query.error ? (
          <Alert type="error" showIcon title="词典加载失败" description={query.error.message} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )
      ) : (
        <Form layout="vertical" className="wj-dictionary" data-testid="text-dictionary">
          <Form.Item
            label={`自定义词语（${count(words)}）`}
            extra="产品名、品牌或行业用语，分词时作为一个完整的词，每行一个"
          >
            <Input.TextArea
              aria-label="自定义词语"
              value={words}
              onChange={(e) => setWords(e.target.value)}
              rows={6}
              placeholder={"例如：\n青禾问卷\n小程序"}
              disabled={!may}
            />
          </Form.Item>
          <Form.Item
            label={`停用词（${count(stopWords)}）`}
            extra={`不参与统计和词云的词，每行一个；已内置${query.data.builtInStopWords}个常用停用词（的、了、我们……），标点和数字不计入`}
          >
            <Input.TextArea
              aria-label="停用词"
              value={stopWords}
              onChange={(e) => setStopWords(e.target.value)}
              rows={6}
              placeholder={"例如：\n问题\n感觉"}
              disabled={!may}
            />
          </Form.Item>
          {problem && <Alert type="error" showIcon title={problem} />}
          {save.error && <Alert type="error" showIcon title={save.error.message} />}
          {query.data.updatedAt && <div className="wj-muted">上次保存：{query.data.updatedAt}</div>}
        </Form>
      )}
    </Modal>
  );
}
