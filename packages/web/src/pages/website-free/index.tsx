import { SearchOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TemplateCard } from "@wjgj/core";
import { questionaryKindInfos } from "@wjgj/core";
import { Alert, Button, Empty, Input, Skeleton } from "antd";
import type { FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { usePageTitle } from "../../website/use-page-title.ts";
import { FreePager } from "./free-pager.tsx";
import {
  FREE_PAGE_SIZE,
  FREE_PATH,
  type FreeState,
  filterHref,
  freeHeading,
  freeHref,
  freeQuery,
  parseFreeState,
  templateHref,
} from "./free-state.ts";
import "./website-free.css";

interface FilterLink {
  label: string;
  href: string;
  active: boolean;
}

function FilterRow({ name, links }: { name: string; links: FilterLink[] }) {
  return (
    <div className="wj-free__filter">
      <span className="wj-free__filter-name" id={`wj-free-filter-${name}`}>
        {name}
      </span>
      <ul className="wj-free__filter-links" aria-labelledby={`wj-free-filter-${name}`}>
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className={link.active ? "wj-free__chip wj-free__chip--active" : "wj-free__chip"}
              aria-current={link.active ? "true" : undefined}
              preventScrollReset
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FreeCard({ card }: { card: TemplateCard }) {
  const href = templateHref(card.id);
  return (
    <article className="wj-free-card" data-testid="free-card">
      <Link to={href} className="wj-free-card__cover" tabIndex={-1} aria-hidden="true">
        {card.cover ? (
          <img src={card.cover} alt="" loading="lazy" width={320} height={160} />
        ) : (
          <span>{card.kindName}</span>
        )}
      </Link>
      <div className="wj-free-card__body">
        <h2 className="wj-free-card__title">
          <Link to={href}>{card.title}</Link>
        </h2>
        {card.description ? <p className="wj-free-card__desc">{card.description}</p> : null}
        <p className="wj-free-card__facts">
          <span className="wj-free-card__kind">{card.kindName}</span>
          {card.professionName ? <span>{card.professionName}</span> : null}
          <span>{card.questionCount} 题</span>
          <span>{card.useCount} 次使用</span>
        </p>
      </div>
    </article>
  );
}

/**
 * 免费模板 (/website/free): the public gallery, server-rendered. Filters, search, order and pages all live
 * in the address and are plain links (the search a GET form), so the page works and is crawlable without
 * scripts; with them, React Router follows the same links without reloading.
 */
export function WebsiteFreePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = parseFreeState(search);
  const query = freeQuery(state);
  const list = useQuery({
    queryKey: templateKeys.list("gallery", query),
    queryFn: () => templatesApi.gallery(query),
    placeholderData: keepPreviousData,
  });
  const professions = useQuery({ queryKey: templateKeys.professions, queryFn: templatesApi.professions });
  const professionName = professions.data?.find((p) => p.id === state.profession)?.name;
  const heading = freeHeading(state, professionName);
  usePageTitle(heading === "免费模板" ? null : `${heading} - 免费模板`);

  const kindInfo = questionaryKindInfos.find((info) => info.kind === state.kind);
  const kindLinks: FilterLink[] = [
    { label: "全部", href: filterHref(state, { kind: undefined, category: undefined }), active: !state.kind },
    ...questionaryKindInfos.map((info) => ({
      label: info.name,
      href: filterHref(state, { kind: info.kind, category: undefined }),
      active: state.kind === info.kind,
    })),
  ];
  const categoryLinks: FilterLink[] = kindInfo
    ? [
        { label: "全部", href: filterHref(state, { category: undefined }), active: !state.category },
        ...kindInfo.categories.map((c) => ({
          label: c.name,
          href: filterHref(state, { category: c.id }),
          active: state.category === c.id,
        })),
      ]
    : [];
  const professionLinks: FilterLink[] = [
    { label: "全部", href: filterHref(state, { profession: undefined }), active: !state.profession },
    ...(professions.data ?? []).map((p) => ({
      label: p.name,
      href: filterHref(state, { profession: p.id }),
      active: state.profession === p.id,
    })),
  ];

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
    navigate(filterHref(state, { keyword }));
  };

  return (
    <div className="wj-free" data-testid="free-page">
      <header className="wj-free__head">
        <h1>{heading}</h1>
        <p>
          问卷、考试、表单、投票、满意度与知识竞赛模板，由问卷管家编写并审核，免费使用，一键复制后随意修改。
        </p>
      </header>
      <search>
        <form
          className="wj-free__search"
          action={FREE_PATH}
          method="get"
          onSubmit={handleSearch}
          key={state.keyword}
        >
          {/* Without scripts the form submits the filters it keeps, as hidden fields. */}
          {state.kind ? <input type="hidden" name="kind" value={state.kind} /> : null}
          {state.category ? <input type="hidden" name="category" value={state.category} /> : null}
          {state.profession ? <input type="hidden" name="profession" value={state.profession} /> : null}
          {state.sort !== "hot" ? <input type="hidden" name="sort" value={state.sort} /> : null}
          <Input
            name="keyword"
            type="search"
            defaultValue={state.keyword}
            maxLength={50}
            aria-label="搜索模板"
            placeholder="搜索模板标题、简介或标签"
            allowClear
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
            搜索
          </Button>
        </form>
      </search>
      <nav className="wj-free__filters" aria-label="模板筛选">
        <FilterRow name="类型" links={kindLinks} />
        {categoryLinks.length > 0 ? <FilterRow name="场景" links={categoryLinks} /> : null}
        <FilterRow name="行业" links={professionLinks} />
        <FilterRow
          name="排序"
          links={[
            { label: "最热", href: filterHref(state, { sort: "hot" }), active: state.sort === "hot" },
            { label: "最新", href: filterHref(state, { sort: "new" }), active: state.sort === "new" },
          ]}
        />
      </nav>
      {state.keyword ? (
        <p className="wj-free__searching">
          {`“${state.keyword}”的搜索结果${list.data ? `，共 ${list.data.total} 个` : ""}`}
          <Link to={filterHref(state, { keyword: "" })}>清除搜索</Link>
        </p>
      ) : null}
      {list.isError ? (
        <Alert type="error" showIcon message={list.error.message || "模板加载失败，请稍后刷新重试"} />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.data.list.length === 0 ? (
        <Empty description="没有找到符合条件的模板">
          <Link to={FREE_PATH}>查看全部模板</Link>
        </Empty>
      ) : (
        <div className="wj-free__grid" aria-busy={list.isFetching}>
          {list.data.list.map((card) => (
            <FreeCard key={card.id} card={card} />
          ))}
        </div>
      )}
      {list.data ? (
        <FreePager
          page={state.page}
          pages={Math.ceil(list.data.total / FREE_PAGE_SIZE)}
          hrefOf={(page: number) => freeHref(state, { page } satisfies Partial<FreeState>)}
        />
      ) : null}
    </div>
  );
}
