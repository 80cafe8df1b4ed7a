import type { TextAnswerItem } from "@wjgj/core";
import { Drawer, Input, Space, Table, type TableColumnsType } from "antd";
import { useState } from "react";
import { useTextAnswers } from "../../../../api/results.ts";
import { useResults } from "../../hooks/results-context.ts";
import { FileLink, ProtectedImage } from "../answers/protected-file.tsx";

function AnswerContent({ item }: { item: TextAnswerItem }) {
  return (
    <div className="wj-text-answer">
      {item.parts.map((part) => (
        <div key={part.key}>
          {part.label && <span className="wj-text-answer__label">{part.label}：</span>}
          <span className="wj-text-answer__text">{part.text}</span>
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

const columns: TableColumnsType<TextAnswerItem> = [
  { title: "答卷编号", dataIndex: "responseId", width: 96 },
  { title: "提交时间", dataIndex: "submittedAt", width: 170 },
  { title: "填写内容", key: "content", render: (_v, item) => <AnswerContent item={item} /> },
];

/** The answers of one question, paged by the server; searchable when shown in full. */
export function TextAnswersTable({
  questionId,
  pageSize: initialSize = 10,
  searchable = true,
}: {
  questionId: string;
  pageSize?: number;
  searchable?: boolean;
}) {
  const { id, filter } = useResults();
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNum: 1, pageSize: initialSize });
  const query = useTextAnswers(id, { questionId, keyword: keyword || undefined, ...page }, filter);
  return (
    <div className="wj-text-answers" data-testid={`text-answers-${questionId}`}>
      {searchable && (
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
          searchable
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
