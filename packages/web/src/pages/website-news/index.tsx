import { EyeOutlined } from "@ant-design/icons";
import { Alert, Empty, Pagination, Skeleton, Tabs } from "antd";
import { useEffect, useReducer } from "react";
import { Link, useSearchParams } from "react-router";
import { type NewsItem, useNewsLabels, useNewsList } from "../../api/navigation.ts";
import { type NewsAction, newsDate, newsReducer, newsSearch, newsStateFromSearch } from "./news-state.ts";
import "./website-news.css";

const ALL_LABELS = "";

function NewsCard({ item }: { item: NewsItem }) {
  const href = `/website/resource/news/${item.id}/info`;
  return (
    <article className="wj-news-card" data-testid="news-card">
      <Link to={href} className="wj-news-card__cover" tabIndex={-1} aria-hidden="true">
        {item.cover ? (
          <img src={item.cover} alt={item.title} loading="lazy" />
        ) : (
          <span className="wj-news-card__cover-text">{item.labelName || "资讯"}</span>
        )}
      </Link>
      <div className="wj-news-card__body">
        {item.labelName && <span className="wj-news-card__label">{item.labelName}</span>}
        <h2 className="wj-news-card__title">
          <Link to={href}>{item.title}</Link>
        </h2>
        <p className="wj-news-card__summary">{item.summary}</p>
        <div className="wj-news-card__meta">
          <time dateTime={newsDate(item.publishTime)}>{newsDate(item.publishTime)}</time>
          <span>
            <EyeOutlined aria-hidden="true" /> 阅读 {item.views}
          </span>
        </div>
      </div>
    </article>
  );
}

/** 资讯 (/website/resource/news): label tabs and the list, 8 per page from page 1 (seed §3, §9). */
export function WebsiteNewsPage() {
  const [params, setParams] = useSearchParams();
  const [state, dispatch] = useReducer(newsReducer, params, newsStateFromSearch);
  // The list's place lives in the address (?label=&page=): a reload, back and forward, or a shared link show
  // the same tab and page. A tab or a page goes to its address; the list follows the address.
  useEffect(() => {
    dispatch({ type: "restore", state: newsStateFromSearch(params) });
  }, [params]);
  const go = (action: NewsAction) => {
    const next = newsReducer(state, action);
    if (next !== state) setParams(newsSearch(next));
  };
  const labels = useNewsLabels();
  const news = useNewsList({
    labelId: state.labelId,
    pageNum: state.pageNumNews,
    pageSize: state.pageSizeNews,
  });
  const total = news.data?.total;

  useEffect(() => {
    if (total !== undefined) dispatch({ type: "loaded", total });
  }, [total]);

  const tabs = [
    { key: ALL_LABELS, label: "全部" },
    ...(labels.data ?? []).map((label) => ({ key: String(label.id), label: label.name })),
  ];

  return (
    <div className="wj-news" data-testid="news-page">
      <header className="wj-news__head">
        <h1>资讯</h1>
        <p>调研方法、行业洞察与产品动态，帮你把每一份问卷做得更好。</p>
      </header>
      <Tabs
        className="wj-news__tabs"
        activeKey={state.labelId}
        items={tabs}
        onChange={(key) => go({ type: "selectLabel", labelId: key })}
      />
      {news.isError ? (
        <Alert type="error" showIcon message="资讯加载失败，请稍后刷新重试" />
      ) : news.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : news.data.list.length === 0 ? (
        <Empty description="该标签下暂无资讯" />
      ) : (
        <div className="wj-news__list" aria-busy={news.isFetching}>
          {news.data.list.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </div>
      )}
      {state.totalNews > state.pageSizeNews && (
        <Pagination
          className="wj-news__pager"
          current={state.pageNumNews}
          pageSize={state.pageSizeNews}
          total={state.totalNews}
          showSizeChanger={false}
          onChange={(pageNum) => {
            go({ type: "changePage", pageNum });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
