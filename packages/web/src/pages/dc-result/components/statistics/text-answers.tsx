import type { TextAnswerItem } from "@wjgj/core";
import { Drawer, Input, Space, Switch, Table, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import { useTextAnswers } from "../../../../api/results.ts";
import { useTagTextAnswer } from "../../../../api/text-analysis.ts";
import { Permitted } from "../../../../components/permitted.tsx";
import { useResults } from "../../hooks/results-context.ts";
import { FileLink, ProtectedImage } from "../answers/protected-file.tsx";

/** `text` with every occurrence of `word` marked (as found by the search: the same letters, any case). */
export function Highlighted({ text, word }: { text: string; word: string }) {
  if (word === "") return <>{text}</>;
  const lower = text.toLowerCase();
  const target = word.toLowerCase();
  const pieces: { text: string; mark: boolean; at: number }[] = [];
  let at = 0;
  for (let found = lower.indexOf(target); found !== -1; found = lower.indexOf(target, at)) {
    if (found > at) pieces.push({ text: text.slice(at, found), mark: false, at });
    pieces.push({ text: text.slice(found, found + word.length), mark: true, at: found });
    at = found + word.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), mark: false, at });
  return <>{pieces.map((piece) => (piece.mark ? <mark key={piece.at}>{piece.text}</mark> : piece.text))}</>;
}

function AnswerContent({ item, keyword }: { item: TextAnswerItem; keyword: string }) {
  return (
    <div className="wj-text-answer">
      {item.parts.map((part) => (
        <div key={part.key}>
          {part.label && <span className="wj-text-answer__label">{part.label}：</span>}
          <span className="wj-text-answer__text">
            <Highlighted text={part.text} word={keyword} />
          </span>
        </div>
      ))}
      {item.files.length > 0 && (
        <Space wrap size={4}>
          {item.files.map((file) => (
            <FileLink key={file.fileId} file={file} />
          ))}
        </Space>
      )}
      {item.signatureUrl && (
        <ProtectedImage url={item.signatureUrl} alt={`答卷${item.responseId}的签名`} width={140} />
      )}
    </div>
  );
}

const columnsFor = (keyword: string): TableColumnsType<TextAnswerItem> => [
  { title: "答卷编号", dataIndex: "responseId", width: 96 },
  { title: "提交时间", dataIndex: "submittedAt", width: 170, responsive: ["sm"] },
  {
    title: "填写内容",
    key: "content",
    render: (_v, item) => <AnswerContent item={item} keyword={keyword} />,
  },
];

/** 编码 by hand: whether the answer has the code, switched in or out. */
function CodeSwitch({ item, code }: { item: TextAnswerItem; code: { id: number; name: string } }) {
  const { id } = useResults();
  const tag = useTagTextAnswer();
  return (
    <Permitted action="manageResponses">
      <Switch
        size="small"
        checked={item.codes.includes(code.id)}
        loading={tag.isPending}
        aria-label={`答卷${item.responseId}属于${code.name}`}
        onChange={(included) => tag.mutate({ id, codeId: code.id, responseId: item.responseId, included })}
      />
    </Permitted>
  );
}

/**
 * The answers of one question, paged by the server; searchable when shown in full, or only those containing
 * `word` (a word picked in the 词云), marked where it occurs.
 */
export function TextAnswersTable({
  questionId,
  pageSize: initialSize = 10,
  searchable = true,
  word,
  code,
}: {
  questionId: string;
  pageSize?: number;
  searchable?: boolean;
  word?: string;
  /** 编码: a switch per answer to put it into this code or take it out. */
  code?: { id: number; name: string };
}) {
  const { id, filter } = useResults();
  const [typed, setKeyword] = useState("");
  const keyword = word ?? typed;
  const [page, setPage] = useState({ pageNum: 1, pageSize: initialSize });
  const columns = useMemo(
    () =>
      code
        ? [
            ...columnsFor(keyword),
            {
              title: `属于“${code.name}”`,
              key: "code",
              width: 110,
              render: (_v: unknown, item: TextAnswerItem) => <CodeSwitch item={item} code={code} />,
            },
          ]
        : columnsFor(keyword),
    [keyword, code],
  );
  const query = useTextAnswers(id, { questionId, keyword: keyword || undefined, ...page }, filter);
  return (
    <div className="wj-text-answers" data-testid={`text-answers-${questionId}`}>
      {searchable && word === undefined && (
        <Input.Search
          allowClear
          placeholder="搜索填写内容"
          enterButton="搜索"
          className="wj-text-answers__search"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((old) => ({ ...old, pageNum: 1 }));
          }}
        />
      )}
      <Table<TextAnswerItem>
        size="small"
        rowKey={(item) => `${item.responseId}`}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: keyword ? "没有找到包含该内容的答案" : "暂无填写内容" }}
        pagination={
          searchable || word !== undefined
            ? {
                current: page.pageNum,
                pageSize: page.pageSize,
                total: query.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
              }
            : false
        }
      />
    </div>
  );
}

/** 查看全部 for a question: every answer, searchable and paged, beside the statistics. */
export function TextAnswersDrawer({
  target,
  onClose,
}: {
  target: { questionId: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer open={target !== null} onClose={onClose} size="large" title={target?.title} destroyOnHidden>
      {target && <TextAnswersTable questionId={target.questionId} />}
    </Drawer>
  );
}
