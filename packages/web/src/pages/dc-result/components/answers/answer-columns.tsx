import type { AnswerSort, AnswerSummary, ReviewDecision, SurveyDefinition } from "@wjgj/core";
import { getQuestionType, richTextToPlain } from "@wjgj/core";
import { formatDuration } from "@wjgj/core/results/durations";
import { Button, Space, type TableColumnsType, Tag, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import { type AnswerAction, actionsFor } from "./answer-actions.tsx";
import { ReviewRowActions, ReviewTag } from "./review-controls.tsx";

const reviewCell = (_v: unknown, row: AnswerSummary) => <ReviewTag review={row.review} />;

const statusColors = { valid: "green", invalid: "orange", deleted: "default" } as const;

/** The table's sortable columns and the list sorts they stand for. */
const sortFields = {
  submittedAt: ["timeAsc", "timeDesc"],
  durationSeconds: ["durationAsc", "durationDesc"],
  score: ["scoreAsc", "scoreDesc"],
} as const satisfies Record<string, readonly [AnswerSort, AnswerSort]>;
type SortField = keyof typeof sortFields;

export function sortOf(field: unknown, order: SortOrder | undefined): AnswerSort {
  if (!order || typeof field !== "string" || !(field in sortFields)) return "timeDesc";
  const [asc, desc] = sortFields[field as SortField];
  return order === "ascend" ? asc : desc;
}

function orderOf(sort: AnswerSort, field: SortField): SortOrder | null {
  const [asc, desc] = sortFields[field];
  return sort === asc ? "ascend" : sort === desc ? "descend" : null;
}

/** The first few answerable questions get a column of their own, as a quick look at each response. */
function leadingQuestions(definition: SurveyDefinition, count: number) {
  const list: { id: string; title: string }[] = [];
  for (const page of definition.pages)
    for (const question of page.questions)
      if (list.length < count && getQuestionType(question.type)?.answerable)
        list.push({ id: question.id, title: `${list.length + 1}. ${richTextToPlain(question.title)}` });
  return list;
}

export function answerColumns(options: {
  definition: SurveyDefinition;
  exam: boolean;
  sort: AnswerSort;
  onOpen: (row: AnswerSummary) => void;
  onAction: (action: AnswerAction, row: AnswerSummary) => void;
  /** Keep 操作 in view while scrolling sideways; on a phone it would cover half the table. */
  fixActions: boolean;
  /** The caller's role may delete, restore and mark responses; without it the column offers 查看 only. */
  manage: boolean;
  /** 审核 in use (issue #41): a 审核状态 column and, when the role manages responses, 通过 / 拒绝 per row. */
  review?: { onReview: (decision: ReviewDecision, responseIds: number[]) => void } | undefined;
}): TableColumnsType<AnswerSummary> {
  const { exam, sort, onOpen, onAction, fixActions, manage } = options;
  return [
    // The response's own number (AnswerSummary.seq), as in the exported files: not its row on this page.
    { title: "序号", dataIndex: "seq", width: 70 },
    {
      title: "提交时间",
      dataIndex: "submittedAt",
      width: 170,
      sorter: true,
      sortOrder: orderOf(sort, "submittedAt"),
      sortDirections: ["descend", "ascend"],
    },
    {
      title: "用时",
      dataIndex: "durationSeconds",
      width: 100,
      sorter: true,
      sortOrder: orderOf(sort, "durationSeconds"),
      render: (value: number) => formatDuration(value),
    },
    { title: "来源", dataIndex: "sourceName", width: 90 },
    { title: "IP", dataIndex: "ip", width: 130, render: (value: string) => value || "-" },
    ...(exam
      ? [
          {
            title: "得分",
            dataIndex: "score",
            width: 90,
            sorter: true,
            sortOrder: orderOf(sort, "score"),
            render: (value: number | null, row: AnswerSummary) =>
              value === null ? "-" : `${value}${row.maxScore === null ? "" : ` / ${row.maxScore}`}`,
          },
        ]
      : []),
    ...leadingQuestions(options.definition, 3).map((question) => ({
      title: <Typography.Text ellipsis={{ tooltip: question.title }}>{question.title}</Typography.Text>,
      key: `q:${question.id}`,
      width: 160,
      ellipsis: true,
      render: (_v: unknown, row: AnswerSummary) => row.texts[question.id] ?? "",
    })),
    {
      title: "状态",
      dataIndex: "statusName",
      width: 80,
      render: (value: string, row) => (
        <Space size={2}>
          <Tag color={statusColors[row.status]}>{value}</Tag>
          {row.endState === "screenedOut" && <Tag>甄别</Tag>}
        </Space>
      ),
    },
    ...(options.review ? [{ title: "审核状态", key: "review", width: 100, render: reviewCell }] : []),
    {
      title: "操作",
      key: "actions",
      width: manage ? (options.review ? 300 : 190) : 80,
      fixed: fixActions ? "right" : undefined,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(row)}>
            查看
          </Button>
          {(manage ? actionsFor[row.status] : []).map((item) => (
            <Button
              key={item.action}
              type="link"
              size="small"
              danger={item.danger}
              onClick={(event) => {
                event.stopPropagation();
                onAction(item.action, row);
              }}
            >
              {item.label}
            </Button>
          ))}
          {manage && options.review && <ReviewRowActions row={row} onReview={options.review.onReview} />}
        </Space>
      ),
    },
  ];
}
