import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type QuestionnaireKind,
  questionnaireKindNames,
  questionnaireKinds,
  type TemplateCard,
  type TemplateReviewState,
  templateReviewStateNames,
  templateReviewStates,
} from "@wjgj/core";
import {
  App,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import {
  type AdminTemplateQuery,
  adminTemplatesApi,
  templateKeys,
  templatesApi,
} from "../../api/templates.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { EditDialog } from "./components/edit-dialog.tsx";
import { RejectDialog } from "./components/reject-dialog.tsx";
import "./dw-templates.css";

const PAGE_SIZE = 20;

const stateColors: Record<TemplateReviewState, string> = {
  draft: "default",
  pending: "gold",
  approved: "green",
  rejected: "red",
  withdrawn: "default",
};

type Origin = "" | "official" | "user";

/**
 * /dw/templates 模板管理: the review queue first (待审核), then every template by state, kind, profession,
 * origin and keyword; approve or reject with a reason, feature on the home page, edit the metadata, take
 * down or put back, delete. Every change is in the audit log (the server writes it).
 */
export function DwTemplatesPage() {
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [reviewState, setReviewState] = useState<TemplateReviewState | "">("pending");
  const [kind, setKind] = useState<QuestionnaireKind | "">("");
  const [professionId, setProfessionId] = useState<number | undefined>();
  const [origin, setOrigin] = useState<Origin>("");
  const [keyword, setKeyword] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<TemplateCard | null>(null);
  const [editing, setEditing] = useState<TemplateCard | null>(null);

  const query: AdminTemplateQuery = {
    pageNum,
    pageSize: PAGE_SIZE,
    keyword,
    sort: "new",
    ...(reviewState ? { reviewState } : {}),
    ...(kind ? { kind } : {}),
    ...(professionId ? { professionId } : {}),
    ...(origin ? { official: origin === "official" } : {}),
  };
  const list = useQuery({
    queryKey: templateKeys.admin(query),
    queryFn: () => adminTemplatesApi.list(query),
    placeholderData: keepPreviousData,
  });
  const professions = useQuery({ queryKey: templateKeys.professions, queryFn: templatesApi.professions });
  const act = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["templates"] }),
  });

  const handle = (run: () => Promise<unknown>, done: string) => async () => {
    try {
      await act.mutateAsync(run);
      void message.success(done);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const filter = (apply: () => void) => {
    apply();
    setPageNum(1);
  };

  const columns = useMemo<TableColumnsType<TemplateCard>>(
    () => [
      {
        key: "title",
        title: "模板名称",
        width: 240,
        render: (_v, card) => (
          <a href={`/questionnaireDetails?id=${card.id}`} target="_blank" rel="noopener">
            {card.title}
          </a>
        ),
      },
      { key: "kind", title: "类型", width: 100, render: (_v, card) => card.kindName },
      { key: "profession", title: "行业", width: 100, render: (_v, card) => card.professionName || "—" },
      { key: "author", title: "作者", width: 120, render: (_v, card) => card.authorName || "—" },
      {
        key: "state",
        title: "状态",
        width: 160,
        render: (_v, card) => (
          <>
            <Tag color={stateColors[card.reviewState]}>{card.reviewStateName}</Tag>
            {card.featured && <Tag color="magenta">首页推荐</Tag>}
            {card.reviewState === "rejected" && (
              <Typography.Text type="secondary" className="dw-templates__reason">
                {card.rejectReason}
              </Typography.Text>
            )}
          </>
        ),
      },
      { key: "questions", title: "题数", width: 70, render: (_v, card) => card.questionCount },
      { key: "uses", title: "使用", width: 70, render: (_v, card) => card.useCount },
      { key: "updatedAt", title: "更新时间", width: 170, render: (_v, card) => card.updatedAt },
      {
        key: "actions",
        title: "操作",
        fixed: "right",
        width: 300,
        render: (_v, card) => (
          <Space size={0} wrap>
            {card.reviewState === "pending" && (
              <>
                <Button
                  type="link"
                  size="small"
                  onClick={handle(
                    () => adminTemplatesApi.review({ id: card.id, approve: true }),
                    "已通过审核",
                  )}
                >
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => setRejecting(card)}>
                  驳回
                </Button>
              </>
            )}
            {card.reviewState === "approved" && (
              <Button
                type="link"
                size="small"
                onClick={handle(
                  () => adminTemplatesApi.feature(card.id, !card.featured),
                  card.featured ? "已取消首页推荐" : "已推荐到首页",
                )}
              >
                {card.featured ? "取消推荐" : "推荐到首页"}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setEditing(card)}>
              编辑信息
            </Button>
            {card.official && (
              <Button type="link" size="small" href={`/dc/createTemplate?id=${card.id}`}>
                编辑题目
              </Button>
            )}
            {(card.reviewState === "approved" || card.reviewState === "pending") && (
              <Popconfirm
                title="下架后模板中心不再显示该模板。确定下架吗？"
                okText="下架"
                cancelText="取消"
                onConfirm={handle(() => adminTemplatesApi.takeDown(card.id, true), "已下架")}
              >
                <Button type="link" size="small" danger>
                  下架
                </Button>
              </Popconfirm>
            )}
            {card.reviewState === "withdrawn" && card.visibility === "public" && (
              <Button
                type="link"
                size="small"
                onClick={handle(() => adminTemplatesApi.takeDown(card.id, false), "已重新上架")}
              >
                重新上架
              </Button>
            )}
            <Popconfirm
              title="删除后无法恢复，用它创建的问卷不受影响。确定删除吗？"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={handle(() => adminTemplatesApi.remove(card.id), "模板已删除")}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // biome-ignore lint/correctness/useExhaustiveDependencies: handle is rebuilt per render on purpose
    [handle],
  );

  const handleReject = async (reason: string) => {
    if (!rejecting) return;
    const id = rejecting.id;
    const ok = await handle(() => adminTemplatesApi.review({ id, approve: false, reason }), "已驳回")();
    if (ok) setRejecting(null);
  };

  return (
    <section className="dw-templates" data-testid="admin-templates-page">
      <div className="dw-templates__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          模板管理
        </Typography.Title>
      </div>
      <div className="dw-templates__filters">
        <Select
          aria-label="审核状态"
          value={reviewState}
          onChange={(value: TemplateReviewState | "") => filter(() => setReviewState(value))}
          options={[
            { value: "", label: "全部状态" },
            ...templateReviewStates.map((s) => ({ value: s, label: templateReviewStateNames[s] })),
          ]}
          className="dw-templates__select"
        />
        <Select
          aria-label="模板类型"
          value={kind}
          onChange={(value: QuestionnaireKind | "") => filter(() => setKind(value))}
          options={[
            { value: "", label: "全部类型" },
            ...questionnaireKinds.map((k) => ({ value: k, label: questionnaireKindNames[k] })),
          ]}
          className="dw-templates__select"
        />
        <Select
          aria-label="行业"
          allowClear
          placeholder="全部行业"
          value={professionId}
          onChange={(value?: number) => filter(() => setProfessionId(value))}
          options={(professions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          className="dw-templates__select"
        />
        <Select
          aria-label="来源"
          value={origin}
          onChange={(value: Origin) => filter(() => setOrigin(value))}
          options={[
            { value: "", label: "全部来源" },
            { value: "official", label: "官方模板" },
            { value: "user", label: "用户模板" },
          ]}
          className="dw-templates__select"
        />
        <Input.Search
          allowClear
          aria-label="搜索模板"
          placeholder="搜索标题、简介或标签"
          maxLength={50}
          onSearch={(value) => filter(() => setKeyword(value.trim()))}
          className="dw-templates__search"
        />
      </div>
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: reviewState === "pending" ? "没有待审核的模板" : "没有符合条件的模板" }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个模板`,
          onChange: setPageNum,
        }}
      />
      <RejectDialog
        card={rejecting}
        loading={act.isPending}
        onReject={(reason) => void handleReject(reason)}
        onClose={() => setRejecting(null)}
      />
      <EditDialog card={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
