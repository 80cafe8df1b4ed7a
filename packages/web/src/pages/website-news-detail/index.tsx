import { ArrowLeftOutlined, EyeOutlined } from "@ant-design/icons";
import { Alert, Result, Skeleton, Tag } from "antd";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { useNewsDetail } from "../../api/navigation.ts";
import { LinkButton } from "../../components/link-button.tsx";
import { usePageTitle } from "../../website/use-page-title.ts";
import { parseNewsId } from "../website-news/news-state.ts";
import "../website-news/website-news.css";

function NotFound() {
  return (
    <div data-testid="news-not-found">
      <Result
        status="404"
        title="资讯不存在或已下线"
        subTitle="链接可能已失效，去资讯列表看看其他内容吧。"
        extra={
          <LinkButton type="primary" to="/website/resource/news">
            返回资讯列表
          </LinkButton>
        }
      />
    </div>
  );
}

/** 资讯详情 (/website/resource/news/:id/info). */
export function WebsiteNewsDetailPage() {
  const id = parseNewsId(useParams().id);
  const detail = useNewsDetail(id);
  const news = detail.data;

  const missing =
    id === null || (detail.isError && detail.error instanceof ApiError && detail.error.code === 404);
  usePageTitle(news ? news.title : missing ? "资讯不存在或已下线" : null);

  if (missing) return <NotFound />;
  if (detail.isError) {
    return (
      <div className="wj-news-detail">
        <Alert type="error" showIcon message={detail.error.message || "资讯加载失败，请稍后刷新重试"} />
      </div>
    );
  }
  if (!news)
    return (
      <div className="wj-news-detail">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );

  return (
    <article className="wj-news-detail" data-testid="news-detail">
      <Link to="/website/resource/news">
        <ArrowLeftOutlined aria-hidden /> 返回资讯列表
      </Link>
      <h1 className="wj-news-detail__title">{news.title}</h1>
      <div className="wj-news-detail__meta">
        {news.labelName && <Tag color="blue">{news.labelName}</Tag>}
        <time dateTime={news.publishTime.replace(" ", "T")}>发布时间：{news.publishTime}</time>
        <span>
          <EyeOutlined aria-hidden /> 阅读 {news.views}
        </span>
      </div>
      {news.cover && <img className="wj-news-detail__cover" src={news.cover} alt={news.title} />}
      <div
        className="wj-rich-text"
        data-testid="news-content"
        // Safe only because the server sanitises rich text against an allow-list on save (and the seed
        // goes through the same sanitiser); never feed unsanitised text here.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text
        dangerouslySetInnerHTML={{ __html: news.content }}
      />
      <nav className="wj-news-detail__pager" aria-label="上一篇与下一篇">
        <div>
          上一篇：
          {news.prev ? (
            <Link to={`/website/resource/news/${news.prev.id}/info`}>{news.prev.title}</Link>
          ) : (
            "没有了"
          )}
        </div>
        <div>
          下一篇：
          {news.next ? (
            <Link to={`/website/resource/news/${news.next.id}/info`}>{news.next.title}</Link>
          ) : (
            "没有了"
          )}
        </div>
      </nav>
    </article>
  );
}
