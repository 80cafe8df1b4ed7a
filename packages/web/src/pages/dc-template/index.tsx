import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type QuestionnaireKind,
  questionnaireKindNames,
  questionnaireKinds,
  type TemplateSort,
} from "@wjgj/core";
import {
  App,
  Button,
  Card,
  Empty,
  Input,
  Pagination,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Spin,
  Tabs,
  Tag,
} from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type TemplateQuery, templateKeys, templatesApi } from "../../api/templates.ts";
import "./dc-template.css";

const PAGE_SIZE = 12;
type Tab = "gallery" | "mine";

/** 模板中心: the public gallery with kind/profession filters, search and 最热/最新, and 我的模板. */
export function DcTemplatePage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const initialKind = questionnaireKinds.find((k) => k === search.get("kind"));
  const [tab, setTab] = useState<Tab>(search.get("tab") === "mine" ? "mine" : "gallery");
  const [kind, setKind] = useState<QuestionnaireKind | "">(initialKind ?? "");
  const [professionId, setProfessionId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState("");
  const [sort, setSort] = useState<TemplateSort>("hot");
  const [pageNum, setPageNum] = useState(1);

  const query: TemplateQuery = {
    pageNum,
    pageSize: PAGE_SIZE,
    keyword,
    sort,
    ...(kind ? { kind } : {}),
    ...(professionId ? { professionId } : {}),
  };
  const list = useQuery({
    queryKey: templateKeys.list(tab, query),
    queryFn: () => (tab === "mine" ? templatesApi.mine(query) : templatesApi.gallery(query)),
    placeholderData: keepPreviousData,
  });
  const professions = useQuery({ queryKey: templateKeys.professions, queryFn: templatesApi.professions });
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: templatesApi.remove,
    onSuccess: () => {
      message.success("模板已删除");
      return queryClient.invalidateQueries({ queryKey: ["templates"] });
    },
  });
  const quote = useMutation({
    mutationFn: templatesApi.quote,
    onSuccess: (created) => {
      message.success("已使用模板创建问卷");
      navigate(`/dc/dcDesign?id=${created.id}`);
    },
  });

  const handleFilter = (apply: () => void) => {
    apply();
    setPageNum(1);
  };

  return (
    <div className="wj-template-centre">
      <h1 className="wj-template-centre__title">模板中心</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => handleFilter(() => setTab(key as Tab))}
        tabBarExtraContent={
          tab === "mine" ? (
            <Button type="primary" onClick={() => navigate("/dc/createTemplate")}>
              新建模板
            </Button>
          ) : undefined
        }
        items={[
          { key: "gallery", label: "模板中心" },
          { key: "mine", label: "我的模板" },
        ]}
      />
      <div className="wj-template-centre__filters">
        <Segmented
          aria-label="模板类型"
          value={kind}
          onChange={(value) => handleFilter(() => setKind(value as QuestionnaireKind | ""))}
          options={[
            { label: "全部类型", value: "" },
            ...questionnaireKinds.map((k) => ({ label: questionnaireKindNames[k], value: k })),
          ]}
        />
        <Select
          allowClear
          aria-label="行业"
          placeholder="全部行业"
          className="wj-template-centre__profession"
          value={professionId}
          onChange={(value?: number) => handleFilter(() => setProfessionId(value))}
          options={(professions.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
        />
        <Input.Search
          allowClear
          aria-label="搜索模板"
          placeholder="搜索模板标题、简介或标签"
          className="wj-template-centre__search"
          onSearch={(value) => handleFilter(() => setKeyword(value.trim()))}
        />
        <Radio.Group
          optionType="button"
          value={sort}
          onChange={(e) => handleFilter(() => setSort(e.target.value as TemplateSort))}
          options={[
            { label: "最热", value: "hot" },
            { label: "最新", value: "new" },
          ]}
        />
      </div>
      <Spin spinning={list.isFetching}>
        {list.data && list.data.list.length === 0 ? (
          <Empty
            description={
              tab === "mine"
                ? "还没有模板，可点击“新建模板”，或在问卷设计页“另存为模板”"
                : "没有找到符合条件的模板"
            }
          />
        ) : (
          <div className="wj-template-centre__grid">
            {list.data?.list.map((card) => (
              <Card
                key={card.id}
                className="wj-template-card"
                cover={
                  card.cover ? <img alt="" src={card.cover} className="wj-template-card__cover" /> : undefined
                }
                actions={[
                  <Button
                    key="preview"
                    type="link"
                    onClick={() => navigate(`/questionnaireDetails?id=${card.id}`)}
                  >
                    预览
                  </Button>,
                  <Button
                    key="use"
                    type="link"
                    loading={quote.isPending}
                    onClick={() => quote.mutate(card.id)}
                  >
                    使用
                  </Button>,
                  ...(tab === "mine"
                    ? [
                        <Button
                          key="edit"
                          type="link"
                          onClick={() => navigate(`/dc/createTemplate?id=${card.id}`)}
                        >
                          编辑
                        </Button>,
                        <Popconfirm
                          key="delete"
                          title="删除后无法恢复，确定删除这个模板吗？"
                          okText="删除"
                          okButtonProps={{ danger: true }}
                          cancelText="取消"
                          onConfirm={() => remove.mutateAsync(card.id)}
                        >
                          <Button type="link" danger>
                            删除
                          </Button>
                        </Popconfirm>,
                      ]
                    : []),
                ]}
              >
                <Card.Meta
                  title={<h3 className="wj-template-card__title">{card.title}</h3>}
                  description={card.description}
                />
                <div className="wj-template-card__facts">
                  <Tag>{card.kindName}</Tag>
                  {card.professionName && <Tag>{card.professionName}</Tag>}
                  {tab === "mine" && <Tag color="blue">{card.reviewStateName}</Tag>}
                  {tab === "mine" && card.reviewState === "rejected" && (
                    <span className="wj-template-card__reason">驳回原因：{card.rejectReason}</span>
                  )}
                  <span>{card.questionCount} 题</span>
                  <span>{card.useCount} 次使用</span>
                </div>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      {list.data && list.data.total > PAGE_SIZE && (
        <Pagination
          className="wj-template-centre__pages"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </div>
  );
}
